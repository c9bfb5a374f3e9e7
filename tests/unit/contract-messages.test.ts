import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { AccountCreationMessage } from '../../contract/account-creation';
import { AuthMessage } from '../../contract/auth';
import { DeviceMessage } from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import { FederatedSignInMessage } from '../../contract/federated-sign-in';
import { LinkedSignInMessage } from '../../contract/linked-sign-ins';
import { locales } from '../../contract/locales';
import { PasskeyMessage } from '../../contract/passkeys';
import { PasswordMessage } from '../../contract/password';
import { PhoneMessage } from '../../contract/phone';
import { QrSignInMessage } from '../../contract/qr-sign-in';
import { RecentSignInMessage } from '../../contract/recent-sign-in';
import { RouterMessage } from '../../contract/routers';
import { SecondFactorMessage } from '../../contract/second-factor-messages';
import { SessionMessage } from '../../contract/sessions';
import { StatsMessage } from '../../contract/stats';
import { SubscriptionMessage } from '../../contract/subscriptions';
import { TeamMessage } from '../../contract/teams';
import { refusal, unexplained } from '../../machines/support/refusal';
import { codeTexts, contractMessageText, type RefusalBook, refusalText } from '../../src/lib/contract-messages';
import { fieldErrorText } from '../../src/lib/validation-messages';

/** Every book of the registry, by the file it lives in (the catalogues name it so). */
const books = Object.entries(
  import.meta.glob<Record<string, RefusalBook>>('../../src/lib/refusals/*.ts', { eager: true }),
).map(([path, exports]) => {
  const [book, ...others] = Object.values(exports);
  if (!book || others.length > 0) throw new Error(`${path} exports one book`);
  return { file: path.replace('../../', ''), book };
});

const bookMessages = books.flatMap(({ file, book }) =>
  Object.entries(book).flatMap(([code, texts]) =>
    Object.entries(texts ?? {}).map(([message, text]) => ({ file, code, message, text })),
  ),
);

const codes = Object.values(ErrorCode);
const sourceOf = (text: MessageDescriptor) => text.message ?? '';

/** The contract's messages that reach no page of the portal, and why. */
const notShownByThePortal: Record<string, string> = {
  [TeamMessage.apiKeyMissing]: "the teams' own API clients",
  [TeamMessage.apiKeyRefused]: "the teams' own API clients",
  [TeamMessage.apiKeyAddressRefused]: "the teams' own API clients",
  [DeviceMessage.pollTokenMissing]: "the devices' own poll",
  [StatsMessage.batchIdInvalid]: "the servers' statistics ingestion",
  [StatsMessage.batchTooLarge]: "the servers' statistics ingestion",
  [StatsMessage.batchEmpty]: "the servers' statistics ingestion",
  [StatsMessage.timeInvalid]: "the servers' statistics ingestion",
  [StatsMessage.bytesInvalid]: "the servers' statistics ingestion",
  [StatsMessage.intervalInvalid]: "the servers' statistics ingestion",
  [StatsMessage.unknownDevice]: "the servers' statistics ingestion",
  [StatsMessage.unknownServer]: "the servers' statistics ingestion",
  [StatsMessage.inTheFuture]: "the servers' statistics ingestion",
  [StatsMessage.signatureInvalid]: "the servers' statistics ingestion",
  [StatsMessage.signatureStale]: "the servers' statistics ingestion",
  [StatsMessage.batchIdReused]: "the servers' statistics ingestion",
  [StatsMessage.ingestionOff]: "the servers' statistics ingestion",
  // The reports page checks its range and its device before it asks (contract/report-filter.ts).
  [StatsMessage.rangeMissing]: 'the reports page asks only with a range it checked',
  [StatsMessage.rangeMalformed]: 'the reports page asks only with a range it checked',
  [StatsMessage.rangeReversed]: 'the reports page asks only with a range it checked',
  [StatsMessage.rangeTooLong]: 'the reports page asks only with a range it checked',
  [StatsMessage.deviceMissing]: 'the reports page asks only for a device of its list',
  [PasswordMessage.resetRequested]: "no refusal: the forgot-password page's own confirmation",
  [PasswordMessage.resetFailed]: "no refusal: the reset page's own words, which the server does not send",
  [FederatedSignInMessage.linkMailSent]: 'no refusal: federated-sign-in.messages.ts words it',
};

/** The sign-in and sign-up forms' own checks: src/lib/validation-messages.ts translates them. */
const formChecks = [
  AuthMessage.emailInvalid,
  AuthMessage.passwordRequired,
  AccountCreationMessage.passwordTooShort,
  AccountCreationMessage.passwordTooLong,
  AccountCreationMessage.passwordRequired,
  AccountCreationMessage.emailsDiffer,
  AccountCreationMessage.passwordsDiffer,
];

const contractMessages = [
  AccountCreationMessage,
  AuthMessage,
  DeviceMessage,
  FederatedSignInMessage,
  LinkedSignInMessage,
  PasskeyMessage,
  PasswordMessage,
  PhoneMessage,
  QrSignInMessage,
  RecentSignInMessage,
  RouterMessage,
  SecondFactorMessage,
  SessionMessage,
  StatsMessage,
  SubscriptionMessage,
  TeamMessage,
].flatMap((messages) => Object.values(messages));

describe('the registry of refusals', () => {
  it('has a text for every code of the contract', () => {
    for (const code of codes) expect(sourceOf(codeTexts[code]), code).not.toBe('');
    expect(Object.keys(codeTexts).sort()).toEqual([...codes].sort());
  });

  it('files every message of its books under a code of the contract, with a text', () => {
    for (const { code, message, text } of bookMessages) {
      expect(codes, message).toContain(code);
      expect(sourceOf(text), message).not.toBe('');
    }
  });

  it('knows every message of the contract that a page of the portal can meet', () => {
    const known = new Set([
      ...bookMessages.map(({ message }) => message),
      // Codes of one message each, whose text is that message (e-mail taken, an expired code…).
      ...codes.map((code) => sourceOf(codeTexts[code])),
      ...formChecks,
    ]);
    const unknown = contractMessages.filter((message) => !known.has(message) && !(message in notShownByThePortal));
    expect(unknown).toEqual([]);
  });

  it("has the forms' own checks translated, as the server's validation would refuse them", async () => {
    const { activateLocale } = await import('../../src/lib/i18n');
    const i18n = setupI18n();
    await activateLocale('de', i18n);
    for (const message of formChecks) expect(fieldErrorText(i18n, message), message).not.toBe(message);
  });
});

describe('a refusal in the reader’s words', () => {
  const english = setupI18n({ locale: 'en', messages: { en: {} } });
  const unavailable = msg`We could not do this right now. Please try again later.`;
  const seatsFull = bookMessages.find(({ message }) => message === TeamMessage.seatsFull);
  const german = setupI18n({
    locale: 'de',
    messages: {
      de: {
        [codeTexts[ErrorCode.teamRefused].id]: 'Das Team erlaubt diese Änderung nicht.',
        [seatsFull?.text.id ?? '']: 'Alle Plätze sind belegt.',
        [unavailable.id]: 'Das ging gerade nicht.',
      },
    },
  });

  it('says the text of a message the registry knows, under its code or another', () => {
    expect(refusalText(german, refusal(ErrorCode.teamRefused, TeamMessage.seatsFull), { unavailable })).toBe(
      'Alle Plätze sind belegt.',
    );
    expect(contractMessageText(german, TeamMessage.seatsFull)).toBe('Alle Plätze sind belegt.');
  });

  it("says a message nobody translated in its code's words, and to an English reader as the server sent it", () => {
    const newOne = refusal(ErrorCode.teamRefused, 'Teams are closed on Sundays.');
    expect(refusalText(german, newOne, { unavailable })).toBe('Das Team erlaubt diese Änderung nicht.');
    expect(refusalText(english, newOne, { unavailable })).toBe('Teams are closed on Sundays.');
  });

  it('says a failure nobody explained, or a code the contract does not have, in the screen’s words', () => {
    expect(refusalText(german, unexplained, { unavailable })).toBe('Das ging gerade nicht.');
    expect(refusalText(german, refusal('teapot', 'I am a teapot.'), { unavailable })).toBe('Das ging gerade nicht.');
  });

  it('says how long a rate limit lasts, in whole minutes, where the server said', () => {
    const rateLimited = (retryAfterSeconds: number | null) =>
      refusalText(english, refusal(ErrorCode.rateLimited, null, { retryAfterSeconds }), { unavailable });
    expect(rateLimited(61)).toBe('Too many attempts. You can try again in 2 minutes.');
    expect(rateLimited(30)).toBe('Too many attempts. You can try again in 1 minute.');
    expect(rateLimited(null)).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it("reads a validation refusal's message after the field it names", () => {
    expect(
      refusalText(german, refusal(ErrorCode.validation, `teamName: ${TeamMessage.seatsFull}`), { unavailable }),
    ).toBe('Alle Plätze sind belegt.');
  });

  it("says a screen's own words for a code where it has them", () => {
    const instead = { [ErrorCode.teamRefused]: msg`Not with this plan.` };
    expect(refusalText(english, refusal(ErrorCode.teamRefused, TeamMessage.seatsFull), { unavailable, instead })).toBe(
      'Not with this plan.',
    );
  });
});

/** A language's catalogues as extracted: each message's translation, and the files that use it. */
function catalogueOf(locale: string) {
  const entries = new Map<string, { translation: string; references: string[] }[]>();
  const folder = join('locales', locale);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.po'))) {
    for (const item of PO.parse(readFileSync(join(folder, file), 'utf8')).items) {
      if (item.msgctxt) continue;
      const found = entries.get(item.msgid) ?? [];
      found.push({ translation: item.msgstr.join(''), references: item.references });
      entries.set(item.msgid, found);
    }
  }
  return entries;
}

/**
 * Every text of the registry, with the file that holds it: the catalogue that file belongs to
 * (lingui.config.ts) must translate it. Fails until the catalogues are extracted and translated.
 */
const registryTexts = [
  ...codes.map((code) => ({ file: 'src/lib/contract-messages.ts', source: sourceOf(codeTexts[code]) })),
  {
    file: 'src/lib/contract-messages.ts',
    source:
      '{minutes, plural, one {Too many attempts. You can try again in # minute.} other {Too many attempts. You can try again in # minutes.}}',
  },
  ...bookMessages.map(({ file, text }) => ({ file, source: sourceOf(text) })),
];

describe.each(locales)('the %s catalogues', (locale) => {
  const catalogue = catalogueOf(locale);

  it('translate every text of the registry where it is used', () => {
    const missing = registryTexts.filter(
      ({ file, source }) =>
        !catalogue
          .get(source)
          ?.some(({ translation, references }) => translation !== '' && references.some((path) => path === file)),
    );
    expect(missing.map(({ file, source }) => `${file}: ${source}`)).toEqual([]);
  });
});
