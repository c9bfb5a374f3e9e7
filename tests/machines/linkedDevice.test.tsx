import { fireEvent, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type AssociateDeviceRequest,
  DeviceMessage,
  type LinkedDevice,
  type RenameDeviceRequest,
} from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import {
  type LinkedDeviceContext,
  linkedDeviceMachine,
  nicknameErrorOf,
} from '../../machines/linkedDevice/linkedDevice.machine';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { kitchenTablet, linkedDeviceInput, linkedDeviceModel, teamsSubscription } from './linkedDevice.cases';

const changeUnavailable = 'We could not change the device right now. Please try again later.';
const knownMessages: Record<string, string> = {
  [DeviceMessage.deviceNotFound]: 'There is no such device on your account.',
  [DeviceMessage.subscriptionSeatsFull]:
    'This subscription has no room for another device. Dissociate a device from it first, or add seats.',
  [DeviceMessage.nicknameRequired]: 'Please enter a name for the device.',
};

beforeAll(() => {
  // jsdom lays nothing out, so the dialog's focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['drivers'][string]>>[0]['screen'];
type Snapshot = { context: LinkedDeviceContext; matches: (state: string) => boolean };

const contextOf = (snapshot: unknown) => (snapshot as Snapshot).context;

/** The failure beside the device: the server's message, translated, or the view's own words. */
function expectFailureShown(screen: Screen, context: LinkedDeviceContext) {
  if (!context.failure) {
    expect(screen.queryByRole('alert')).toBeNull();
    return;
  }
  const { message } = context.failure;
  expect(screen.getByRole('alert')).toHaveTextContent(
    message ? (knownMessages[message] ?? message) : changeUnavailable,
  );
}

/** What is shown of the device in every state but the removed one. */
function expectDeviceShown(screen: Screen, context: LinkedDeviceContext) {
  const article = within(screen.getByRole('article', { name: new RegExp(`^${context.device.nickname}`) }));
  expect(article.getByText('Android')).toBeVisible();
  expect(article.getByText(context.device.subscription?.productName ?? 'No subscription')).toBeVisible();
  if (context.device.signedIn) expect(article.queryByText('Signed out')).toBeNull();
  else expect(article.getByText('Signed out')).toBeVisible();
}

describeModel('linkedDevice', {
  machine: linkedDeviceMachine,
  ...linkedDeviceModel,
  states: {
    idle: {
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expectDeviceShown(screen, context);
        expect(screen.getByRole('button', { name: `Rename ${context.device.nickname}` })).toBeEnabled();
        expect(screen.getByRole('button', { name: `Remove ${context.device.nickname}` })).toBeEnabled();
        const signOut = screen.queryByRole('button', { name: `Sign out ${context.device.nickname}` });
        if (context.device.signedIn) expect(signOut).toBeEnabled();
        else expect(signOut).toBeNull();
        expectFailureShown(screen, context);
      },
    },
    renaming: {
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expect(screen.getByLabelText(`New name for ${context.device.nickname}`)).toHaveValue(context.nicknameDraft);
        if (context.nicknameError)
          expect(screen.getByText(knownMessages[context.nicknameError] ?? context.nicknameError)).toBeVisible();
        expect(screen.getByRole('button', { name: 'Save name' })).toBeEnabled();
        expectFailureShown(screen, context);
      },
    },
    savingName: {
      machine: (snapshot) => expect(nicknameErrorOf(contextOf(snapshot).nicknameDraft)).toBeNull(),
      view: (screen) => expect(screen.getByRole('button', { name: 'Saving name…' })).toBeDisabled(),
    },
    choosingSubscription: {
      view: (screen, snapshot) => {
        const context = contextOf(snapshot);
        expect(screen.getByLabelText(`Subscription for ${context.device.nickname}`)).toHaveValue(
          context.subscriptionDraft,
        );
        expectFailureShown(screen, context);
      },
    },
    associating: {
      machine: (snapshot) => expect(contextOf(snapshot).subscriptionDraft).toBe(teamsSubscription.referenceId),
      view: (screen) => expect(screen.getByRole('button', { name: 'Saving subscription…' })).toBeDisabled(),
    },
    dissociating: {
      machine: (snapshot) => expect(contextOf(snapshot).subscriptionDraft).toBe(''),
      view: (screen) => expect(screen.getByRole('button', { name: 'Saving subscription…' })).toBeDisabled(),
    },
    confirmingRemoval: {
      view: (screen, snapshot) => {
        const dialog = within(screen.getByRole('alertdialog'));
        expect(dialog.getByRole('heading', { name: `Remove ${contextOf(snapshot).device.nickname}?` })).toBeVisible();
        expect(dialog.getByRole('button', { name: 'Remove device' })).toBeEnabled();
      },
    },
    removing: {
      view: (screen) =>
        expect(
          within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Removing device…' }),
        ).toBeDisabled(),
    },
    signingOut: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled(),
    },
    removed: {
      view: (screen, snapshot) =>
        expect(screen.getByRole('status')).toHaveTextContent(`${contextOf(snapshot).device.nickname} was removed.`),
    },
  },
  drivers: {
    'user.rename': ({ user, screen, snapshot }) =>
      user.click(screen.getByRole('button', { name: `Rename ${contextOf(snapshot).device.nickname}` })),
    'user.changeName': async ({ screen, event, snapshot }) => {
      fireEvent.change(screen.getByLabelText(`New name for ${contextOf(snapshot).device.nickname}`), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.saveName': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Save name' })),
    'user.editSubscription': ({ user, screen, snapshot }) =>
      user.click(screen.getByRole('button', { name: `Change subscription of ${contextOf(snapshot).device.nickname}` })),
    'user.chooseSubscription': async ({ screen, event, snapshot }) => {
      fireEvent.change(screen.getByLabelText(`Subscription for ${contextOf(snapshot).device.nickname}`), {
        target: { value: 'referenceId' in event ? event.referenceId : '' },
      });
    },
    'user.saveSubscription': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Save subscription' })),
    'user.remove': ({ user, screen, snapshot }) =>
      user.click(screen.getByRole('button', { name: `Remove ${contextOf(snapshot).device.nickname}` })),
    'user.confirmRemove': ({ user, screen }) =>
      user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove device' })),
    'user.signOut': ({ user, screen, snapshot }) =>
      user.click(screen.getByRole('button', { name: `Sign out ${contextOf(snapshot).device.nickname}` })),
    'user.cancel': ({ user, screen, snapshot }) =>
      user.click(
        screen.getByRole('button', {
          name: (snapshot as Snapshot).matches('confirmingRemoval') ? 'Keep device' : 'Cancel',
        }),
      ),
  },
});

type Calls = {
  renameDevice?: (request: RenameDeviceRequest) => Promise<LinkedDevice>;
  associateDevice?: (request: AssociateDeviceRequest) => Promise<LinkedDevice>;
};

const notCalled = async (): Promise<LinkedDevice> => {
  throw new Error('not called in this test');
};

function deviceActor({ renameDevice = notCalled, associateDevice = notCalled }: Calls) {
  const deviceChanged = vi.fn();
  const actor = createActor(
    linkedDeviceMachine.provide({
      actors: {
        renameDevice: fromPromise<LinkedDevice, RenameDeviceRequest>(({ input }) => renameDevice(input)),
        associateDevice: fromPromise<LinkedDevice, AssociateDeviceRequest>(({ input }) => associateDevice(input)),
      },
      actions: { deviceChanged },
    }),
    { input: linkedDeviceInput },
  ).start();
  return { actor, deviceChanged };
}

describe('linkedDevice machine', () => {
  it('sends the name trimmed, takes the device the server answers with, and says so once', async () => {
    const sent: unknown[] = [];
    const { actor, deviceChanged } = deviceActor({
      renameDevice: async (request) => {
        sent.push(request);
        return { ...kitchenTablet, nickname: request.nickname };
      },
    });
    actor.send({ type: 'user.rename' });
    actor.send({ type: 'user.changeName', value: '  Wohnzimmer  ' });
    actor.send({ type: 'user.saveName' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(sent).toEqual([{ deviceUUID: kitchenTablet.deviceUUID, nickname: 'Wohnzimmer' }]);
    expect(actor.getSnapshot().context.device.nickname).toBe('Wohnzimmer');
    expect(deviceChanged).toHaveBeenCalledTimes(1);
  });

  it('does not call the server for a name that did not change', () => {
    const renameDevice = vi.fn();
    const { actor } = deviceActor({ renameDevice });
    actor.send({ type: 'user.rename' });
    actor.send({ type: 'user.changeName', value: ' Kitchen tablet ' });
    actor.send({ type: 'user.saveName' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(renameDevice).not.toHaveBeenCalled();
  });

  it('keeps the choice open with the server’s reason when the subscription is full', async () => {
    const { actor, deviceChanged } = deviceActor({
      associateDevice: async () => {
        throw refused(ErrorCode.deviceRefused, DeviceMessage.subscriptionSeatsFull);
      },
    });
    actor.send({ type: 'user.editSubscription' });
    actor.send({ type: 'user.chooseSubscription', referenceId: teamsSubscription.referenceId });
    actor.send({ type: 'user.saveSubscription' });
    await waitFor(actor, (state) => state.matches('choosingSubscription') && state.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toBe(DeviceMessage.subscriptionSeatsFull);
    expect(actor.getSnapshot().context.device.subscription).toBeNull();
    expect(deviceChanged).not.toHaveBeenCalled();
  });

  it('checks names as the contract does: any script, no control characters, 64 at most', () => {
    expect(nicknameErrorOf('客厅的电视')).toBeNull();
    expect(nicknameErrorOf('غرفة المعيشة')).toBeNull();
    expect(nicknameErrorOf('   ')).toBe(DeviceMessage.nicknameRequired);
    expect(nicknameErrorOf('a\tb')).toBe(DeviceMessage.nicknameControlCharacters);
    expect(nicknameErrorOf('x'.repeat(65))).toBe(DeviceMessage.nicknameTooLong);
  });
});
