import { assign, setup } from 'xstate';
import { type PartnerRouterDevice, routerMilestoneDays } from '../../contract/routers';
import { providedByApp } from '../support/provided-by-app';

export type PartnerRouterFlag = keyof PartnerRouterDevice['flags'];

export type PartnerRouterMessageInput = {
  routerId: string;
  /** The time (ms) the 90 days are judged against, given by the app so the machine stays pure. */
  now: number;
};

export type PartnerRouterMessageContext = PartnerRouterMessageInput & { device: PartnerRouterDevice | null };

export type PartnerRouterMessageEvent = { type: 'user.dismiss' };

const dayMs = 24 * 60 * 60 * 1000;

/** The success message a partner router's owner has not seen yet, the activation one first; or none. */
export function pendingMessageOf(device: PartnerRouterDevice, now: number): PartnerRouterFlag | null {
  if (!device.flags.seenRouterActivationSuccess && device.state === 'online') return 'seenRouterActivationSuccess';
  const milestoneReached = now - Date.parse(device.activatedAt) >= routerMilestoneDays * dayMs;
  if (!device.flags.hasShown90DaySuccess && milestoneReached) return 'hasShown90DaySuccess';
  return null;
}

/**
 * A partner router's success messages on the routers page (docs/spec.md §9): when it is first online,
 * and after 90 days with its owner. Each is shown until the owner dismisses it, which sets its flag
 * on the server, so it is not shown again on any device. Nothing is shown if the router cannot be read.
 */
export const partnerRouterMessageMachine = setup({
  types: {
    context: {} as PartnerRouterMessageContext,
    events: {} as PartnerRouterMessageEvent,
    input: {} as PartnerRouterMessageInput,
  },
  actors: {
    loadPartnerRouter: providedByApp<PartnerRouterDevice, { routerId: string }>('loadPartnerRouter'),
    setFlag: providedByApp<void, { routerId: string; flag: PartnerRouterFlag }>('setFlag'),
  },
  guards: {
    isActivationPending: ({ context }) =>
      context.device !== null && pendingMessageOf(context.device, context.now) === 'seenRouterActivationSuccess',
    isMilestonePending: ({ context }) =>
      context.device !== null && pendingMessageOf(context.device, context.now) === 'hasShown90DaySuccess',
  },
}).createMachine({
  id: 'partnerRouterMessage',
  context: ({ input }) => ({ ...input, device: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPartnerRouter',
        src: 'loadPartnerRouter',
        input: ({ context }) => ({ routerId: context.routerId }),
        onDone: { target: 'choosing', actions: assign({ device: ({ event }) => event.output }) },
        onError: 'hidden',
      },
    },
    choosing: {
      always: [
        { guard: 'isActivationPending', target: 'showingActivation' },
        { guard: 'isMilestonePending', target: 'showingMilestone' },
        { target: 'hidden' },
      ],
    },
    showingActivation: { on: { 'user.dismiss': 'dismissingActivation' } },
    showingMilestone: { on: { 'user.dismiss': 'dismissingMilestone' } },
    dismissingActivation: {
      invoke: {
        id: 'setFlag',
        src: 'setFlag',
        input: ({ context }) => ({ routerId: context.routerId, flag: 'seenRouterActivationSuccess' as const }),
        onDone: {
          target: 'choosing',
          actions: assign({
            device: ({ context }) =>
              context.device && {
                ...context.device,
                flags: { ...context.device.flags, seenRouterActivationSuccess: true },
              },
          }),
        },
        // Hidden for now; the message comes back on the next visit, as the flag is not set.
        onError: 'hidden',
      },
    },
    dismissingMilestone: {
      invoke: {
        id: 'setFlag',
        src: 'setFlag',
        input: ({ context }) => ({ routerId: context.routerId, flag: 'hasShown90DaySuccess' as const }),
        onDone: 'hidden',
        onError: 'hidden',
      },
    },
    hidden: { type: 'final' },
  },
});
