import { ErrorCode } from '../../contract/errors';
import type { SignInProvider } from '../../contract/federated-sign-in';
import { type LinkedSignIn, LinkedSignInMessage } from '../../contract/linked-sign-ins';
import type { LinkedSignInsContext, linkedSignInsMachine } from '../../machines/linkedSignIns/linkedSignIns.machine';
import { LinkedSignInsView } from '../../src/features/linked-sign-ins/linked-sign-ins.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** The providers as a deployment configures them: the enterprise one is named after the company. */
export const providers: SignInProvider[] = [
  { id: 'google', name: 'Google' },
  { id: 'microsoft', name: 'Microsoft' },
  { id: 'enterprise', name: 'Northwind' },
];

export const google: LinkedSignIn = {
  provider: 'google',
  subject: '108234567890123456789',
  email: 'ana.lopez@gmail.example',
  linkedAt: '2026-10-02T09:15:00.000Z',
  lastUsedAt: '2026-11-24T19:00:00.000Z',
};

export const company: LinkedSignIn = {
  provider: 'enterprise',
  subject: 'a1b2c3d4-e5f6-4789-8abc-def012345678',
  email: 'ana.lopez@northwind.example',
  linkedAt: '2026-11-20T08:30:00.000Z',
  lastUsedAt: null,
};

export const linkedSignIns = [google, company];

/** Sample events for generating the linked sign-ins machine's paths. */
const linkedSignInsCases = {
  'user.unlink': [{ type: 'user.unlink' as const, signIn: google }],
  'xstate.done.actor.unlinkSignIn': [actorDone('unlinkSignIn')],
  'xstate.error.actor.unlinkSignIn': [
    actorRefused('unlinkSignIn', refused(ErrorCode.lastWayIn, LinkedSignInMessage.lastWayIn)),
    actorFailed('unlinkSignIn'),
  ],
} as const;

const contextOf = (snapshot: unknown) => (snapshot as { context: LinkedSignInsContext }).context;

/** What the linked sign-ins machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const linkedSignInsModel: FlowModel<typeof linkedSignInsMachine> = {
  cases: linkedSignInsCases,
  // What the person can tell apart: the state, whether a failure shows, and whether a notice does.
  serializeState: (snapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify([snapshot.value, context.failure !== null, context.notice?.kind ?? null]);
  },
  render: (snapshot, send) => (
    <LinkedSignInsView
      snapshot={snapshot}
      send={send}
      read={{ status: 'success', passwordSet: true, linkedSignIns }}
      providers={providers}
      setPasswordLink={<a href="/password/forgot">Set a password</a>}
    />
  ),
};
