import { fromCallback, fromPromise } from 'xstate';
import * as accountCreationCalls from '../../../contract/calls/account-creation';
import { ErrorCode } from '../../../contract/errors';
import { SignUpError, type SignUpFailure } from '../../../machines/signUp/signUp.machine';
import { ApiError, callApi } from '../../lib/api-client';

/** Turns the API's refusals into the machine's failure codes. */
async function refusalsAsFailures<T>(call: () => Promise<T>, byError: Partial<Record<string, SignUpFailure>>) {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError)) throw new SignUpError('unavailable');
    if (error.status === 429) throw new SignUpError('rateLimited');
    const failure = error.body ? byError[error.body.error] : undefined;
    throw new SignUpError(failure ?? 'unavailable');
  }
}

/** The address, and the bot-check answer in the field the spec names (none when the check is off). */
const withBotCheck = ({ email, botToken }: { email: string; botToken: string }) => ({
  email,
  ...(botToken ? { 'g-recaptcha-response': botToken } : {}),
});

export const createPendingAccount = fromPromise<void, { email: string; botToken: string }>(async ({ input }) => {
  await refusalsAsFailures(() => callApi(accountCreationCalls.createPendingAccount, { body: withBotCheck(input) }), {
    [ErrorCode.emailTaken]: 'emailTaken',
    [ErrorCode.botCheckFailed]: 'botCheckFailed',
  });
});

export const resendVerificationCode = fromPromise<void, { email: string; botToken: string }>(async ({ input }) => {
  await refusalsAsFailures(() => callApi(accountCreationCalls.resendVerificationCode, { body: withBotCheck(input) }), {
    [ErrorCode.botCheckFailed]: 'botCheckFailed',
  });
});

export const validateVerificationCode = fromPromise<void, { email: string; code: string }>(async ({ input }) => {
  const query = { email: input.email, verificationCode: input.code };
  await refusalsAsFailures(() => callApi(accountCreationCalls.checkVerificationCode, { query }), {
    [ErrorCode.invalidCode]: 'invalidCode',
    [ErrorCode.codeExpired]: 'codeExpired',
    [ErrorCode.validation]: 'invalidCode',
  });
});

export const finalizeAccountCreation = fromPromise<void, { email: string; code: string; password: string }>(
  async ({ input }) => {
    await refusalsAsFailures(
      () =>
        callApi(accountCreationCalls.finalizeAccountCreation, {
          body: { email: input.email, verificationCode: input.code, password: input.password },
        }),
      {
        [ErrorCode.invalidCode]: 'invalidCode',
        [ErrorCode.codeExpired]: 'codeExpired',
        [ErrorCode.emailTaken]: 'emailTaken',
        [ErrorCode.passwordTooCommon]: 'passwordTooCommon',
      },
    );
  },
);

/** One `clock.tick` a second, for the code's countdown. */
export const secondsClock = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.tick' }), 1000);
  return () => clearInterval(timer);
});
