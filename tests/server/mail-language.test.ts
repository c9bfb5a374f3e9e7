// @vitest-environment node
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../contract/locales';
import { pendingAccounts, users } from '../../server/db/schema';
import { negotiateLocale } from '../../server/mail/i18n';
import { commonMessages, passwordResetMessages, verificationMessages } from '../../server/mail/messages';
import { readPoTranslations } from '../../server/mail/po';
import { passwordResetMail, verificationMail } from '../../server/mail/templates';
import { clientAddresses, startTestPortal, type TestPortal } from './support';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

const client = clientAddresses();

const signUp = (email: string, acceptLanguage: string) =>
  portal.request('/api/account/create-pending-account', {
    json: { email },
    address: client(),
    headers: { 'accept-language': acceptLanguage },
  });

const resend = (email: string, acceptLanguage: string) =>
  portal.request('/api/account/resend-email-verification-code', {
    json: { email },
    address: client(),
    headers: { 'accept-language': acceptLanguage },
  });

const forgotPassword = (email: string, acceptLanguage: string) =>
  portal.request('/api/password/forgot', {
    json: { email },
    address: client(),
    headers: { 'accept-language': acceptLanguage },
  });

async function mailTo(email: string) {
  const mail = await portal.newestMailTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The reset mail is written after the answer: wait for it to reach the outbox. */
async function resetMailTo(email: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = await portal.newestMailTo(email);
    if (mail?.textBody.includes('/password/reset/')) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}

const codeIn = (text: string) => /^(\d{6})$/m.exec(text)?.[1];
const verifyLink = (email: string) => `${portal.env.publicOrigin}/verify-email?email=${encodeURIComponent(email)}`;
const resetLinkPattern = () => new RegExp(`${portal.env.publicOrigin}/password/reset/[A-Za-z0-9_-]{43}`);
const later = (seconds: number) => {
  portal.clock.current = new Date(portal.clock.current.getTime() + seconds * 1000);
};

/** Text left in `{braces}` means a placeholder was not filled in. */
const leftoverPlaceholder = /[{}]/;

describe('the language of mails', () => {
  it('writes the verification mail of a German browser in German, with the code and the link', async () => {
    const email = 'anna@example.de';
    expect((await signUp(email, 'de-DE,de;q=0.9,en;q=0.8')).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Ihr Bestätigungscode für Bondline');
    expect(mail.textBody).toContain('Der Code ist 5 Minuten lang gültig.');
    const code = codeIn(mail.textBody);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.textBody).toContain(verifyLink(email));
    expect(mail.htmlBody).toContain('<html lang="de" dir="ltr">');
    expect(mail.htmlBody).toContain(`>${code}</p>`);
    expect(mail.htmlBody).toContain(`href="${verifyLink(email)}"`);
    expect(mail.htmlBody).toContain('Bestätigungsseite öffnen');
    const [pending] = await portal.db.select().from(pendingAccounts).where(eq(pendingAccounts.email, email));
    expect(pending?.locale).toBe('de');
  });

  it('writes Arabic mails right to left', async () => {
    const email = 'layla@example.com';
    await signUp(email, 'ar-EG,ar;q=0.9');
    const mail = await mailTo(email);
    expect(mail.htmlBody).toContain('<html lang="ar" dir="rtl">');
    expect(mail.htmlBody).toContain('dir="rtl"');
    expect(mail.subject).toBe('رمز التحقق الخاص بك في Bondline');
    expect(mail.htmlBody).toContain(`<bdi>${portal.env.supportEmail}</bdi>`);
  });

  it('falls back to English for a language the portal does not speak, or no header at all', async () => {
    await signUp('kai@example.com', 'xx-YY, *;q=0.5');
    expect((await mailTo('kai@example.com')).subject).toBe('Your Bondline verification code');
    await portal.request('/api/account/create-pending-account', {
      json: { email: 'no.header@example.com' },
      address: client(),
    });
    const mail = await mailTo('no.header@example.com');
    expect(mail.subject).toBe('Your Bondline verification code');
    expect(mail.htmlBody).toContain('<html lang="en" dir="ltr">');
  });

  it('keeps the sign-up language when the code is resent from a browser in another language', async () => {
    const email = 'claire@example.fr';
    await signUp(email, 'fr-FR');
    later(31);
    expect((await resend(email, 'ja-JP')).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Votre code de vérification Bondline');
    expect(mail.textBody).toContain(verifyLink(email));
  });

  it('takes the language of the newest sign-up when someone signs up again', async () => {
    const email = 'pablo@example.es';
    await signUp(email, 'de');
    later(31);
    await signUp(email, 'es-MX,es;q=0.9');
    expect((await mailTo(email)).subject).toBe('Tu código de verificación de Bondline');
  });

  it('keeps the language on the account, and writes its reset mail in it', async () => {
    const email = 'olga@example.com';
    await signUp(email, 'uk-UA,uk;q=0.9,ru;q=0.8');
    const code = codeIn((await mailTo(email)).textBody) ?? '';
    const finalized = await portal.request('/api/account/finalize-account-creation-request', {
      json: { email, verificationCode: code, password: 'a brand new secret' },
      address: client(),
    });
    expect(finalized.status).toBe(201);
    const [account] = await portal.db.select().from(users).where(eq(users.email, email));
    expect(account?.locale).toBe('uk');

    later(1);
    expect((await forgotPassword(email, 'en-US')).status).toBe(202);
    const mail = await resetMailTo(email);
    expect(mail.subject).toBe('Скидання пароля Bondline');
    expect(mail.textBody).toMatch(resetLinkPattern());
    expect(mail.textBody).toContain('Посилання дійсне одну годину і лише один раз.');
    expect(mail.htmlBody).toContain('<html lang="uk" dir="ltr">');
  });

  it('writes the reset mail of an account with no language in the language of the request', async () => {
    const email = 'no.language@example.com';
    await portal.createUser(email, 'an existing password');
    await forgotPassword(email, 'sv-SE,sv;q=0.9');
    const mail = await resetMailTo(email);
    expect(mail.subject).toBe('Återställ ditt lösenord för Bondline');
    expect(mail.htmlBody).toContain('<html lang="sv" dir="ltr">');
  });

  it.each(locales)(
    'renders both mails in %s, every placeholder filled, with the code and the links',
    async (locale) => {
      const email = `reader.${locale.toLowerCase()}@example.com`;
      expect((await signUp(email, locale)).status).toBe(200);
      const verification = await mailTo(email);
      const code = codeIn(verification.textBody);
      expect(code).toMatch(/^\d{6}$/);
      expect(verification.htmlBody).toContain(`>${code}</p>`);
      expect(verification.textBody).toContain(verifyLink(email));
      expect(verification.htmlBody).toContain(`href="${verifyLink(email)}"`);

      await portal.createUser(`account.${locale.toLowerCase()}@example.com`, 'an existing password');
      await forgotPassword(`account.${locale.toLowerCase()}@example.com`, locale);
      const reset = await resetMailTo(`account.${locale.toLowerCase()}@example.com`);
      const resetLink = resetLinkPattern().exec(reset.textBody)?.[0];
      expect(resetLink).toBeDefined();
      expect(reset.htmlBody).toContain(`href="${resetLink}"`);

      for (const mail of [verification, reset]) {
        expect(mail.htmlBody).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
        for (const part of [mail.subject, mail.textBody, mail.htmlBody]) {
          expect(part).not.toMatch(leftoverPlaceholder);
          expect(part).not.toContain('\uE000');
        }
        expect(mail.subject).toContain('Bondline');
        expect(mail.textBody).toContain(portal.env.supportEmail);
      }
    },
  );
});

describe('the mail catalogs', () => {
  const descriptors = [
    ...Object.values(verificationMessages),
    ...Object.values(passwordResetMessages),
    ...Object.values(commonMessages),
  ];

  it.each(locales.filter((locale) => locale !== 'en'))('translate every mail message into %s', (locale) => {
    const translations = readPoTranslations(readFileSync(`locales/${locale}/mail.po`, 'utf8'));
    for (const descriptor of descriptors) {
      const translation = translations[descriptor.id];
      expect(translation, `${locale}: ${descriptor.id}`).toBeTruthy();
      expect(translation, `${locale}: ${descriptor.id} is still English`).not.toBe(descriptor.message);
      for (const placeholder of descriptor.message?.match(/\{\w+(?=\s*[,}])/g) ?? []) {
        expect(translation, `${locale}: ${descriptor.id} lost ${placeholder}`).toContain(placeholder);
      }
    }
  });

  it('renders outside a request too, for every locale', () => {
    const env = { productName: 'Acme & Co', publicOrigin: 'https://portal.example', supportEmail: 'help@example.com' };
    for (const locale of locales) {
      const verification = verificationMail(env, locale, 'a+b@example.com', '042042');
      const reset = passwordResetMail(env, locale, 'a+b@example.com', 'x'.repeat(43));
      expect(verification.html).toContain('Acme &amp; Co');
      expect(verification.html).not.toContain('Acme & Co');
      expect(verification.text).toContain('https://portal.example/verify-email?email=a%2Bb%40example.com');
      expect(reset.text).toContain(`https://portal.example/password/reset/${'x'.repeat(43)}`);
    }
  });
});

describe('choosing the language from Accept-Language', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-GB;q=0.5, fr-CA', 'fr'],
    ['pt-BR', 'pt'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-TW', 'en'],
    ['zh-TW, zh;q=0.5', 'zh-CN'],
    ['nn-NO', 'nb'],
    ['no', 'nb'],
    ['ar;q=0, ja', 'ja'],
    ['*', 'en'],
    ['', 'en'],
    ['tlh', 'en'],
  ])('%s → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('with no header at all → en', () => {
    expect(negotiateLocale(undefined)).toBe('en');
  });
});
