import type { MessageDescriptor } from '@lingui/core';

/*
 * Every sentence of the portal's e-mails. The server runs without Babel, so these are plain message
 * descriptors rather than macros: the `i18n` comment marks each for `lingui extract` (catalog
 * locales/{locale}/mail.po), and server/mail/i18n.ts translates them at run time. Ids are explicit
 * (the extractor needs one); the English text is the `message`.
 */

export const verificationMessages = {
  subject: /*i18n*/ {
    id: 'verification.subject',
    message: 'Your {productName} verification code',
    comment: 'Subject of the e-mail with the six-digit code that confirms a new account’s address.',
  },
  intro: /*i18n*/ {
    id: 'verification.intro',
    message: 'Here is the code to finish creating your {productName} account:',
    comment: 'Followed by the six-digit code on a line of its own.',
  },
  lifetime: /*i18n*/ {
    id: 'verification.lifetime',
    message: '{minutes, plural, one {The code works for # minute.} other {The code works for # minutes.}}',
  },
  openPage: /*i18n*/ {
    id: 'verification.openPage',
    message: 'Enter it on the page where you signed up, or open this link:',
    comment: 'Plain-text mail: followed by the address of the verification page on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'verification.linkLabel',
    message: 'Open the verification page',
    comment: 'HTML mail: the text of the link to the page where the code is entered.',
  },
  ignore: /*i18n*/ {
    id: 'verification.ignore',
    message: 'If you did not ask to create an account, ignore this e-mail: no account is created without the code.',
  },
} satisfies Record<string, MessageDescriptor>;

export const passwordResetMessages = {
  subject: /*i18n*/ {
    id: 'reset.subject',
    message: 'Reset your {productName} password',
  },
  intro: /*i18n*/ {
    id: 'reset.intro',
    message: 'Someone asked to reset the password of your {productName} account.',
  },
  openLink: /*i18n*/ {
    id: 'reset.openLink',
    message: 'To choose a new password, open this link:',
    comment: 'Plain-text mail: followed by the reset link on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'reset.linkLabel',
    message: 'Choose a new password',
    comment: 'HTML mail: the text of the reset link.',
  },
  lifetime: /*i18n*/ {
    id: 'reset.lifetime',
    message:
      '{hours, plural, =1 {The link works for one hour, and only once.} other {The link works for # hours, and only once.}}',
  },
  ignore: /*i18n*/ {
    id: 'reset.ignore',
    message: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The notice that an account's password changed, by a reset or by its owner signed in. */
export const passwordChangedMessages = {
  subject: /*i18n*/ {
    id: 'passwordChanged.subject',
    message: 'Your {productName} password was changed',
  },
  intro: /*i18n*/ {
    id: 'passwordChanged.intro',
    message:
      'The password of your {productName} account was just changed, and every other device and browser was signed out.',
  },
  notYou: /*i18n*/ {
    id: 'passwordChanged.notYou',
    message: 'If you did not change it, ask for a new password now, and check that your e-mail account is secure:',
    comment: 'Plain-text mail: followed by the link to the forgot-password page on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'passwordChanged.linkLabel',
    message: 'Reset my password',
    comment: 'HTML mail: the text of the link to the forgot-password page.',
  },
  itWasYou: /*i18n*/ {
    id: 'passwordChanged.itWasYou',
    message: 'If it was you, there is nothing more to do.',
  },
} satisfies Record<string, MessageDescriptor>;

export const teamInvitationMessages = {
  subject: /*i18n*/ {
    id: 'teamInvitation.subject',
    message: 'Join the team {teamName} on {productName}',
    comment:
      'Subject of the e-mail that invites a person with an account to a team; {teamName} is the name its owner gave it.',
  },
  intro: /*i18n*/ {
    id: 'teamInvitation.intro',
    message: 'You are invited to join the team {teamName} on {productName}.',
  },
  openLink: /*i18n*/ {
    id: 'teamInvitation.openLink',
    message: 'To accept, sign in with this e-mail address and open this link:',
    comment: 'Plain-text mail: followed by the invitation link on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'teamInvitation.linkLabel',
    message: 'Accept the invitation',
    comment: 'HTML mail: the text of the invitation link.',
  },
  lifetime: /*i18n*/ {
    id: 'teamInvitation.lifetime',
    message: '{days, plural, one {The invitation works for # day.} other {The invitation works for # days.}}',
  },
  ignore: /*i18n*/ {
    id: 'teamInvitation.ignore',
    message: 'If you do not want to join this team, ignore this e-mail.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The mail to a person whose account a team's admin created without a password. */
export const teamAccountMessages = {
  subject: /*i18n*/ {
    id: 'teamAccount.subject',
    message: 'Your {productName} account in the team {teamName}',
  },
  intro: /*i18n*/ {
    id: 'teamAccount.intro',
    message:
      'An account with this e-mail address was created for you and added to the team {teamName} on {productName}.',
  },
  openLink: /*i18n*/ {
    id: 'teamAccount.openLink',
    message: 'To choose your password, open this link:',
    comment: 'Plain-text mail: followed by the link on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'teamAccount.linkLabel',
    message: 'Choose your password',
    comment: 'HTML mail: the text of the link to the page where the password is chosen.',
  },
  lifetime: /*i18n*/ {
    id: 'teamAccount.lifetime',
    message:
      '{days, plural, one {The link works for # day, and only once.} other {The link works for # days, and only once.}}',
  },
  noPasswordYet: /*i18n*/ {
    id: 'teamAccount.noPasswordYet',
    message: 'Until a password is chosen, no one can sign in to this account.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The link with which the owner of an account consents to linking a provider's sign-in to it (issue 21). */
export const identityLinkMessages = {
  subject: /*i18n*/ {
    id: 'identityLink.subject',
    message: 'Link your {providerName} sign-in to your {productName} account',
    comment: '{providerName} is the sign-in provider: Google, Microsoft, or a company’s name.',
  },
  intro: /*i18n*/ {
    id: 'identityLink.intro',
    message:
      'Someone signed in with {providerName} using this e-mail address and asked to link that sign-in to your {productName} account.',
  },
  openLink: /*i18n*/ {
    id: 'identityLink.openLink',
    message: 'To link it, so that you can sign in with {providerName} from now on, open this link:',
    comment: 'Plain-text mail: followed by the link on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'identityLink.linkLabel',
    message: 'Link my {providerName} sign-in',
    comment: 'HTML mail: the text of the link that consents to linking the sign-in.',
  },
  lifetime: /*i18n*/ {
    id: 'identityLink.lifetime',
    message:
      '{minutes, plural, one {The link works for # minute, and only once.} other {The link works for # minutes, and only once.}}',
  },
  ignore: /*i18n*/ {
    id: 'identityLink.ignore',
    message: 'If it was not you, ignore this e-mail: nothing is linked without the link.',
  },
} satisfies Record<string, MessageDescriptor>;

/** Tells the owner that a provider's sign-in was linked to, or removed from, the account. */
export const identityChangedMessages = {
  linkedSubject: /*i18n*/ {
    id: 'identityChanged.linkedSubject',
    message: 'Sign-in with {providerName} was added to your {productName} account',
  },
  linkedIntro: /*i18n*/ {
    id: 'identityChanged.linkedIntro',
    message: 'From now on you can sign in to your {productName} account with {providerName}.',
  },
  unlinkedSubject: /*i18n*/ {
    id: 'identityChanged.unlinkedSubject',
    message: 'Sign-in with {providerName} was removed from your {productName} account',
  },
  unlinkedIntro: /*i18n*/ {
    id: 'identityChanged.unlinkedIntro',
    message: 'Your {productName} account can no longer be signed in to with {providerName}.',
  },
  notYou: /*i18n*/ {
    id: 'identityChanged.notYou',
    message:
      'If this was not you, reset your password now, then check the sign-ins linked on your account page and remove any you do not know:',
    comment: 'Plain-text mail: followed by the link to the forgot-password page on a line of its own.',
  },
  linkLabel: /*i18n*/ {
    id: 'identityChanged.linkLabel',
    message: 'Reset my password',
    comment: 'HTML mail: the text of the link to the forgot-password page.',
  },
  itWasYou: /*i18n*/ {
    id: 'identityChanged.itWasYou',
    message: 'If it was you, there is nothing more to do.',
  },
} satisfies Record<string, MessageDescriptor>;

export const commonMessages = {
  support: /*i18n*/ {
    id: 'common.support',
    message: 'Questions? Write to {supportEmail}.',
    comment: 'Last line of every e-mail.',
  },
} satisfies Record<string, MessageDescriptor>;

/** Two-step sign-in turned on or off, and a recovery code used (issue 22). */
export const secondFactorChangedMessages = {
  enabledSubject: /*i18n*/ {
    id: 'secondFactorChanged.enabledSubject',
    message: 'Two-step sign-in is on for your {productName} account',
  },
  enabledIntro: /*i18n*/ {
    id: 'secondFactorChanged.enabledIntro',
    message:
      'An authenticator app was set up for your {productName} account. From now on, signing in asks for a code from it after your password.',
  },
  disabledSubject: /*i18n*/ {
    id: 'secondFactorChanged.disabledSubject',
    message: 'Two-step sign-in is off for your {productName} account',
  },
  disabledIntro: /*i18n*/ {
    id: 'secondFactorChanged.disabledIntro',
    message:
      'The authenticator app was removed from your {productName} account, and its recovery codes no longer work. Signing in needs only your password again.',
  },
  passkeyAddedSubject: /*i18n*/ {
    id: 'secondFactorChanged.passkeyAddedSubject',
    message: 'A passkey was added to your {productName} account',
  },
  passkeyAddedIntro: /*i18n*/ {
    id: 'secondFactorChanged.passkeyAddedIntro',
    message:
      'A passkey named “{passkeyName}” was added to your {productName} account. It signs in without a password, on the device or password manager that holds it.',
  },
  recoveryCodeUsedSubject: /*i18n*/ {
    id: 'secondFactorChanged.recoveryCodeUsedSubject',
    message: 'A recovery code was used to sign in to your {productName} account',
  },
  recoveryCodeUsedIntro: /*i18n*/ {
    id: 'secondFactorChanged.recoveryCodeUsedIntro',
    message:
      '{remaining, plural, =0 {Someone signed in to your {productName} account with a recovery code. You have no recovery codes left: make new ones on your account page.} one {Someone signed in to your {productName} account with a recovery code. You have # recovery code left.} other {Someone signed in to your {productName} account with a recovery code. You have # recovery codes left.}}',
  },
  notYou: /*i18n*/ {
    id: 'secondFactorChanged.notYou',
    message: 'If this was not you, reset your password now, then check "Sign-in and security" on your account page:',
    comment: 'Plain-text mail: followed by the link to the forgot-password page on a line of its own.',
  },
} satisfies Record<string, MessageDescriptor>;
