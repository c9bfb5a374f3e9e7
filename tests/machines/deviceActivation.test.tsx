import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { DeviceMessage, type LinkDeviceRequest, type LinkedDevice } from '../../contract/devices';
import { ErrorCode } from '../../contract/errors';
import { deviceActivationMachine } from '../../machines/deviceActivation/deviceActivation.machine';
import { DeviceActivationView } from '../../src/features/device-activation/device-activation.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { deviceActivationModel, input, linkedTablet, userid } from './deviceActivation.cases';

const linkUnavailable = 'We could not link the device right now. Please try again later.';

describeModel('deviceActivation', {
  machine: deviceActivationMachine,
  ...deviceActivationModel,
  states: {
    enteringCode: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Device Activation');
        expect(screen.getByLabelText('Activation code')).toHaveValue(snapshot.context.code);
        expect(screen.getByRole('button', { name: 'Link device' })).toBeEnabled();
        if (snapshot.context.codeError) expect(screen.getByText(DeviceMessage.codeInvalid)).toBeVisible();
        else expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    linking: {
      machine: (snapshot) => expect(snapshot.context.code).toMatch(/^\d{6}$/),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Linking device…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    refused: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? linkUnavailable);
        expect(screen.getByLabelText('Activation code')).toHaveValue(snapshot.context.code);
      },
    },
    limitReached: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(DeviceMessage.deviceLimitReached);
        expect(screen.getByRole('link', { name: 'Manage your devices' })).toHaveAttribute('href', '/account#devices');
      },
    },
    linked: {
      machine: (snapshot) => expect(snapshot.context.linkedDevice).toEqual(linkedTablet),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('Kitchen tablet is linked to your account.');
        expect(screen.getByText(/It counts as one of your devices \(Android\)/)).toBeVisible();
        expect(screen.getByRole('link', { name: 'See your devices' })).toHaveAttribute('href', '/account#devices');
        expect(screen.queryByLabelText('Activation code')).toBeNull();
      },
    },
  },
  drivers: {
    'user.changeCode': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Activation code'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.link': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Link device' })),
    'user.activateAnother': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Activate another device' })),
  },
});

function activatingWith(link: (request: LinkDeviceRequest) => Promise<LinkedDevice>, initialCode?: string) {
  const deviceLinked = vi.fn();
  const actor = createActor(
    deviceActivationMachine.provide({
      actors: { linkDevice: fromPromise<LinkedDevice, LinkDeviceRequest>(({ input }) => link(input)) },
      actions: { deviceLinked },
    }),
    { input: { userid, initialCode } },
  ).start();
  return { actor, deviceLinked };
}

describe('deviceActivation machine', () => {
  it('links with the code from the link, trimmed, for the signed-in person, and says so once', async () => {
    const sent: LinkDeviceRequest[] = [];
    const { actor, deviceLinked } = activatingWith(async (request) => {
      sent.push(request);
      return linkedTablet;
    }, ' 482913 ');
    actor.send({ type: 'user.link' });
    await waitFor(actor, (state) => state.matches('linked'));
    expect(sent).toEqual([{ userid, activationCode: '482913' }]);
    expect(deviceLinked).toHaveBeenCalledTimes(1);
  });

  it('checks the code before calling: five digits are not sent', () => {
    let [snapshot] = initialTransition(deviceActivationMachine, input);
    [snapshot] = transition(deviceActivationMachine, snapshot, { type: 'user.changeCode', value: '48291' });
    [snapshot] = transition(deviceActivationMachine, snapshot, { type: 'user.link' });
    expect(snapshot.value).toBe('enteringCode');
    expect(snapshot.context.codeError).toBe(DeviceMessage.codeInvalid);
  });

  it('tells a full account apart from a wrong code, and lets the person try again after removing one', async () => {
    let calls = 0;
    const { actor, deviceLinked } = activatingWith(async () => {
      calls += 1;
      if (calls === 1) throw refused(ErrorCode.deviceLimitReached, DeviceMessage.deviceLimitReached);
      return linkedTablet;
    }, '482913');
    actor.send({ type: 'user.link' });
    await waitFor(actor, (state) => state.matches('limitReached'));
    actor.send({ type: 'user.link' });
    await waitFor(actor, (state) => state.matches('linked'));
    expect(deviceLinked).toHaveBeenCalledTimes(1);
  });
});

describe('deviceActivation view', () => {
  it('shows a message the server sent that the portal does not know, as it came', () => {
    let [snapshot] = initialTransition(deviceActivationMachine, { userid, initialCode: '482913' });
    for (const event of [
      { type: 'user.link' },
      {
        type: 'xstate.error.actor.linkDevice',
        error: refused(ErrorCode.invalidCode, 'Ask support.'),
        actorId: 'linkDevice',
      },
    ])
      [snapshot] = transition(deviceActivationMachine, snapshot, event as never);
    render(
      <TestI18n>
        <DeviceActivationView snapshot={snapshot} send={vi.fn()} onNavigate={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ask support.');
  });
});
