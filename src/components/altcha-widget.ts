/**
 * The ALTCHA widget, loaded only when the sign-up check is shown (src/components/bot-check.tsx).
 * `altcha/external` is the build for a strict Content-Security-Policy: its styles come from a
 * stylesheet rather than an inline <style>, and its proof-of-work worker is registered here as a
 * same-origin file rather than started from a blob: URL.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

/** Gives the widget the portal's own (translated) strings for a language. */
/** @public Read through the bot check's dynamic import of this module. */
export function setAltchaStrings(language: string, strings: Record<string, string>): void {
  const fallback = globalThis.$altcha.i18n.get('en') ?? {};
  globalThis.$altcha.i18n.set(language, { ...fallback, ...strings });
}
