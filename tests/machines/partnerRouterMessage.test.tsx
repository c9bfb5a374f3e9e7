import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PartnerRouterDevice } from '../../contract/routers';
import {
  type PartnerRouterFlag,
  partnerRouterMessageMachine,
  pendingMessageOf,
} from '../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { describeModel } from '../support/model-based';
import { input, livingRoomRouter, now, partnerRouterMessageModel } from './partnerRouterMessage.cases';

const nothingShown = {
  view: (screen: { queryByRole: (role: string) => unknown }) => expect(screen.queryByRole('status')).toBeNull(),
};

describeModel('partnerRouterMessage', {
  machine: partnerRouterMessageMachine,
  ...partnerRouterMessageModel,
  states: {
    loading: nothingShown,
    showingActivation: {
      view: (screen) => {
        expect(screen.getByRole('status')).toHaveTextContent('Living room router is set up and online.');
        expect(screen.getByRole('button', { name: 'Dismiss the message about Living room router' })).toBeEnabled();
      },
    },
    showingMilestone: {
      view: (screen) =>
        expect(screen.getByRole('status')).toHaveTextContent('Living room router has been with you for 90 days.'),
    },
    dismissingActivation: nothingShown,
    dismissingMilestone: nothingShown,
    hidden: nothingShown,
  },
  drivers: {
    'user.dismiss': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Dismiss the message about Living room router' })),
  },
});

describe('partnerRouterMessage machine', () => {
  it('shows the activation message only while the router is online, and the 90-day one from the 90th day', () => {
    const fresh = { ...livingRoomRouter, activatedAt: new Date(now - 89 * 86_400_000).toISOString() };
    expect(pendingMessageOf(fresh, now)).toBe('seenRouterActivationSuccess');
    expect(pendingMessageOf({ ...fresh, state: 'setup' }, now)).toBeNull();
    const seen = { ...fresh, flags: { ...fresh.flags, seenRouterActivationSuccess: true } };
    expect(pendingMessageOf(seen, now)).toBeNull();
    expect(pendingMessageOf(seen, now + 86_400_000)).toBe('hasShown90DaySuccess');
  });

  it('sets each flag once it is dismissed, the activation one first', async () => {
    const set: PartnerRouterFlag[] = [];
    const actor = createActor(
      partnerRouterMessageMachine.provide({
        actors: {
          loadPartnerRouter: fromPromise<PartnerRouterDevice, { routerId: string }>(async () => livingRoomRouter),
          setFlag: fromPromise<void, { routerId: string; flag: PartnerRouterFlag }>(async ({ input }) => {
            set.push(input.flag);
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.matches('showingActivation'));
    actor.send({ type: 'user.dismiss' });
    await waitFor(actor, (state) => state.matches('showingMilestone'));
    actor.send({ type: 'user.dismiss' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(set).toEqual(['seenRouterActivationSuccess', 'hasShown90DaySuccess']);
  });

  it('shows nothing when the router cannot be read', async () => {
    const actor = createActor(
      partnerRouterMessageMachine.provide({
        actors: {
          loadPartnerRouter: fromPromise<PartnerRouterDevice, { routerId: string }>(async () => {
            throw new Error('404');
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
