import { ErrorCode } from '../../contract/errors';
import type { AccountSession } from '../../contract/sessions';
import { SessionMessage } from '../../contract/sessions';
import type { YourSessionsContext, yourSessionsMachine } from '../../machines/yourSessions/yourSessions.machine';
import { YourSessionsView } from '../../src/features/your-sessions/your-sessions.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** What "last active" is measured from in these tests. */
export const now = new Date('2026-11-25T12:00:00.000Z');

export const laptop: AccountSession = {
  id: '5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b',
  current: true,
  browser: 'Firefox',
  system: 'Windows',
  signInMethod: 'password',
  provider: null,
  place: { network: '198.51.100.0/24', local: false },
  startedAt: '2026-11-20T08:30:00.000Z',
  lastActiveAt: '2026-11-25T11:58:00.000Z',
};

export const phone: AccountSession = {
  id: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
  current: false,
  browser: 'Chrome',
  system: 'Android',
  signInMethod: 'provider',
  provider: 'google',
  place: { network: '2001:db8:abcd::/48', local: false },
  startedAt: '2026-11-24T19:00:00.000Z',
  lastActiveAt: '2026-11-25T09:00:00.000Z',
};

export const tablet: AccountSession = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  current: false,
  browser: 'Safari',
  system: 'iOS',
  signInMethod: 'qr',
  provider: null,
  place: { network: '192.168.1.0/24', local: true },
  startedAt: '2026-11-01T10:00:00.000Z',
  lastActiveAt: '2026-11-10T10:00:00.000Z',
};

export const accountSessions = [laptop, phone, tablet];

/** Sample events for generating the your sessions machine's paths. */
const yourSessionsCases = {
  'user.signOutSession': [{ type: 'user.signOutSession' as const, session: phone }],
  'xstate.done.actor.signOutSession': [actorDone('signOutSession')],
  'xstate.error.actor.signOutSession': [
    actorRefused('signOutSession', refused(ErrorCode.notFound, SessionMessage.sessionNotFound)),
    actorFailed('signOutSession'),
  ],
  'xstate.done.actor.signOutOtherSessions': [actorDone('signOutOtherSessions', { signedOut: 2 })],
  'xstate.error.actor.signOutOtherSessions': [actorFailed('signOutOtherSessions')],
} as const;

/** What the your sessions machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const yourSessionsModel: FlowModel<typeof yourSessionsMachine> = {
  cases: yourSessionsCases,
  // What the person can tell apart: the state, whether a failure shows, and which notice.
  serializeState: (snapshot) => {
    const context: YourSessionsContext = snapshot.context;
    return JSON.stringify([snapshot.value, context.failure !== null, context.notice?.kind ?? null]);
  },
  render: (snapshot, send) => (
    <YourSessionsView
      snapshot={snapshot}
      send={send}
      read={{ status: 'success', sessions: accountSessions }}
      now={now}
    />
  ),
};
