import type { PartnerRouterDevice } from '../../contract/routers';
import type { partnerRouterMessageMachine } from '../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { PartnerRouterMessageView } from '../../src/features/routers/partner-router-message.view';
import type { FlowModel } from '../support/flow-model';

export const now = Date.parse('2026-11-25T12:00:00.000Z');
const daysBefore = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString();

export const livingRoomRouter: PartnerRouterDevice = {
  routerId: '3d0c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Living room router',
  vendor: 'miri',
  serial: 'MIRI-0042-7781',
  state: 'online',
  lastActiveTime: daysBefore(0),
  activatedAt: daysBefore(100),
  flags: { hasShown90DaySuccess: false, seenRouterActivationSuccess: false },
};

const loaded = (device: PartnerRouterDevice) => ({
  type: 'xstate.done.actor.loadPartnerRouter',
  output: device,
  actorId: 'loadPartnerRouter',
});

/** Sample events for generating the partner router message machine's paths. */
const partnerRouterMessageCases = {
  'xstate.done.actor.loadPartnerRouter': [
    // New and a hundred days old: both messages, the activation one first.
    loaded(livingRoomRouter),
    // Both seen.
    loaded({ ...livingRoomRouter, flags: { hasShown90DaySuccess: true, seenRouterActivationSuccess: true } }),
    // Only the 90 days to celebrate.
    loaded({ ...livingRoomRouter, flags: { hasShown90DaySuccess: false, seenRouterActivationSuccess: true } }),
  ],
  'xstate.error.actor.loadPartnerRouter': [
    { type: 'xstate.error.actor.loadPartnerRouter', error: new Error('not found'), actorId: 'loadPartnerRouter' },
  ],
  'xstate.done.actor.setFlag': [{ type: 'xstate.done.actor.setFlag', output: undefined, actorId: 'setFlag' }],
  'xstate.error.actor.setFlag': [
    { type: 'xstate.error.actor.setFlag', error: new Error('offline'), actorId: 'setFlag' },
  ],
} as const;

export const input = { routerId: livingRoomRouter.routerId, now };

/** What the partner router message's paths are generated from, and its view (the path tests and the flow explorer). */
export const partnerRouterMessageModel: FlowModel<typeof partnerRouterMessageMachine> = {
  input,
  cases: partnerRouterMessageCases,
  // The message shows only once there is one to show, and goes as soon as it is dismissed.
  rendersNothingIn: ['loading', 'choosing', 'dismissingActivation', 'dismissingMilestone', 'hidden'],
  render: (snapshot, send) => (
    <PartnerRouterMessageView snapshot={snapshot} send={send} routerName="Living room router" />
  ),
};
