/**
 * `npm run billing:event -- <type> field=value … [--url http://localhost:3000] [--id <event id>]`:
 * signs an event as the order site does and sends it to a running portal, then prints the answer.
 * The secret is BILLING_WEBHOOK_SECRET, or the development default outside production.
 *
 *   npm run billing:event -- subscription.created referenceId=trial-1 \
 *     accountEmail=individual@demo.bondline.example planCode=personal-yearly
 *   npm run billing:event -- subscription.renewed referenceId=trial-1
 *   npm run billing:event -- subscription.expired referenceId=trial-1
 *
 * Field values that are whole numbers or true/false are sent as such (quantity, blackfriday24Eligible).
 */
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { api } from '../contract/api';
import { BillingEvent, billingSignatureHeaders } from '../contract/billing';
import { developmentBillingWebhookSecret, signBillingEvent } from '../server/services/billing/event-signature';

const usage =
  'usage: npm run billing:event -- subscription.created|subscription.renewed|subscription.expired field=value … [--url URL] [--id ID]';

function fieldValue(text: string): string | number | boolean {
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string', default: process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
      id: { type: 'string', default: `evt_${crypto.randomUUID()}` },
    },
  });
  const [type, ...fields] = positionals;
  if (!type) {
    console.error(usage);
    return 2;
  }
  const data: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const separator = field.indexOf('=');
    if (separator < 1) {
      console.error(`not a field=value pair: ${field}\n${usage}`);
      return 2;
    }
    data[field.slice(0, separator)] = fieldValue(field.slice(separator + 1));
  }
  const event = { id: values.id, type, data };
  // Checked here too, so a typo is explained before anything is sent.
  const checked = v.safeParse(BillingEvent, event);
  if (!checked.success) {
    for (const issue of checked.issues) console.error(`${v.getDotPath(issue) ?? 'event'}: ${issue.message}`);
    return 2;
  }

  const secret = process.env.BILLING_WEBHOOK_SECRET || developmentBillingWebhookSecret;
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(new URL(api.billingEvents, values.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [billingSignatureHeaders.timestamp]: String(timestamp),
      [billingSignatureHeaders.signature]: signBillingEvent(secret, timestamp, body),
    },
    body,
  });
  console.log(`${response.status} ${response.statusText}`);
  console.log(await response.text());
  return response.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The event could not be sent:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
