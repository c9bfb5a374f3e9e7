import type { Context } from 'hono';
import * as v from 'valibot';
import { verifyBillingSignature } from '../services/billing/event-signature';
import { commonRefusals, type Refusal } from '../services/refusal';

/**
 * The body of a server-to-server call signed over its exact bytes (the order site's billing events,
 * the VPN servers' usage batches; one scheme, services/billing/event-signature.ts): the signature is
 * checked before anything is parsed, then the JSON against its schema. Returns the parsed body and
 * the bytes it was read from.
 */
export async function signedJsonBodyOf<Schema extends v.GenericSchema>(
  c: Context,
  options: {
    secret: string;
    headers: { timestamp: string; signature: string };
    schema: Schema;
    now: Date;
    refusals: { invalidSignature: () => Refusal; stale: () => Refusal };
  },
): Promise<{ value: v.InferOutput<Schema>; text: string }> {
  const text = await c.req.text();
  const verdict = verifyBillingSignature({
    secret: options.secret,
    body: text,
    timestamp: c.req.header(options.headers.timestamp),
    signature: c.req.header(options.headers.signature),
    now: options.now,
  });
  if (verdict === 'invalid') throw options.refusals.invalidSignature();
  if (verdict === 'stale') throw options.refusals.stale();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw commonRefusals.malformedJson();
  }
  const parsed = v.safeParse(options.schema, raw);
  if (!parsed.success) {
    const [issue] = parsed.issues;
    const path = v.getDotPath(issue);
    throw commonRefusals.validation(`${path ? `${path}: ` : ''}${issue.message}`);
  }
  return { value: parsed.output, text };
}
