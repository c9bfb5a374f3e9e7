import { fromPromise } from 'xstate';
import {
  confirmAuthenticatorApp,
  replaceRecoveryCodes,
  startAuthenticatorAppSetup,
  turnOffAuthenticatorApp,
} from '../../../contract/calls/second-factor';
import type { AuthenticatorSetup, SecondFactorAnswer } from '../../../contract/second-factor';
import { callApi } from '../../lib/api-client';
import { refusedAsSecondFactor } from '../second-factor-challenge/second-factor-challenge.actors';

/** The calls of "Two-step sign-in"; their failures are the machine's SecondFactorRefusal. */
export const authenticatorAppActors = {
  startSetup: fromPromise<AuthenticatorSetup>(() =>
    refusedAsSecondFactor(() => callApi(startAuthenticatorAppSetup, {})),
  ),
  confirmSetup: fromPromise<string[], { code: string }>(async ({ input }) => {
    const { recoveryCodes } = await refusedAsSecondFactor(() => callApi(confirmAuthenticatorApp, { body: input }));
    return recoveryCodes;
  }),
  turnOff: fromPromise<void, { proof: SecondFactorAnswer }>(async ({ input }) => {
    await refusedAsSecondFactor(() => callApi(turnOffAuthenticatorApp, { body: input }));
  }),
  replaceRecoveryCodes: fromPromise<string[], { proof: SecondFactorAnswer }>(async ({ input }) => {
    const { recoveryCodes } = await refusedAsSecondFactor(() => callApi(replaceRecoveryCodes, { body: input }));
    return recoveryCodes;
  }),
};
