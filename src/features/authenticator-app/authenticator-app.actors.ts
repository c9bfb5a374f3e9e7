import { fromPromise } from 'xstate';
import {
  confirmAuthenticatorApp,
  replaceRecoveryCodes,
  startAuthenticatorAppSetup,
  turnOffAuthenticatorApp,
} from '../../../contract/calls/second-factor';
import type { AuthenticatorSetup, SecondFactorAnswer } from '../../../contract/second-factor';
import { callApi, explained } from '../../lib/api-client';

/** The calls of "Two-step sign-in"; their refusals reach the machine as the server gave them. */
export const authenticatorAppActors = {
  startSetup: fromPromise<AuthenticatorSetup>(() => explained(() => callApi(startAuthenticatorAppSetup, {}))),
  confirmSetup: fromPromise<string[], { code: string }>(async ({ input }) => {
    const { recoveryCodes } = await explained(() => callApi(confirmAuthenticatorApp, { body: input }));
    return recoveryCodes;
  }),
  turnOff: fromPromise<void, { proof: SecondFactorAnswer }>(async ({ input }) => {
    await explained(() => callApi(turnOffAuthenticatorApp, { body: input }));
  }),
  replaceRecoveryCodes: fromPromise<string[], { proof: SecondFactorAnswer }>(async ({ input }) => {
    const { recoveryCodes } = await explained(() => callApi(replaceRecoveryCodes, { body: input }));
    return recoveryCodes;
  }),
};
