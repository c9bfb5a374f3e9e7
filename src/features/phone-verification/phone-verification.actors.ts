import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { SessionResponse } from '../../../contract/auth';
import { PhoneCodeAccepted, PhoneCodeIssued, PhoneMessage } from '../../../contract/phone';
import {
  type CodeSent,
  PhoneRefused,
  type RequestCodeInput,
  type VerifyCodeInput,
} from '../../../machines/phoneVerification/phoneVerification.machine';
import { apiRequest, explained } from '../../lib/api-client';

/** Parses the number in its region, then POST /api/phone/{phone}/verification-code texts a code to it. */
export const requestCode = fromPromise<CodeSent, RequestCodeInput>(async ({ input }) => {
  const { e164Of } = await import('./phone-numbers');
  const phone = e164Of(input.number, input.region);
  if (!phone) throw new PhoneRefused(PhoneMessage.numberInvalid);
  const { expiresAt } = await explained(
    () => apiRequest(api.phoneVerificationCode(phone), { method: 'POST', schema: PhoneCodeIssued }),
    PhoneRefused,
  );
  return { phone, expiresAt };
});

/** PATCH /api/phone/{phone}/verification-code {code}. */
export const verifyCode = fromPromise<void, VerifyCodeInput>(async ({ input }) => {
  await explained(
    () =>
      apiRequest(api.phoneVerificationCode(input.phone), {
        method: 'PATCH',
        body: { code: input.code },
        schema: PhoneCodeAccepted,
      }),
    PhoneRefused,
  );
});

/** POST /api/account/add-phone-verification-data: the session's new claims, with the phone. */
export const addPhone = fromPromise(async ({ input }: { input: { phone: string } }) => {
  const { user } = await explained(
    () => apiRequest(api.addPhoneVerificationData, { method: 'POST', body: input, schema: SessionResponse }),
    PhoneRefused,
  );
  return user;
});
