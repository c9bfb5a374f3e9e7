import { verificationCodeLifetimeSeconds } from '../../contract/account-creation';
import { identityLinkLifetimeSeconds } from '../../contract/federated-sign-in';
import type { Locale } from '../../contract/locales';
import { resetTokenLifetimeSeconds } from '../../contract/password';
import { invitationLifetimeSeconds } from '../../contract/teams';
import type { Env } from '../env';
import type { Mail } from '../services/outbox';
import { directionOf, type Translate, translatorFor } from './i18n';
import {
  commonMessages,
  identityChangedMessages,
  identityLinkMessages,
  passwordChangedMessages,
  passwordResetMessages,
  secondFactorChangedMessages,
  teamAccountMessages,
  teamInvitationMessages,
  verificationMessages,
} from './messages';

type MailEnv = Pick<Env, 'productName' | 'publicOrigin' | 'supportEmail'>;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Stands for an e-mail address in a translated sentence until the address is set in its own <bdi>. */
const addressMark = '\uE000';

/** A block of the HTML body; text is escaped here, never trusted. */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'link'; href: string; label: string }
  | { kind: 'note'; text: string; address?: string };

const blockStyles = {
  paragraph: 'margin:0 0 16px;font-size:16px;line-height:1.5',
  code: 'margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:ui-monospace,Menlo,Consolas,monospace',
  link: 'display:inline-block;padding:12px 20px;border-radius:8px;background:#0b5cad;color:#ffffff;text-decoration:none;font-weight:bold',
  note: 'margin:0 0 12px;font-size:14px;line-height:1.5;color:#555555',
};

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${blockStyles.paragraph}">${escapeHtml(block.text)}</p>`;
    case 'code':
      // The code reads left to right in every language.
      return `<p dir="ltr" style="${blockStyles.code}">${escapeHtml(block.code)}</p>`;
    case 'link':
      return `<p style="margin:0 0 24px"><a href="${escapeHtml(block.href)}" style="${blockStyles.link}">${escapeHtml(block.label)}</a></p>`;
    case 'note': {
      // An address keeps its left-to-right order inside right-to-left text.
      const address = block.address ? `<bdi>${escapeHtml(block.address)}</bdi>` : '';
      return `<p style="${blockStyles.note}">${escapeHtml(block.text).replace(addressMark, address)}</p>`;
    }
  }
}

/** A whole HTML document, in the reader's language and writing direction. */
function htmlDocument(locale: Locale, subject: string, blocks: Block[]): string {
  const dir = directionOf(locale);
  // dir and lang on the wrapper as well: some mail clients drop the <html> element.
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic',sans-serif">
<div lang="${locale}" dir="${dir}" style="max-width:560px;margin:0 auto;text-align:${dir === 'rtl' ? 'right' : 'left'}">
${blocks.map(renderBlock).join('\n')}
</div>
</body>
</html>`;
}

/** The last line of every mail: where to write with questions. */
function supportLine(t: Translate, locale: Locale, supportEmail: string) {
  // Unicode isolates do for plain text what <bdi> does for HTML.
  const isolated = directionOf(locale) === 'rtl' ? `\u2068${supportEmail}\u2069` : supportEmail;
  return {
    text: t(commonMessages.support, { supportEmail: isolated }),
    html: {
      kind: 'note',
      text: t(commonMessages.support, { supportEmail: addressMark }),
      address: supportEmail,
    } as const,
  };
}

/** The mail with the code that confirms a new account's address, with a link to the page that takes it. */
/**
 * A mail whose point is one link: the introduction, the link (as text and as a button), how long
 * it works, a note, and the support line. Reset, invitation and "choose your password" mails.
 */
function linkMail(
  t: Translate,
  locale: Locale,
  supportEmail: string,
  mail: {
    to: string;
    subject: string;
    intro: string;
    openLink: string;
    href: string;
    linkLabel: string;
    lifetime: string;
    note: string;
  },
): Mail {
  const support = supportLine(t, locale, supportEmail);
  const { intro, openLink, href, lifetime, note } = mail;
  return {
    to: mail.to,
    subject: mail.subject,
    text: [intro, '', openLink, href, '', lifetime, '', note, '', support.text].join('\n'),
    html: htmlDocument(locale, mail.subject, [
      { kind: 'paragraph', text: intro },
      { kind: 'link', href, label: mail.linkLabel },
      { kind: 'paragraph', text: lifetime },
      { kind: 'note', text: note },
      support.html,
    ]),
  };
}

export function verificationMail(env: MailEnv, locale: Locale, email: string, code: string): Mail {
  const t = translatorFor(locale);
  const link = `${env.publicOrigin}/verify-email?email=${encodeURIComponent(email)}`;
  const { productName, supportEmail } = env;
  const minutes = Math.round(verificationCodeLifetimeSeconds / 60);
  const subject = t(verificationMessages.subject, { productName });
  const intro = t(verificationMessages.intro, { productName });
  const lifetime = t(verificationMessages.lifetime, { minutes });
  const ignore = t(verificationMessages.ignore);
  const support = supportLine(t, locale, supportEmail);
  return {
    to: email,
    subject,
    text: [intro, '', code, '', lifetime, t(verificationMessages.openPage), link, '', ignore, '', support.text].join(
      '\n',
    ),
    html: htmlDocument(locale, subject, [
      { kind: 'paragraph', text: intro },
      { kind: 'code', code },
      { kind: 'paragraph', text: lifetime },
      { kind: 'link', href: link, label: t(verificationMessages.linkLabel) },
      { kind: 'note', text: ignore },
      support.html,
    ]),
  };
}

/** The mail with a one-hour, single-use link to choose a new password. */
export function passwordResetMail(env: MailEnv, locale: Locale, email: string, token: string): Mail {
  const t = translatorFor(locale);
  const { productName, supportEmail } = env;
  return linkMail(t, locale, supportEmail, {
    to: email,
    subject: t(passwordResetMessages.subject, { productName }),
    intro: t(passwordResetMessages.intro, { productName }),
    openLink: t(passwordResetMessages.openLink),
    href: `${env.publicOrigin}/password/reset/${encodeURIComponent(token)}`,
    linkLabel: t(passwordResetMessages.linkLabel),
    lifetime: t(passwordResetMessages.lifetime, { hours: Math.round(resetTokenLifetimeSeconds / 3600) }),
    note: t(passwordResetMessages.ignore),
  });
}

/**
 * A mail that tells the owner of a change to the account: what changed, and if it was not them, the
 * way back in (the forgot-password page).
 */
function changeNoticeMail(
  env: MailEnv,
  t: Translate,
  locale: Locale,
  mail: { to: string; subject: string; intro: string; notYou: string; linkLabel: string; itWasYou: string },
): Mail {
  const forgot = `${env.publicOrigin}/password/forgot`;
  const support = supportLine(t, locale, env.supportEmail);
  const { subject, intro, notYou, itWasYou } = mail;
  return {
    to: mail.to,
    subject,
    text: [intro, '', notYou, forgot, '', itWasYou, '', support.text].join('\n'),
    html: htmlDocument(locale, subject, [
      { kind: 'paragraph', text: intro },
      { kind: 'paragraph', text: notYou },
      { kind: 'link', href: forgot, label: mail.linkLabel },
      { kind: 'note', text: itWasYou },
      support.html,
    ]),
  };
}

/** Tells the owner that the account's password changed, with a way back in if it was not them. */
export function passwordChangedMail(env: MailEnv, locale: Locale, email: string): Mail {
  const t = translatorFor(locale);
  const { productName } = env;
  return changeNoticeMail(env, t, locale, {
    to: email,
    subject: t(passwordChangedMessages.subject, { productName }),
    intro: t(passwordChangedMessages.intro, { productName }),
    notYou: t(passwordChangedMessages.notYou),
    linkLabel: t(passwordChangedMessages.linkLabel),
    itWasYou: t(passwordChangedMessages.itWasYou),
  });
}

/** The link with which the account's owner consents to linking a provider's sign-in (30 minutes, once). */
export function identityLinkMail(
  env: MailEnv,
  locale: Locale,
  email: string,
  providerName: string,
  token: string,
): Mail {
  const t = translatorFor(locale);
  const { productName, supportEmail } = env;
  return linkMail(t, locale, supportEmail, {
    to: email,
    subject: t(identityLinkMessages.subject, { providerName, productName }),
    intro: t(identityLinkMessages.intro, { providerName, productName }),
    openLink: t(identityLinkMessages.openLink, { providerName }),
    href: `${env.publicOrigin}/auth/link/${encodeURIComponent(token)}`,
    linkLabel: t(identityLinkMessages.linkLabel, { providerName }),
    lifetime: t(identityLinkMessages.lifetime, { minutes: Math.round(identityLinkLifetimeSeconds / 60) }),
    note: t(identityLinkMessages.ignore),
  });
}

/** Tells the owner that a provider's sign-in was linked to or removed from the account, with a way back in. */
export function identityChangedMail(
  env: MailEnv,
  locale: Locale,
  email: string,
  change: { kind: 'linked' | 'unlinked'; providerName: string },
): Mail {
  const t = translatorFor(locale);
  const values = { productName: env.productName, providerName: change.providerName };
  const linked = change.kind === 'linked';
  return changeNoticeMail(env, t, locale, {
    to: email,
    subject: t(linked ? identityChangedMessages.linkedSubject : identityChangedMessages.unlinkedSubject, values),
    intro: t(linked ? identityChangedMessages.linkedIntro : identityChangedMessages.unlinkedIntro, values),
    notYou: t(identityChangedMessages.notYou),
    linkLabel: t(identityChangedMessages.linkLabel),
    itWasYou: t(identityChangedMessages.itWasYou),
  });
}

/** Tells the owner that two-step sign-in was turned on or off, or that a recovery code was used. */
export function secondFactorChangedMail(
  env: MailEnv,
  locale: Locale,
  email: string,
  change:
    | { kind: 'enabled' }
    | { kind: 'disabled' }
    | { kind: 'recoveryCodeUsed'; remaining: number }
    | { kind: 'passkeyAdded'; passkeyName: string },
): Mail {
  const t = translatorFor(locale);
  const { productName } = env;
  const messages = secondFactorChangedMessages;
  const wording = {
    enabled: [messages.enabledSubject, messages.enabledIntro],
    disabled: [messages.disabledSubject, messages.disabledIntro],
    recoveryCodeUsed: [messages.recoveryCodeUsedSubject, messages.recoveryCodeUsedIntro],
    passkeyAdded: [messages.passkeyAddedSubject, messages.passkeyAddedIntro],
  } as const;
  const [subject, intro] = wording[change.kind];
  const values = {
    productName,
    remaining: 'remaining' in change ? change.remaining : 0,
    passkeyName: 'passkeyName' in change ? change.passkeyName : '',
  };
  return changeNoticeMail(env, t, locale, {
    to: email,
    subject: t(subject, values),
    intro: t(intro, values),
    notYou: t(secondFactorChangedMessages.notYou),
    // The same way back in, and words, as the mail about a linked sign-in.
    linkLabel: t(identityChangedMessages.linkLabel),
    itWasYou: t(identityChangedMessages.itWasYou),
  });
}

/** The invitation of a person who has an account: a link with the single-use code, bound to this address. */
export function teamInvitationMail(env: MailEnv, locale: Locale, email: string, teamName: string, code: string): Mail {
  const t = translatorFor(locale);
  const { productName, supportEmail } = env;
  return linkMail(t, locale, supportEmail, {
    to: email,
    subject: t(teamInvitationMessages.subject, { teamName, productName }),
    intro: t(teamInvitationMessages.intro, { teamName, productName }),
    openLink: t(teamInvitationMessages.openLink),
    href: `${env.publicOrigin}/team-accept-invitation?code=${encodeURIComponent(code)}`,
    linkLabel: t(teamInvitationMessages.linkLabel),
    lifetime: t(teamInvitationMessages.lifetime, { days: Math.round(invitationLifetimeSeconds / 86_400) }),
    note: t(teamInvitationMessages.ignore),
  });
}

/**
 * The mail to a person whose account a team's admin created without a password: a password reset
 * link (the same page and tokens as a reset) that lasts `lifetimeSeconds`.
 */
export function teamAccountMail(
  env: MailEnv,
  locale: Locale,
  email: string,
  teamName: string,
  token: string,
  lifetimeSeconds: number,
): Mail {
  const t = translatorFor(locale);
  const { productName, supportEmail } = env;
  return linkMail(t, locale, supportEmail, {
    to: email,
    subject: t(teamAccountMessages.subject, { teamName, productName }),
    intro: t(teamAccountMessages.intro, { teamName, productName }),
    openLink: t(teamAccountMessages.openLink),
    href: `${env.publicOrigin}/password/reset/${encodeURIComponent(token)}`,
    linkLabel: t(teamAccountMessages.linkLabel),
    lifetime: t(teamAccountMessages.lifetime, { days: Math.round(lifetimeSeconds / 86_400) }),
    note: t(teamAccountMessages.noPasswordYet),
  });
}
