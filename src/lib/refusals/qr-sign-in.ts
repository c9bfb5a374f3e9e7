import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { QrSignInMessage } from '../../../contract/qr-sign-in';
import { addRefusalBook } from '../contract-messages';

/** The QR sign-in API's messages: the approving phone's page and the waiting browser's (visitor pages). */
export const qrSignInRefusals = addRefusalBook({
  [ErrorCode.notFound]: {
    [QrSignInMessage.notFound]: msg`This sign-in request does not exist. Scan the QR code again.`,
  },
  [ErrorCode.codeExpired]: {
    [QrSignInMessage.expired]: msg`This sign-in request has expired. Scan the new QR code on the other device.`,
  },
  [ErrorCode.codeUsed]: {
    [QrSignInMessage.answered]: msg`This sign-in request has already been answered.`,
  },
  [ErrorCode.numberMismatch]: {
    [QrSignInMessage.numberMismatch]: msg`That is not the number shown on the other device. The sign-in was refused; start again there.`,
  },
  [ErrorCode.forbidden]: {
    [QrSignInMessage.notApproved]: msg`This sign-in request has not been approved.`,
    [QrSignInMessage.declined]: msg`This sign-in request was declined.`,
  },
  [ErrorCode.validation]: {
    [QrSignInMessage.notFound]: msg`This sign-in request does not exist. Scan the QR code again.`,
    [QrSignInMessage.numberRequired]: msg`Pick the number that the other device shows.`,
  },
});
