import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { FederatedSignInMessage } from '../../../contract/federated-sign-in';
import { addRefusalBook } from '../contract-messages';

/** The messages of sign-in through a provider and of linking it to an account (visitor pages). */
export const federatedSignInRefusals = addRefusalBook({
  [ErrorCode.notFound]: {
    [FederatedSignInMessage.providerUnknown]: msg`This way of signing in is not available.`,
  },
  [ErrorCode.providerUnavailable]: {
    [FederatedSignInMessage.providerUnavailable]: msg`The sign-in provider cannot be reached right now. Please try again later.`,
  },
  [ErrorCode.unknownDomain]: {
    [FederatedSignInMessage.unknownDomain]: msg`Your company does not use single sign-on with us. Sign in with your e-mail and password instead.`,
  },
  [ErrorCode.signInRefused]: {
    [FederatedSignInMessage.signInRefused]: msg`The sign-in could not be confirmed. Please start again.`,
    [FederatedSignInMessage.signInExpired]: msg`This sign-in has expired or was already used. Please start again.`,
    [FederatedSignInMessage.cancelled]: msg`The sign-in was cancelled.`,
    [FederatedSignInMessage.emailMissing]: msg`The provider did not share your e-mail address, which your account needs.`,
  },
  [ErrorCode.emailNotVerified]: {
    [FederatedSignInMessage.emailNotVerified]: msg`The provider has not confirmed that this e-mail address is yours, so it cannot sign you in. Sign in with your password, or create an account with a code sent to the address.`,
  },
  [ErrorCode.linkExpired]: {
    [FederatedSignInMessage.linkExpired]: msg`This link has expired or was already used. Sign in with the provider again to link it to your account.`,
  },
  [ErrorCode.invalidCredentials]: {
    [FederatedSignInMessage.linkPasswordIncorrect]: msg`That is not the password of this account. Try again, or have a link sent to your e-mail address.`,
  },
});
