import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '../../../contract/api';
import { AuthenticatorSetup, RecoveryCodesIssued, type SecondFactorAnswer } from '../../../contract/second-factor';
import { apiRequest } from '../../lib/api-client';
import { refusedAsSecondFactor } from '../second-factor-challenge/second-factor-challenge.actors';

/** Turning the app off answers 204: there is no body to read. */
const NoContent = v.unknown();

/** The calls of "Two-step sign-in"; their failures are the machine's SecondFactorRefusal. */
export const authenticatorAppActors = {
  startSetup: fromPromise<AuthenticatorSetup>(() =>
    refusedAsSecondFactor(() => apiRequest(api.authenticatorApp, { method: 'POST', schema: AuthenticatorSetup })),
  ),
  confirmSetup: fromPromise<string[], { code: string }>(async ({ input }) => {
    const { recoveryCodes } = await refusedAsSecondFactor(() =>
      apiRequest(api.confirmAuthenticatorApp, { method: 'POST', body: input, schema: RecoveryCodesIssued }),
    );
    return recoveryCodes;
  }),
  turnOff: fromPromise<void, { proof: SecondFactorAnswer }>(async ({ input }) => {
    await refusedAsSecondFactor(() =>
      apiRequest(api.authenticatorApp, { method: 'DELETE', body: input, schema: NoContent }),
    );
  }),
  replaceRecoveryCodes: fromPromise<string[], { proof: SecondFactorAnswer }>(async ({ input }) => {
    const { recoveryCodes } = await refusedAsSecondFactor(() =>
      apiRequest(api.recoveryCodes, { method: 'POST', body: input, schema: RecoveryCodesIssued }),
    );
    return recoveryCodes;
  }),
};
