import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { billingEventToleranceSeconds, billingSignatureHeaders } from '../../contract/billing';
import { receiveBillingEvent } from '../../contract/calls/billing';
import { ingestStatsBatch } from '../../contract/calls/stats';
import { ErrorBody, ErrorCode } from '../../contract/errors';
import type { Access, AnswerBody, CallDeclaration, Method, RateLimit } from '../../contract/http';
import { statsSignatureHeaders } from '../../contract/stats';
import { sessionCookieNameOf } from './middleware';
import { statusOfCode } from './refusals';

/**
 * The OpenAPI 3.1 document of the API (issue 23), built from the call declarations of
 * contract/calls alone: whatever is declared is documented, and nothing else.
 */

type Json = Record<string, unknown>;
type Schema = v.GenericSchema;

export type OpenApiOptions = {
  /** The portal's public origin, the document's one server. */
  publicOrigin: string;
  /** The API's version; the package's version when not given. */
  version?: string;
};

export const openApiTitle = 'Bondline account portal API';

/** The accesses whose calls need the session cookie before anything else is read (server/http/calls.ts). */
const sessionAccess = new Set<Access>(['session', 'owner', 'adminOrOwner', 'member']);

const accessInWords: Record<Access, string> = {
  visitor: 'Anyone may call it: no session is needed.',
  session: 'Needs a signed-in session (the session cookie).',
  owner: 'Needs the session of the owner of the subscription named in the path.',
  adminOrOwner: "Needs the session of an admin or the owner of the subscription's team.",
  member: 'Needs the session of a member of the team named in the path or body.',
  apiKey: "Needs a team API key in `x-api-key`, sent from an address on the key's allow-list. No session.",
  signedServer:
    'Only for our own servers: the exact bytes of the body are signed with HMAC-SHA256 (see *Signed calls* above). No session.',
  device:
    'For a device (the VPN app) with no session: it proves itself by its activation code, then by its poll token.',
  waitingBrowser:
    'Only the browser that started the waiting sign-in (a QR code, or a provider sign-in waiting for consent to link), by the cookie it was given then.',
  secondStep: 'Only a sign-in waiting for its second step, by the cookie the first step set.',
};

/**
 * The two kinds of signed calls: one scheme (server/http/signed-body.ts), each with its own headers
 * and secret, so each is its own security scheme (an OpenAPI apiKey scheme names one header).
 */
const signedCalls = [
  {
    path: receiveBillingEvent.path,
    scheme: 'signedBillingEvent',
    headers: billingSignatureHeaders,
    secret: 'BILLING_WEBHOOK_SECRET',
    what: "the order site's billing events",
  },
  {
    path: ingestStatsBatch.path,
    scheme: 'signedUsageBatch',
    headers: statsSignatureHeaders,
    secret: 'STATS_INGEST_SECRET',
    what: "the VPN servers' usage batches",
  },
] as const;

/** A worked example of a signed call: every value fixed, the signature computed from them. */
export type SignatureExample = {
  path: string;
  secret: string;
  timestampSeconds: number;
  body: string;
  headers: { timestamp: string; signature: string };
  signature: string;
};

const exampleSecret = 'example-secret-do-not-use';
/** 2026-11-01T12:00:00Z. */
const exampleTimestampSeconds = 1793534400;
const exampleBodies: Record<(typeof signedCalls)[number]['path'], string> = {
  [receiveBillingEvent.path]: JSON.stringify({
    id: 'evt_example_0001',
    type: 'subscription.renewed',
    data: { referenceId: 'sub_example_42' },
  }),
  [ingestStatsBatch.path]: JSON.stringify({
    batchId: 'vpn-fra-1:2026-11-01T12:00:00Z',
    serverId: '0b6f7a52-3c1e-4d8a-9f2b-5e7c1a9d4b30',
    tunnelEvents: [{ at: '2026-11-01T11:58:12Z', device: '5d2c9e1a-7b4f-4a3e-8c6d-2f1e0a9b8c7d', type: 'connect' }],
  }),
};

/**
 * The worked examples of the document's description, computed here with node:crypto as
 * signed-body.ts checks them (`v1=` hex HMAC-SHA256 of `${timestamp}.${body}`), on purpose not with
 * the server's own signing function: tests/server/openapi.test.ts verifies them with the server's
 * verification, so the two are checked against each other.
 */
export function signatureExamples(): SignatureExample[] {
  return signedCalls.map(({ path, headers }) => {
    const body = exampleBodies[path];
    const hmac = createHmac('sha256', exampleSecret).update(`${exampleTimestampSeconds}.${body}`).digest('hex');
    return {
      path,
      secret: exampleSecret,
      timestampSeconds: exampleTimestampSeconds,
      body,
      headers,
      signature: `v1=${hmac}`,
    };
  });
}

const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const methodOrder: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Builds the document from declarations by their export names (contract/calls/index.ts). */
export function openApiDocument(calls: Record<string, CallDeclaration>, options: OpenApiOptions): Json {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, Json>> = {};
  // A module namespace lists its exports by name: the reference reads better by path, tags by name.
  const entries = Object.entries(calls).sort(([, a], [, b]) =>
    a.path === b.path ? methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method) : a.path < b.path ? -1 : 1,
  );
  const tags = [...new Set(entries.map(([, call]) => call.tag))].sort();
  for (const [name, call] of entries) {
    const operations = paths[call.path] ?? {};
    paths[call.path] = operations;
    operations[call.method.toLowerCase()] = operationOf(name, call, components);
  }
  return {
    openapi: '3.1.0',
    info: { title: openApiTitle, version: options.version ?? packageVersion(), description: documentDescription() },
    servers: [{ url: options.publicOrigin }],
    tags: tags.map((tag) => ({ name: tag })),
    paths,
    components: { schemas: components.schemas, securitySchemes: securitySchemes() },
  };
}

function operationOf(name: string, call: CallDeclaration, components: SchemaComponents): Json {
  const parameters = [
    ...pathParametersOf(call, components, name),
    ...queryParametersOf(call, components, name),
    ...signatureParametersOf(call),
  ];
  const operation: Json = {
    operationId: name,
    summary: call.summary,
    description: operationDescription(call),
    tags: [call.tag],
    security: securityOf(call),
  };
  if (parameters.length > 0) operation.parameters = parameters;
  if (call.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: components.convert(call.body, `${name}Body`) } },
    };
  }
  operation.responses = { ...answersOf(call, components, name), ...refusalsOf(call) };
  return operation;
}

function operationDescription(call: CallDeclaration): string {
  const facts = [`**Access.** ${accessInWords[call.access]}`];
  if (call.recentSignIn) {
    facts.push(
      '**Needs a recent sign-in.** A session whose sign-in is older than 10 minutes is refused with 403 `recent_sign_in_required` until the person confirms it is them.',
    );
  }
  if (call.rateLimits?.length) {
    const limits = call.rateLimits.map(rateLimitInWords).join('; ');
    facts.push(
      `**Rate limits.** ${limits.charAt(0).toUpperCase()}${limits.slice(1)}. Past a limit: 429 with Retry-After.`,
    );
  }
  return [call.description, ...facts].filter(Boolean).join('\n\n');
}

function rateLimitInWords(limit: RateLimit): string {
  return `at most ${limit.limit} per ${limit.per} in ${durationInWords(limit.windowSeconds)}`;
}

function durationInWords(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds % size === 0) {
      const count = seconds / size;
      return count === 1 ? `a ${unit}` : `${count} ${unit}s`;
    }
  }
  return seconds === 1 ? 'a second' : `${seconds} seconds`;
}

function securityOf(call: CallDeclaration): Json[] {
  if (sessionAccess.has(call.access)) return [{ session: [] }];
  if (call.access === 'apiKey') return [{ apiKey: [] }];
  if (call.access === 'signedServer') {
    const signed = signedCalls.find((signedCall) => signedCall.path === call.path);
    // A signed call of another path is described in words only: its headers are not known here.
    return signed ? [{ [signed.scheme]: [] }] : [];
  }
  // A visitor needs nothing; a device, a waiting browser and a second step prove themselves by what
  // their access's words say, which no security scheme describes.
  return [];
}

const pathParamNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

function pathParametersOf(call: CallDeclaration, components: SchemaComponents, name: string): Json[] {
  const declared = call.params?.entries ?? {};
  return pathParamNames(call.path).map((param) => {
    const entry = declared[param];
    return {
      name: param,
      in: 'path',
      required: true,
      schema: entry ? components.convert(entry, `${name}Param${param}`) : { type: 'string' },
    };
  });
}

function queryParametersOf(call: CallDeclaration, components: SchemaComponents, name: string): Json[] {
  if (!call.query) return [];
  // The object as a whole says which entries are required (optional, nullish, with defaults…).
  const object = components.convert(call.query, `${name}Query`);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.keys(call.query.entries).map((param) => {
    const schema = (properties[param] ?? {}) as Json;
    const { description, ...rest } = schema;
    return {
      name: param,
      in: 'query',
      required: required.has(param),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function signatureParametersOf(call: CallDeclaration): Json[] {
  const signed = call.access === 'signedServer' && signedCalls.find((signedCall) => signedCall.path === call.path);
  if (!signed) return [];
  return [
    {
      name: signed.headers.timestamp,
      in: 'header',
      required: true,
      description: `The Unix time of signing, in whole seconds; within ${billingEventToleranceSeconds / 60} minutes of the portal's clock.`,
      schema: { type: 'string', pattern: '^\\d{1,12}$' },
    },
  ];
}

const statusPhrases: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  301: 'Moved permanently',
  302: 'Found',
  303: 'See other',
  307: 'Temporary redirect',
};

function answersOf(call: CallDeclaration, components: SchemaComponents, name: string): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(call.answers) as [string, AnswerBody][]) {
    const description = statusPhrases[Number(status)] ?? 'Success';
    if (answer === null) responses[status] = { description };
    else if ('mediaType' in answer) {
      responses[status] = { description, content: { [answer.mediaType]: { schema: { type: 'string' } } } };
    } else {
      const schema = components.convert(answer, `${name}${status}`);
      responses[status] = { description, content: { 'application/json': { schema } } };
    }
  }
  return responses;
}

/** What every refusal of one status answers: `{ error, message }`, with the call's codes of that status. */
function refusalsOf(call: CallDeclaration): Record<string, Json> {
  const codes = new Set<ErrorCode>(call.refusals ?? []);
  if (call.body || call.query || call.params) codes.add(ErrorCode.validation);
  if (call.body) codes.add(ErrorCode.malformedJson);
  if (sessionAccess.has(call.access)) codes.add(ErrorCode.unauthorized);
  if (call.recentSignIn) codes.add(ErrorCode.recentSignInRequired);
  if (call.rateLimits?.length) codes.add(ErrorCode.rateLimited);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOfCode[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (String(status) in call.answers) continue;
    const retryAfter = statusCodes.includes(ErrorCode.rateLimited) || statusCodes.includes(ErrorCode.serviceBusy);
    responses[String(status)] = {
      description: `Refused: ${statusCodes.map((code) => `\`${code}\``).join(', ')}.`,
      ...(retryAfter
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again.',
                schema: { type: 'integer', minimum: 0 },
              },
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ErrorBody' },
              { type: 'object', properties: { error: { enum: statusCodes } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}

/**
 * valibot to JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as the client sends it and the
 * server answers it: the input side of each pipe. What cannot be converted (a transform, a check)
 * is left out rather than thrown: the schema then says less than valibot checks, never more. Any
 * definitions a schema needs (`v.lazy`) move to components, where its `$ref`s can reach them.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {
    ErrorBody: this.convertAlone(ErrorBody, 'ErrorBody'),
  };

  convert(schema: Schema, owner: string): Json {
    return this.convertAlone(schema, owner) as Json;
  }

  private convertAlone(schema: Schema, owner: string): JsonSchema {
    const prefix = `${owner.replace(/[^A-Za-z0-9._-]/g, '_')}_`;
    let converted: JsonSchema;
    try {
      converted = toJsonSchema(schema, {
        target: 'draft-2020-12',
        typeMode: 'input',
        errorMode: 'ignore',
        overrideRef: ({ referenceId }) => `#/components/schemas/${prefix}${referenceId}`,
      });
    } catch {
      // errorMode 'ignore' should never throw; should a future schema make it, the document still builds.
      return {};
    }
    const { $schema: _dialect, $defs, ...rest } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, definition] of Object.entries($defs ?? {})) this.schemas[`${prefix}${id}`] = definition;
    return rest;
  }
}

function securitySchemes(): Json {
  const schemes: Json = {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieNameOf({ production: false }),
      description: `The session cookie, set by signing in. In production it is named \`${sessionCookieNameOf({ production: true })}\` (Secure, for this host only). HttpOnly: a page's scripts never read it.`,
    },
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description:
        "A team's API key, made by the team's owner or an admin; each key admits only the addresses on its allow-list.",
    },
  };
  for (const signed of signedCalls) {
    schemes[signed.scheme] = {
      type: 'apiKey',
      in: 'header',
      name: signed.headers.signature,
      description: `The signature of ${signed.what}: \`v1=\` and the lowercase hex HMAC-SHA256, keyed with \`${signed.secret}\`, of the timestamp in \`${signed.headers.timestamp}\`, a dot and the exact body. See *Signed calls*.`,
    };
  }
  return schemes;
}

function documentDescription(): string {
  const session = sessionCookieNameOf({ production: false });
  const productionSession = sessionCookieNameOf({ production: true });
  const examples = signatureExamples();
  const toleranceMinutes = billingEventToleranceSeconds / 60;
  return [
    'The API of the Bondline account portal: the calls its own pages make, the team API for integrators, and the calls our own servers sign.',
    '',
    '## Session',
    '',
    `Signing in sets the session cookie \`${session}\` (in production \`${productionSession}\`: Secure, for this host only). It is HttpOnly and SameSite=Lax. A call that changes anything must come from the portal's own pages (the browser's \`Sec-Fetch-Site: same-origin\`, or an \`Origin\` of the portal): calls from other sites are refused with 403 \`cross_origin_refused\`. Bodies are JSON (\`Content-Type: application/json\`), at most 64 KB.`,
    '',
    '## Team API keys',
    '',
    "The team API answers a team's API key in the `x-api-key` header, sent from an address on that key's allow-list; it needs no session. Each key is limited in how often it is used (429 with Retry-After).",
    '',
    '## Signed calls',
    '',
    `Two calls come from our own servers, not from people: ${examples.map((example) => `\`POST ${example.path}\``).join(' and ')}. Each signs the exact bytes of its JSON body with a shared secret: the signature is \`v1=\` followed by the lowercase hex HMAC-SHA256, keyed with the secret, of the Unix time in whole seconds, a dot, and the body: \`HMAC-SHA256(secret, "\${timestamp}.\${body}")\`. The timestamp goes in one header and the signature in another. The portal checks the signature over the bytes it received first (401 \`invalid_signature\`, also for a missing or malformed header), then that the timestamp is within ${toleranceMinutes} minutes of its clock either way (401 \`stale_event\`), then the JSON. Sign the bytes you send: re-serialising the JSON after signing breaks the signature.`,
    '',
    ...examples.flatMap((example) => {
      const signed = signedCalls.find((signedCall) => signedCall.path === example.path);
      return [
        `### Example: ${signed?.what ?? example.path}`,
        '',
        `With the secret \`${example.secret}\` (the portal's \`${signed?.secret}\`) at Unix time ${example.timestampSeconds} (${new Date(example.timestampSeconds * 1000).toISOString()}), the signed text is \`${example.timestampSeconds}.\` followed by the body exactly as below (no line break at its end):`,
        '',
        '```http',
        `POST ${example.path} HTTP/1.1`,
        'Content-Type: application/json',
        `${example.headers.timestamp}: ${example.timestampSeconds}`,
        `${example.headers.signature}: ${example.signature}`,
        '',
        example.body,
        '```',
        '',
      ];
    }),
    'In a shell:',
    '',
    '```sh',
    `signature="v1=$(printf '%s.%s' "$timestamp" "$body" | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)"`,
    '```',
    '',
    '## Refusals',
    '',
    'Every refusal answers `{ "error": code, "message": text }`: `error` is a stable code to act on, `message` a sentence for people. Each call lists the codes it may answer, by status. A body, query or path that does not validate answers 400 `validation_failed`.',
  ].join('\n');
}
