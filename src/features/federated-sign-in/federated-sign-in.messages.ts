import { msg } from '@lingui/core/macro';

/** When the server sent no message (network down, a 5xx). */
export const signInUnavailable = msg`We could not sign you in right now. Please try again later.`;

/** When linking failed without a message from the server. */
export const linkUnavailable = msg`We could not link this sign-in right now. Please try again later.`;

/** The link to consent with is on its way (the server's FederatedSignInMessage.linkMailSent). */
export const linkMailSent = msg`We sent a link to your e-mail address. Open it within 30 minutes to link this sign-in to your account.`;
