import { describe, expect, it } from 'vitest';
import { secondStepSearchOf } from '../../src/features/federated-sign-in/second-step-search';

describe('the second step’s address after a provider sign-in', () => {
  it('carries the methods when they offer a passkey', () => {
    const methods = ['passkey', 'authenticatorApp', 'recoveryCode'];
    expect(
      secondStepSearchOf({ type: 'xstate.done.actor.complete', output: { outcome: 'secondFactorRequired', methods } }),
    ).toEqual({
      methods,
    });
  });

  it('carries nothing without a passkey, or for anything it cannot read', () => {
    expect(secondStepSearchOf({ output: { methods: ['authenticatorApp', 'recoveryCode'] } })).toEqual({});
    expect(secondStepSearchOf({ output: { methods: ['passkey', 'sms'] } })).toEqual({});
    expect(secondStepSearchOf({ type: 'user.retry' })).toEqual({});
  });
});
