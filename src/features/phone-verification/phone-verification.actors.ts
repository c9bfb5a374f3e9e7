import { fromPromise } from 'xstate';
import { addVerifiedPhone, checkPhoneVerificationCode, sendPhoneVerificationCode } from '../../../contract/calls/phone';
import { ErrorCode } from '../../../contract/errors';
import { PhoneMessage } from '../../../contract/phone';
import type {
  CodeSent,
  RequestCodeInput,
  VerifyCodeInput,
} from '../../../machines/phoneVerification/phoneVerification.machine';
import { RefusalError, refusal } from '../../../machines/support/refusal';
import { callApi, explained } from '../../lib/api-client';

/** Parses the number in its region, then POST /api/phone/{phone}/verification-code texts a code to it. */
export const requestCode = fromPromise<CodeSent, RequestCodeInput>(async ({ input }) => {
  const { e164Of } = await import('./phone-numbers');
  const phone = e164Of(input.number, input.region);
  if (!phone) throw new RefusalError(refusal(ErrorCode.validation, PhoneMessage.numberInvalid));
  const { expiresAt } = await explained(() => callApi(sendPhoneVerificationCode, { params: { phone } }));
  return { phone, expiresAt };
});

/** PATCH /api/phone/{phone}/verification-code {code}. */
export const verifyCode = fromPromise<void, VerifyCodeInput>(async ({ input }) => {
  await explained(() =>
    callApi(checkPhoneVerificationCode, { params: { phone: input.phone }, body: { code: input.code } }),
  );
});

/** POST /api/account/add-phone-verification-data: the session's new claims, with the phone. */
export const addPhone = fromPromise(async ({ input }: { input: { phone: string } }) => {
  const { user } = await explained(() => callApi(addVerifiedPhone, { body: input }));
  return user;
});
