import { expect } from '@playwright/test';
import { mailboxUrl } from './ports';
import type { ReceivedMail } from './smtp-sink';

export type { ReceivedMail };

/** A fresh address per test, so parallel tests never read each other's mail. */
export function freshAddress(label: string): string {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${label}-${unique}@e2e.bondline.example`;
}

/** Every mail the sink received for `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The SMTP sink answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Waits for the `count`-th mail to `address` (the portal sends its outbox every 2 s) and returns
 * it. Polls every 100 ms.
 */
export async function waitForMail(address: string, { count = 1, timeout = 15_000 } = {}): Promise<ReceivedMail> {
  let mails: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(address);
        return mails.length;
      },
      { message: `mail number ${count} to ${address}`, timeout, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(count);
  const mail = mails[count - 1];
  if (!mail) throw new Error(`mail number ${count} to ${address} vanished`);
  return mail;
}

/** The 6-digit code, on a line of its own in the text part. */
export function codeIn(mail: ReceivedMail): string {
  const code = mail.text.match(/^\s*(\d{6})\s*$/m)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail "${mail.subject}":\n${mail.text}`);
  return code;
}

/** The first link in the text part whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}":\n${mail.text}`);
}
