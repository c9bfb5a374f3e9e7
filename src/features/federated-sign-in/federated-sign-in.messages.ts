import { msg } from '@lingui/core/macro';
import { FederatedSignInMessage } from '../../../contract/federated-sign-in';
import { messageTextOf } from '../../lib/contract-messages';

/** The contract's messages of sign-in through a provider, translated (the server answers refusals with them). */
export const federatedSignInMessageText = messageTextOf({
  [FederatedSignInMessage.unknownDomain]: msg`Your company does not use single sign-on with us. Sign in with your e-mail and password instead.`,
  [FederatedSignInMessage.providerUnknown]: msg`This way of signing in is not available.`,
  [FederatedSignInMessage.providerUnavailable]: msg`The sign-in provider cannot be reached right now. Please try again later.`,
  [FederatedSignInMessage.signInExpired]: msg`This sign-in has expired or was already used. Please start again.`,
  [FederatedSignInMessage.signInRefused]: msg`The sign-in could not be confirmed. Please start again.`,
  [FederatedSignInMessage.cancelled]: msg`The sign-in was cancelled.`,
  [FederatedSignInMessage.emailMissing]: msg`The provider did not share your e-mail address, which your account needs.`,
  [FederatedSignInMessage.emailNotVerified]: msg`The provider has not confirmed that this e-mail address is yours, so it cannot sign you in. Sign in with your password, or create an account with a code sent to the address.`,
  [FederatedSignInMessage.linkExpired]: msg`This link has expired or was already used. Sign in with the provider again to link it to your account.`,
  [FederatedSignInMessage.linkPasswordIncorrect]: msg`That is not the password of this account. Try again, or have a link sent to your e-mail address.`,
  [FederatedSignInMessage.linkMailSent]: msg`We sent a link to your e-mail address. Open it within 30 minutes to link this sign-in to your account.`,
});

/** When the server sent no message (network down, a 5xx). */
export const signInUnavailable = msg`We could not sign you in right now. Please try again later.`;

/** When linking failed without a message from the server. */
export const linkUnavailable = msg`We could not link this sign-in right now. Please try again later.`;
