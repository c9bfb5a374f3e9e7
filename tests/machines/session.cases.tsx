import type { SessionClaims } from '../../contract/auth';
import type { sessionMachine } from '../../machines/session/session.machine';
import { AccountView } from '../../src/features/account/account.view';
import { SessionGateView } from '../../src/features/session/session-gate.view';
import { SignedInShellView } from '../../src/features/shell/signed-in-shell.view';
import type { FlowModel } from '../support/flow-model';

/** Sample events for generating the session machine's paths. */
export const sessionUser: SessionClaims = {
  sub: '1d9b3c1e-6a1f-4f55-8a53-7d4a4d1f0a22',
  email: 'kim@example.com',
  phone: null,
  accountCreated: '2026-01-01T00:00:00.000Z',
  iat: 1_790_000_000,
  role: 'user',
  idp: 'password',
};

const otherUser: SessionClaims = {
  ...sessionUser,
  sub: '5c0e5b3a-0b7e-4a3d-9e1f-2a6b7c8d9e00',
  email: 'lee@example.com',
};

const sessionCases = {
  'xstate.done.actor.fetchSession': [
    { type: 'xstate.done.actor.fetchSession', output: sessionUser, actorId: 'fetchSession' },
    { type: 'xstate.done.actor.fetchSession', output: null, actorId: 'fetchSession' },
  ],
  'xstate.error.actor.fetchSession': [
    { type: 'xstate.error.actor.fetchSession', error: new Error('offline'), actorId: 'fetchSession' },
  ],
  'xstate.done.actor.signOut': [{ type: 'xstate.done.actor.signOut', output: undefined, actorId: 'signOut' }],
  'xstate.error.actor.signOut': [
    { type: 'xstate.error.actor.signOut', error: new Error('offline'), actorId: 'signOut' },
  ],
  'xstate.done.actor.refreshUser': [
    { type: 'xstate.done.actor.refreshUser', output: undefined, actorId: 'refreshUser' },
  ],
  'xstate.error.actor.refreshUser': [
    { type: 'xstate.error.actor.refreshUser', error: new Error('500'), actorId: 'refreshUser' },
  ],
  'session.signedIn': [{ type: 'session.signedIn', user: otherUser }],
} as const;

/** What the session machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const sessionModel: FlowModel<typeof sessionMachine> = {
  cases: sessionCases,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.user?.sub ?? null]),
  // A page that needs the session, as the router shows it: the gate until the session is known,
  // then the account page in the signed-in shell when signed in, the sign-in page otherwise.
  render: (snapshot, send) =>
    snapshot.matches('signedIn') || snapshot.matches('signingOut') ? (
      <SignedInShellView
        productName="Bondline"
        email={sessionUser.email}
        administeredSubscriptions={[]}
        showReports
        location={{ pathname: '/account', search: '' }}
        signingOut={snapshot.matches('signingOut')}
        onNavigate={() => {}}
        onSignOut={() => send({ type: 'user.signOut' })}
      >
        <AccountView
          account={undefined}
          loadFailed={false}
          orderSiteUrl="https://order.example"
          onNavigate={() => {}}
          onRetry={() => {}}
        />
      </SignedInShellView>
    ) : snapshot.matches('signedOut') ? (
      <p>signed-out page</p>
    ) : (
      <SessionGateView snapshot={snapshot} send={send} />
    ),
};
