import { SessionResponse } from '../auth';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  AddPhoneRequest,
  PhoneCodeAccepted,
  PhoneCodeIssued,
  phoneVerificationLimits,
  VerifyPhoneCodeRequest,
} from '../phone';

export const sendPhoneVerificationCode = declareCall({
  method: 'POST',
  path: '/api/phone/{phone}/verification-code',
  summary: 'Text a six-digit code to a number, to verify it for the signed-in person',
  description: [
    'The number is in the path in E.164 (`+12015550123`, the plus encoded as `%2B`), exactly as libphonenumber',
    'writes a valid number. Only numbers of the regions the portal serves are texted, never premium-rate',
    'or shared-cost ones. The code works for five minutes and five tries; asking again replaces it.',
    'A text the provider did not take is answered 503 `internal_error`: try again later.',
  ].join(' '),
  tag: 'Phone verification',
  access: 'session',
  answers: { 200: PhoneCodeIssued },
  refusals: [ErrorCode.phoneTaken, ErrorCode.rateLimited, ErrorCode.internal],
  rateLimits: [
    phoneVerificationLimits.resendCooldown,
    phoneVerificationLimits.codesPerAccount,
    phoneVerificationLimits.codesPerNumber,
    phoneVerificationLimits.codesPerClient,
    phoneVerificationLimits.codesPerRegion,
    phoneVerificationLimits.codesOverall,
  ],
});

export const checkPhoneVerificationCode = declareCall({
  method: 'PATCH',
  path: '/api/phone/{phone}/verification-code',
  summary: 'Check the code texted to a number',
  description:
    'A wrong code is `invalid_code` until the fifth, which voids it; a code expired, void, replaced or never sent is `code_expired`. An accepted code leaves ten minutes to add the number to the account.',
  tag: 'Phone verification',
  access: 'session',
  body: VerifyPhoneCodeRequest,
  answers: { 200: PhoneCodeAccepted },
  refusals: [ErrorCode.invalidCode, ErrorCode.codeExpired, ErrorCode.rateLimited],
  rateLimits: [phoneVerificationLimits.checksPerAccount],
});

export const addVerifiedPhone = declareCall({
  method: 'POST',
  path: '/api/account/add-phone-verification-data',
  summary: "Make the number whose code was accepted the account's phone",
  description: 'The session is reissued (a new session cookie): its `phone` claim is the number, as after a sign-in.',
  tag: 'Phone verification',
  access: 'session',
  body: AddPhoneRequest,
  answers: { 200: SessionResponse },
  refusals: [ErrorCode.invalidCode, ErrorCode.phoneTaken],
});
