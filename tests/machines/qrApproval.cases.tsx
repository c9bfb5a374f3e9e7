import { ErrorCode } from '../../contract/errors';
import { type QrSignInDetails, QrSignInMessage } from '../../contract/qr-sign-in';
import type { qrApprovalMachine } from '../../machines/qrApproval/qrApproval.machine';
import { QrApprovalView } from '../../src/features/qr-approval/qr-approval.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const requestId = '3f2b8c1e-5d4a-4f6b-9c8d-7e6f5a4b3c2d';

export const firefoxRequest: QrSignInDetails = {
  id: requestId,
  browser: 'Firefox',
  system: 'Windows',
  network: '198.51.100.0/24',
  requestedAt: '2026-11-25T08:00:00.000Z',
  numberChoices: [71, 42, 18],
};

/** The link the phone opened: the request it approves. */
export const input = { id: requestId };

/** The number the waiting browser shows, among firefoxRequest's choices. */
export const shownNumber = 42;

/** The failures every call can meet: no session, the server's refusal, no answer at all. */
const failures = (actorId: 'loadRequest' | 'approveRequest' | 'declineRequest') => [
  { type: `xstate.error.actor.${actorId}`, error: refused(ErrorCode.unauthorized, 'You need to sign in.'), actorId },
  { type: `xstate.error.actor.${actorId}`, error: refused(ErrorCode.codeExpired, QrSignInMessage.expired), actorId },
  { type: `xstate.error.actor.${actorId}`, error: new Error('network down'), actorId },
];

/** A number the other device does not show: the server declines the request and says why. */
const wrongNumberRefusal = {
  type: 'xstate.error.actor.approveRequest',
  error: refused(ErrorCode.numberMismatch, QrSignInMessage.numberMismatch),
  actorId: 'approveRequest',
};

/** Sample events for generating the QR approval machine's paths. */
const qrApprovalCases = {
  'user.pickNumber': [{ type: 'user.pickNumber', number: shownNumber }],
  'xstate.done.actor.loadRequest': [
    { type: 'xstate.done.actor.loadRequest', output: firefoxRequest, actorId: 'loadRequest' },
  ],
  'xstate.error.actor.loadRequest': failures('loadRequest'),
  'xstate.done.actor.approveRequest': [{ type: 'xstate.done.actor.approveRequest', actorId: 'approveRequest' }],
  'xstate.error.actor.approveRequest': [...failures('approveRequest'), wrongNumberRefusal],
  'xstate.done.actor.declineRequest': [{ type: 'xstate.done.actor.declineRequest', actorId: 'declineRequest' }],
  'xstate.error.actor.declineRequest': failures('declineRequest'),
};

/** What the QR approval machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const qrApprovalModel: FlowModel<typeof qrApprovalMachine> = {
  input,
  cases: qrApprovalCases,
  // A refusal's message tells a wrong number from an expired request: both are worth a path.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.request !== null,
      snapshot.matches('refused') ? (snapshot.context.failure?.message ?? null) : null,
    ]),
  render: (snapshot, send) => <QrApprovalView snapshot={snapshot} send={send} onNavigate={() => {}} />,
};
