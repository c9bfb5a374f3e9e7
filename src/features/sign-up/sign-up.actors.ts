import { fromCallback, fromPromise } from 'xstate';
import * as accountCreationCalls from '../../../contract/calls/account-creation';
import { callApi, explained } from '../../lib/api-client';

/** The address, and the bot-check answer in the field the spec names (none when the check is off). */
const withBotCheck = ({ email, botToken }: { email: string; botToken: string }) => ({
  email,
  ...(botToken ? { 'g-recaptcha-response': botToken } : {}),
});

export const createPendingAccount = fromPromise<void, { email: string; botToken: string }>(async ({ input }) => {
  await explained(() => callApi(accountCreationCalls.createPendingAccount, { body: withBotCheck(input) }));
});

export const resendVerificationCode = fromPromise<void, { email: string; botToken: string }>(async ({ input }) => {
  await explained(() => callApi(accountCreationCalls.resendVerificationCode, { body: withBotCheck(input) }));
});

export const validateVerificationCode = fromPromise<void, { email: string; code: string }>(async ({ input }) => {
  const query = { email: input.email, verificationCode: input.code };
  await explained(() => callApi(accountCreationCalls.checkVerificationCode, { query }));
});

export const finalizeAccountCreation = fromPromise<void, { email: string; code: string; password: string }>(
  async ({ input }) => {
    await explained(() =>
      callApi(accountCreationCalls.finalizeAccountCreation, {
        body: { email: input.email, verificationCode: input.code, password: input.password },
      }),
    );
  },
);

/** One `clock.tick` a second, for the code's countdown. */
export const secondsClock = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'clock.tick' }), 1000);
  return () => clearInterval(timer);
});
