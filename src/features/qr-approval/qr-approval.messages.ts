import { msg } from '@lingui/core/macro';
import { QrSignInMessage } from '../../../contract/qr-sign-in';
import { messageTextOf } from '../../lib/contract-messages';

/** The contract's QR sign-in refusals, translated (the server answers with these texts in `message`). */
export const qrSignInMessageText = messageTextOf({
  [QrSignInMessage.notFound]: msg`This sign-in request does not exist. Scan the QR code again.`,
  [QrSignInMessage.expired]: msg`This sign-in request has expired. Scan the new QR code on the other device.`,
  [QrSignInMessage.answered]: msg`This sign-in request has already been answered.`,
  [QrSignInMessage.numberMismatch]: msg`That is not the number shown on the other device. The sign-in was refused; start again there.`,
  [QrSignInMessage.numberRequired]: msg`Pick the number that the other device shows.`,
});
