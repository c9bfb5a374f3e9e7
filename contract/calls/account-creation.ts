import {
  AccountCreationDone,
  accountCreationLimits,
  CreatePendingAccountRequest,
  FinalizeAccountCreationRequest,
  ResendVerificationCodeRequest,
  ValidateAccountCreationQuery,
  VerificationCodeIssued,
} from '../account-creation';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';

const botCheckNote =
  "`g-recaptcha-response` carries the bot check's answer, whatever the provider (none when the check is off).";

export const createPendingAccount = declareCall({
  method: 'POST',
  path: '/api/account/create-pending-account',
  summary: 'Start an account creation: mail a verification code to the address',
  description: botCheckNote,
  tag: 'Account creation',
  access: 'visitor',
  body: CreatePendingAccountRequest,
  answers: { 200: VerificationCodeIssued },
  refusals: [ErrorCode.botCheckFailed, ErrorCode.emailTaken, ErrorCode.rateLimited],
  rateLimits: [
    accountCreationLimits.codeCooldown,
    accountCreationLimits.codesPerAddress,
    accountCreationLimits.codesPerClient,
  ],
});

export const resendVerificationCode = declareCall({
  method: 'POST',
  path: '/api/account/resend-email-verification-code',
  summary: 'Mail a new verification code for a pending account; the previous code stops working',
  description: botCheckNote,
  tag: 'Account creation',
  access: 'visitor',
  body: ResendVerificationCodeRequest,
  answers: { 200: VerificationCodeIssued },
  refusals: [ErrorCode.botCheckFailed, ErrorCode.notFound, ErrorCode.rateLimited],
  rateLimits: [
    accountCreationLimits.codeCooldown,
    accountCreationLimits.codesPerAddress,
    accountCreationLimits.codesPerClient,
  ],
});

export const checkVerificationCode = declareCall({
  method: 'GET',
  path: '/api/account/validate-account-creation-request',
  summary: 'Whether a verification code is right, before the password is chosen',
  description: 'A wrong code spends one of its five tries.',
  tag: 'Account creation',
  access: 'visitor',
  query: ValidateAccountCreationQuery,
  answers: { 200: AccountCreationDone },
  refusals: [ErrorCode.invalidCode, ErrorCode.codeExpired, ErrorCode.rateLimited],
  rateLimits: [accountCreationLimits.checksPerClient],
});

export const finalizeAccountCreation = declareCall({
  method: 'POST',
  path: '/api/account/finalize-account-creation-request',
  summary: 'Create the account with its verification code and password',
  tag: 'Account creation',
  access: 'visitor',
  body: FinalizeAccountCreationRequest,
  answers: { 201: AccountCreationDone },
  refusals: [
    ErrorCode.passwordTooCommon,
    ErrorCode.invalidCode,
    ErrorCode.codeExpired,
    ErrorCode.emailTaken,
    ErrorCode.rateLimited,
    ErrorCode.serviceBusy,
  ],
  rateLimits: [accountCreationLimits.checksPerClient],
});
