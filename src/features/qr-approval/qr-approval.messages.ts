import { msg } from '@lingui/core/macro';

/** A refusal the server did not explain: the request is taken for gone (QrSignInMessage.notFound). */
export const requestNotFound = msg`This sign-in request does not exist. Scan the QR code again.`;
