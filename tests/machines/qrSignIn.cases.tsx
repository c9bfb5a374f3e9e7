import type { SessionClaims } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import type { qrSignInMachine } from '../../machines/qrSignIn/qrSignIn.machine';
import { QrSignInView } from '../../src/features/qr-sign-in/qr-sign-in.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const validitySeconds = 120;
export const origin = 'https://portal.example';

export const firstRequestId = '3f2b8c1e-5d4a-4f6b-9c8d-7e6f5a4b3c2d';
export const firstMatchNumber = 42;

export const approver: SessionClaims = {
  sub: '0b6f3a52-4c1d-4e8f-9a7b-1c2d3e4f5a6b',
  email: 'sam@example.com',
  phone: null,
  accountCreated: '2026-01-02T03:04:05.000Z',
  iat: 1_790_000_000,
  role: 'user',
  idp: 'password',
};

const answer = (output: 'approved' | 'declined' | 'expired') => ({
  type: 'xstate.done.actor.waitForAnswer',
  output,
  actorId: 'waitForAnswer',
});

/** Sample events for generating the QR sign-in machine's paths. */
const qrSignInCases = {
  'xstate.done.actor.createRequest': [
    {
      type: 'xstate.done.actor.createRequest',
      output: { id: firstRequestId, matchNumber: firstMatchNumber },
      actorId: 'createRequest',
    },
  ],
  'xstate.error.actor.createRequest': [
    { type: 'xstate.error.actor.createRequest', error: refused(ErrorCode.rateLimited, null), actorId: 'createRequest' },
    { type: 'xstate.error.actor.createRequest', error: new Error('network down'), actorId: 'createRequest' },
  ],
  'xstate.done.actor.waitForAnswer': [answer('approved'), answer('declined'), answer('expired')],
  'xstate.error.actor.waitForAnswer': [
    { type: 'xstate.error.actor.waitForAnswer', error: new Error('network down'), actorId: 'waitForAnswer' },
  ],
  'clipboard.copied': [{ type: 'clipboard.copied' }],
  'clipboard.failed': [{ type: 'clipboard.failed' }],
  'xstate.done.actor.signIn': [{ type: 'xstate.done.actor.signIn', output: approver, actorId: 'signIn' }],
  'xstate.error.actor.signIn': [
    { type: 'xstate.error.actor.signIn', error: new Error('network down'), actorId: 'signIn' },
  ],
} as const;

/** What the QR sign-in's paths are generated from, and its view (the path tests and the flow explorer). */
export const qrSignInModel: FlowModel<typeof qrSignInMachine> = {
  input: { validitySeconds },
  cases: qrSignInCases,
  // What the person can tell apart: the state, which failure is shown, and whether the link was copied.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.matches('failed') ? snapshot.context.failure : null,
      snapshot.matches('showing') ? snapshot.context.linkCopy : null,
    ]),
  render: (snapshot, send) => <QrSignInView snapshot={snapshot} send={send} origin={origin} />,
};
