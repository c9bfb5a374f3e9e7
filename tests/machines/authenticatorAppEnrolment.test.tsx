import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { SecondFactorMessage } from '../../contract/second-factor';
import {
  type AuthenticatorAppEnrolmentContext,
  authenticatorAppEnrolmentMachine,
} from '../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { authenticatorAppEnrolmentModel, isAppOn, recoveryCodes, setup } from './authenticatorAppEnrolment.cases';

type Machine = typeof authenticatorAppEnrolmentMachine;
type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['states'][string]['view']>>[0];

const contextOf = (snapshot: unknown) => (snapshot as { context: AuthenticatorAppEnrolmentContext }).context;
const texts = {
  conflict: 'Your two-step sign-in was changed meanwhile, perhaps in another window. Here is how it is now.',
  expired: 'This setup took too long. Start again to get a new key.',
  unavailable: 'We could not change your two-step sign-in right now. Please try again.',
  rateLimited: 'Too many attempts. You can try again in 2 minutes.',
  turnedOff: 'Your authenticator app is off. Signing in asks only for your password again.',
  codeInvalid: 'That code is not right. Enter the code your authenticator app shows now.',
  recoveryCodeInvalid: 'That recovery code is not right, or it was used already.',
};
const failureTexts = {
  conflict: texts.conflict,
  expired: texts.expired,
  unavailable: texts.unavailable,
  rateLimited: texts.rateLimited,
} as const;

const proofField = (screen: Screen, snapshot: unknown) =>
  screen.getByLabelText(
    contextOf(snapshot).method === 'authenticatorApp' ? 'Code from your authenticator app' : 'Recovery code',
  ) as HTMLInputElement;
const codeField = (screen: Screen, snapshot: unknown) =>
  (snapshot as { matches: (state: string) => boolean }).matches('settingUp')
    ? (screen.getByLabelText('Code from the app') as HTMLInputElement)
    : proofField(screen, snapshot);

function expectFailure(screen: Screen, snapshot: unknown) {
  const { failure } = contextOf(snapshot);
  if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[failure]);
  else expect(screen.queryByRole('alert')).toBeNull();
}

/** The field of a code as it is now: its value, and the refusal of a wrong one (then emptied and focused). */
function expectCodeField(screen: Screen, snapshot: unknown) {
  const { code, codeError } = contextOf(snapshot);
  const field = codeField(screen, snapshot);
  expect(field).toHaveValue(code);
  if (codeError === SecondFactorMessage.codeInvalid) expect(screen.getByText(texts.codeInvalid)).toBeVisible();
  if (codeError === SecondFactorMessage.recoveryCodeInvalid)
    expect(screen.getByText(texts.recoveryCodeInvalid)).toBeVisible();
  if (codeError !== null) expect(field).toHaveAttribute('aria-invalid', 'true');
}

function expectProof(screen: Screen, snapshot: unknown, title: string) {
  expect(screen.getByRole('heading', { level: 3, name: title })).toBeVisible();
  expectCodeField(screen, snapshot);
  const byApp = contextOf(snapshot).method === 'authenticatorApp';
  expect(
    screen.getByRole('button', { name: byApp ? 'Use a recovery code instead' : 'Use your authenticator app instead' }),
  ).toBeVisible();
}

const changeCode: Driver<Machine> = async ({ screen, event, snapshot }) => {
  fireEvent.change(codeField(screen, snapshot), { target: { value: 'value' in event ? event.value : '' } });
};

describeModel('authenticatorAppEnrolment', {
  machine: authenticatorAppEnrolmentMachine,
  ...authenticatorAppEnrolmentModel,
  states: {
    idle: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 3, name: 'Two-step sign-in' })).toBeVisible();
        expectFailure(screen, snapshot);
        if (contextOf(snapshot).notice === 'turnedOff')
          expect(screen.getByRole('status')).toHaveTextContent(texts.turnedOff);
        if (isAppOn(contextOf(snapshot))) {
          expect(screen.getByRole('button', { name: 'Turn off' })).toBeEnabled();
          expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeEnabled();
        } else expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
      },
    },
    startingSetup: {
      view: (screen) => expect(screen.getByRole('button', { name: 'Setting up…' })).toBeDisabled(),
    },
    settingUp: {
      machine: (snapshot) => expect(snapshot.context.setup).toEqual(setup),
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 3, name: 'Set up your authenticator app' })).toBeVisible();
        expect(screen.getByRole('img', { name: 'QR code to add your account to an authenticator app' })).toBeVisible();
        expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
        expectCodeField(screen, snapshot);
        expectFailure(screen, snapshot);
      },
    },
    'settingUp.enteringCode': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled(),
    },
    'settingUp.confirming': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Turning on…' })).toBeDisabled(),
    },
    setupExpired: {
      machine: (snapshot) => expect(snapshot.context.setup).toBeNull(),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(texts.expired);
        expect(screen.getByRole('button', { name: 'Start again' })).toBeEnabled();
      },
    },
    turningOff: {
      view: (screen, snapshot) => {
        expectProof(screen, snapshot, 'Turn off your authenticator app');
        expectFailure(screen, snapshot);
      },
    },
    'turningOff.proving': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Turn off' })).toBeEnabled(),
    },
    'turningOff.sending': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Turning off…' })).toBeDisabled(),
    },
    replacingCodes: {
      view: (screen, snapshot) => {
        expectProof(screen, snapshot, 'Get new recovery codes');
        expectFailure(screen, snapshot);
      },
    },
    'replacingCodes.proving': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Get new codes' })).toBeEnabled(),
    },
    'replacingCodes.sending': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Getting new codes…' })).toBeDisabled(),
    },
    showingRecoveryCodes: {
      machine: (snapshot) => expect(snapshot.context.recoveryCodes).toEqual(recoveryCodes),
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 3, name: 'Your recovery codes' })).toBeVisible();
        const list = within(screen.getByRole('list', { name: 'Recovery codes' }));
        expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
        const { copy } = contextOf(snapshot);
        const status = screen.getByRole('status');
        if (copy === 'copied') expect(status).toHaveTextContent('Recovery codes copied');
        else if (copy === 'failed') expect(status).toHaveTextContent('Your browser did not let us copy the codes.');
        else expect(status).toBeEmptyDOMElement();
      },
    },
  },
  drivers: {
    'user.setUp': ({ user, screen, snapshot }) =>
      user.click(
        screen.getByRole('button', {
          name: (snapshot as { matches: (state: string) => boolean }).matches('setupExpired')
            ? 'Start again'
            : 'Set up an authenticator app',
        }),
      ),
    'user.turnOff': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Turn off' })),
    'user.newRecoveryCodes': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'New recovery codes' })),
    'user.cancel': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'user.changeCode': changeCode,
    'user.submit': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: /^(Turn on|Turn off|Get new codes)$/ })),
    'user.useRecoveryCode': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Use a recovery code instead' })),
    'user.useAuthenticatorApp': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' })),
    'user.copy': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Copy' })),
    'user.download': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Download' })),
    'user.done': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Done' })),
  },
});

function enrolment(
  calls: Partial<Record<'startSetup' | 'confirmSetup' | 'turnOff' | 'replace', () => Promise<unknown>>>,
) {
  const effects = { statusChanged: vi.fn(), copyCodes: vi.fn(), downloadCodes: vi.fn(), sent: [] as unknown[] };
  const actor = createActor(
    authenticatorAppEnrolmentMachine.provide({
      actors: {
        startSetup: fromPromise(async () => (calls.startSetup ? ((await calls.startSetup()) as typeof setup) : setup)),
        confirmSetup: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          return calls.confirmSetup ? ((await calls.confirmSetup()) as string[]) : recoveryCodes;
        }),
        turnOff: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          await calls.turnOff?.();
        }),
        replaceRecoveryCodes: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          return calls.replace ? ((await calls.replace()) as string[]) : recoveryCodes;
        }),
      },
      actions: {
        statusChanged: effects.statusChanged,
        copyCodes: (_, codes) => effects.copyCodes(codes),
        downloadCodes: (_, codes) => effects.downloadCodes(codes),
      },
    }),
  ).start();
  return { actor, effects };
}

describe('authenticatorAppEnrolment machine', () => {
  it('turns the app on with its first code, shows the recovery codes once, and forgets them when done', async () => {
    const { actor, effects } = enrolment({});
    actor.send({ type: 'user.setUp' });
    await waitFor(actor, (state) => state.matches('settingUp'));
    actor.send({ type: 'user.changeCode', value: '123 456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('showingRecoveryCodes'));
    expect(effects.sent).toEqual([{ code: '123 456' }]);
    expect(effects.statusChanged).toHaveBeenCalledOnce();
    actor.send({ type: 'user.copy' });
    actor.send({ type: 'user.download' });
    expect(effects.copyCodes).toHaveBeenCalledWith(recoveryCodes);
    expect(effects.downloadCodes).toHaveBeenCalledWith(recoveryCodes);
    actor.send({ type: 'user.done' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCodes: null, setup: null, notice: 'turnedOn' });
  });

  it('sends no malformed code, and empties the field after a wrong one', async () => {
    const { actor, effects } = enrolment({
      confirmSetup: async () => {
        throw refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid);
      },
    });
    actor.send({ type: 'user.setUp' });
    await waitFor(actor, (state) => state.matches('settingUp'));
    actor.send({ type: 'user.changeCode', value: '12' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.codeError).toBe(SecondFactorMessage.codeRequired);
    actor.send({ type: 'user.changeCode', value: '654321' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches({ settingUp: 'enteringCode' }) && state.context.wrongCodes === 1);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', codeError: SecondFactorMessage.codeInvalid });
    expect(effects.sent).toHaveLength(1);
  });

  it('turns the app off with a recovery code as proof', async () => {
    const { actor, effects } = enrolment({});
    actor.send({ type: 'user.turnOff' });
    actor.send({ type: 'user.useRecoveryCode' });
    actor.send({ type: 'user.changeCode', value: 'abcd-efgh-jkmn-pqrs-tvwx-yz01-23' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(effects.sent).toEqual([{ proof: { method: 'recoveryCode', code: 'abcd-efgh-jkmn-pqrs-tvwx-yz01-23' } }]);
    expect(actor.getSnapshot().context.notice).toBe('turnedOff');
    expect(effects.statusChanged).toHaveBeenCalledOnce();
  });

  it('says so and reads the status again when the app was not on', async () => {
    const { actor, effects } = enrolment({
      replace: async () => {
        throw refused(ErrorCode.secondFactorConflict, SecondFactorMessage.alreadyOn);
      },
    });
    actor.send({ type: 'user.newRecoveryCodes' });
    actor.send({ type: 'user.changeCode', value: '123456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context.failure).toBe('conflict');
    expect(effects.statusChanged).toHaveBeenCalledOnce();
  });

  it('starts a setup that took too long over with a new key', async () => {
    let answers = 0;
    const { actor } = enrolment({
      startSetup: async () => ({ ...setup, secret: `${setup.secret}${++answers}` }),
      confirmSetup: async () => {
        throw refused(ErrorCode.secondFactorExpired, SecondFactorMessage.setupExpired);
      },
    });
    actor.send({ type: 'user.setUp' });
    await waitFor(actor, (state) => state.matches('settingUp'));
    actor.send({ type: 'user.changeCode', value: '123456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('setupExpired'));
    actor.send({ type: 'user.setUp' });
    await waitFor(actor, (state) => state.matches('settingUp'));
    expect(actor.getSnapshot().context.setup?.secret).toBe(`${setup.secret}2`);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
