/**
 * `npm run openapi:check`: builds the OpenAPI document from the call declarations, as the portal
 * serves it at /api/openapi.json, and validates it as OpenAPI 3.1. Writes nothing; exits non-zero
 * on any problem, so a declaration that makes a broken document fails before it is merged.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import * as calls from '../contract/calls/index';
import { openApiDocument } from '../server/http/openapi';

async function main(): Promise<number> {
  const document = openApiDocument(calls, { publicOrigin: 'https://portal.example' });
  // The parser dereferences what it validates: give it a copy, and JSON as served.
  const result = await validate(JSON.parse(JSON.stringify(document)));
  if (!result.valid) {
    console.error(compileErrors(result));
    return 1;
  }
  for (const warning of result.warnings) console.warn(`warning: ${warning.message}`);
  const operations = Object.values(document.paths as Record<string, object>).reduce<number>(
    (count, operationsOfPath) => count + Object.keys(operationsOfPath).length,
    0,
  );
  console.log(`OpenAPI document valid: ${operations} operations.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
