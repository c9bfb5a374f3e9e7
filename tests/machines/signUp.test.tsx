import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, SimulatedClock, transition } from 'xstate';
import { detailsErrorsOf, passwordErrorsOf, signUpMachine } from '../../machines/signUp/signUp.machine';
import { signUpPathOf } from '../../src/features/sign-up/sign-up.screen';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { refusalCodes, signUpModel } from './signUp.cases';

type Machine = typeof signUpMachine;

/** Sets a field the way a person's typing ends: a change event with the whole value. */
function changeField(label: string): Driver<Machine> {
  return async ({ screen, event }) => {
    const input = screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'value' in event ? event.value : '' } });
  };
}

const click =
  (name: string): Driver<Machine> =>
  async ({ user, screen }) =>
    user.click(screen.getByRole('button', { name }));

const waiting = 'Please wait while we check your request…';

const failureTexts = {
  emailTaken: 'An account with this E-Mail already exists with us',
  botCheckFailed: 'The check that you are not a robot did not succeed. Please try it again.',
  invalidCode: 'Invalid code, please try again.',
  codeExpired: 'This code no longer works. Please ask for a new one.',
  resendFailed:
    'We were unable to send a new verification code to you email. Please contact support if this issue persists.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  passwordTooCommon: 'This password is one of the most common ones. Please choose another.',
  unavailable: 'Something went wrong trying to create your account. Please try again later or contact support',
} as const;

const fieldTexts: Record<string, string> = {
  'The E-Mail address provided is invalid': 'The E-Mail address provided is invalid',
  "The E-Mail addresses don't match": "The E-Mail addresses don't match",
  botCheckMissing: 'Please complete the check that you are not a robot.',
  'Invalid code, please try again.': 'Invalid code, please try again.',
  'Password is required': 'Password is required',
  'Please use at least 8 characters.': 'Please use at least 8 characters.',
  "Password doesn't match": "Password doesn't match",
};

describeModel('signUp', {
  machine: signUpMachine,
  ...signUpModel,
  states: {
    enteringDetails: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
        expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
        const { failure, fieldErrors } = snapshot.context;
        if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[failure as 'emailTaken']);
        for (const key of Object.values(fieldErrors).filter((key) => key !== undefined))
          expect(screen.getByText(fieldTexts[String(key)] ?? String(key))).toBeVisible();
      },
    },
    creatingAccount: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(waiting);
      },
    },
    verifying: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
        expect(screen.getByText(snapshot.context.email, { exact: false })).toBeVisible();
        if (snapshot.context.codeResent)
          expect(screen.getByText('A new verification code has been sent to your email!')).toBeVisible();
        // A new code needs the bot check too: it is on this step, and says when it was skipped.
        expect(screen.getByRole('button', { name: 'I am not a robot' })).toBeVisible();
        if (snapshot.context.fieldErrors.botCheck)
          expect(screen.getByText(fieldTexts.botCheckMissing as string)).toBeVisible();
        else expect(screen.queryByText(fieldTexts.botCheckMissing as string)).toBeNull();
      },
    },
    'verifying.awaitingCode': {
      machine: (snapshot) => expect(snapshot.context.codeSecondsLeft).not.toBe(0),
    },
    'verifying.awaitingCode.enteringCode': {
      view: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
        const resend = screen.getByRole('button', { name: 'Send a new code' });
        if (snapshot.context.canResend) expect(resend).toBeEnabled();
        else expect(resend).toBeDisabled();
        if (snapshot.context.codeSecondsLeft)
          expect(screen.getByText(/The code works for another \d:\d\d\./)).toBeVisible();
        const { failure, fieldErrors } = snapshot.context;
        if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[failure as 'invalidCode']);
        if (fieldErrors.code) expect(screen.getByText('Invalid code, please try again.')).toBeVisible();
      },
    },
    'verifying.awaitingCode.checkingCode': {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(waiting);
      },
    },
    'verifying.awaitingCode.resendingCode': {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent(waiting),
    },
    'verifying.needsNewCode': {
      machine: (snapshot) =>
        expect(['codeExpired', 'invalidCode', 'resendFailed', 'rateLimited', 'botCheckFailed']).toContain(
          snapshot.context.failure,
        ),
      view: (screen, snapshot) => {
        expect(screen.queryByLabelText('Verification code')).toBeNull();
        expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
        expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[snapshot.context.failure as 'codeExpired']);
      },
    },
    'verifying.resendingAfterExpiry': {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(waiting);
      },
    },
    choosingPassword: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeVisible();
        expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
        const { failure, fieldErrors } = snapshot.context;
        if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failureTexts[failure as 'unavailable']);
        for (const key of Object.values(fieldErrors).filter((key) => key !== undefined))
          expect(screen.getByText(fieldTexts[String(key)] ?? String(key))).toBeVisible();
      },
    },
    finalizing: {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(waiting);
      },
    },
    verified: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Account verified' })).toBeVisible();
        expect(screen.getByRole('link', { name: 'Back to the app' })).toBeVisible();
      },
    },
  },
  drivers: {
    'user.changeEmail': changeField('E-Mail'),
    'user.changeRepeatEmail': changeField('Repeat e-mail'),
    'botCheck.solved': click('I am not a robot'),
    'botCheck.expired': click('Let the check expire'),
    'user.submitDetails': click('Continue'),
    'user.changeCode': changeField('Verification code'),
    'user.submitCode': click('Verify'),
    'user.resendCode': click('Send a new code'),
    'user.startOver': click('Sign up again with another address'),
    'user.changePassword': changeField('Password'),
    'user.changeRepeatPassword': changeField('Repeat password'),
    'user.submitPassword': click('Create account'),
  },
});

/** Runs the machine with actors that answer as given, on a clock the test moves. */
function startSignUp(answers: { validate?: () => Promise<void> } = {}) {
  const clock = new SimulatedClock();
  const calls = { create: 0, resend: 0 };
  const machine = signUpMachine.provide({
    actors: {
      createPendingAccount: fromPromise(async () => {
        calls.create += 1;
      }),
      resendCode: fromPromise(async () => {
        calls.resend += 1;
      }),
      validateCode: fromPromise(answers.validate ?? (async () => {})),
    },
  });
  const actor = createActor(machine, { input: { botCheckRequired: false }, clock }).start();
  return { actor, clock, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function toCodeStep(actor: ReturnType<typeof startSignUp>['actor']) {
  actor.send({ type: 'user.changeEmail', value: 'Sam@Example.com ' });
  actor.send({ type: 'user.changeRepeatEmail', value: 'sam@example.com' });
  actor.send({ type: 'user.submitDetails' });
  await settle();
  expect(actor.getSnapshot().matches({ verifying: { awaitingCode: 'enteringCode' } })).toBe(true);
}

describe('signUp machine in time', () => {
  it('lets the code expire after five minutes, counting down each tick', async () => {
    const { actor, clock } = startSignUp();
    await toCodeStep(actor);
    expect(actor.getSnapshot().context.codeSecondsLeft).toBe(300);
    actor.send({ type: 'clock.tick' });
    expect(actor.getSnapshot().context.codeSecondsLeft).toBe(299);
    clock.increment(299_999);
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('codeExpired');
  });

  it('offers a resend after the cooldown, and a resent code gets a fresh five minutes', async () => {
    const { actor, clock, calls } = startSignUp();
    await toCodeStep(actor);
    actor.send({ type: 'user.resendCode' });
    expect(calls.resend).toBe(0);
    clock.increment(30_000);
    expect(actor.getSnapshot().context.canResend).toBe(true);
    clock.increment(200_000);
    actor.send({ type: 'user.resendCode' });
    await settle();
    expect(calls.resend).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ codeResent: true, canResend: false, codeSecondsLeft: 300 });
    clock.increment(299_000);
    expect(actor.getSnapshot().matches({ verifying: { awaitingCode: 'enteringCode' } })).toBe(true);
    clock.increment(1_000);
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
  });

  it('keeps the running code timer through a wrong code', async () => {
    const { actor, clock } = startSignUp({
      validate: async () => {
        throw refused(refusalCodes.invalidCode, null);
      },
    });
    await toCodeStep(actor);
    clock.increment(100_000);
    actor.send({ type: 'user.changeCode', value: '000000' });
    actor.send({ type: 'user.submitCode' });
    await settle();
    expect(actor.getSnapshot().context.failure).toBe('invalidCode');
    clock.increment(200_000);
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
  });

  it('takes a code the server says is used up (the fifth wrong try) to the step that asks for a new one', async () => {
    const { actor, clock } = startSignUp({
      validate: async () => {
        throw refused(refusalCodes.codeExpired, null);
      },
    });
    await toCodeStep(actor);
    actor.send({ type: 'user.changeCode', value: '000000' });
    actor.send({ type: 'user.submitCode' });
    await settle();
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'codeExpired', code: '' });
    // Its timers are gone with the dead code.
    clock.increment(300_000);
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
  });

  it('asks for the bot check before a new code, sends its answer, and wants a fresh one after', async () => {
    const clock = new SimulatedClock();
    const resent: unknown[] = [];
    const machine = signUpMachine.provide({
      actors: {
        createPendingAccount: fromPromise(async () => {}),
        resendCode: fromPromise(async ({ input }) => {
          resent.push(input);
        }),
      },
    });
    const actor = createActor(machine, { input: { botCheckRequired: true }, clock }).start();
    actor.send({ type: 'user.changeEmail', value: 'Sam@Example.com' });
    actor.send({ type: 'user.changeRepeatEmail', value: 'sam@example.com' });
    actor.send({ type: 'botCheck.solved', token: 'create-token' });
    actor.send({ type: 'user.submitDetails' });
    await settle();
    // The first code spent the answer: the code step shows a fresh check.
    expect(actor.getSnapshot().context).toMatchObject({ botToken: '', botCheckRound: 1 });

    clock.increment(30_000);
    actor.send({ type: 'user.resendCode' });
    await settle();
    expect(resent).toEqual([]);
    expect(actor.getSnapshot().matches({ verifying: { awaitingCode: 'enteringCode' } })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ botCheck: 'botCheckMissing' });

    actor.send({ type: 'botCheck.solved', token: 'resend-token' });
    expect(actor.getSnapshot().context.fieldErrors.botCheck).toBeUndefined();
    actor.send({ type: 'user.resendCode' });
    await settle();
    expect(resent).toEqual([{ email: 'sam@example.com', botToken: 'resend-token' }]);
    expect(actor.getSnapshot().context).toMatchObject({ codeResent: true, botToken: '', botCheckRound: 2 });

    // A dead code asks for the check the same way.
    clock.increment(300_000);
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
    actor.send({ type: 'user.resendCode' });
    expect(actor.getSnapshot().matches({ verifying: 'needsNewCode' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      failure: 'codeExpired',
      fieldErrors: { botCheck: 'botCheckMissing' },
    });
    actor.send({ type: 'botCheck.solved', token: 'third-token' });
    actor.send({ type: 'user.resendCode' });
    await settle();
    expect(resent).toHaveLength(2);
    expect(resent[1]).toEqual({ email: 'sam@example.com', botToken: 'third-token' });
  });

  it('starting over asks for a new code from the e-mail step', async () => {
    const { actor, calls } = startSignUp();
    await toCodeStep(actor);
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().context.email).toBe('Sam@Example.com ');
    actor.send({ type: 'user.submitDetails' });
    await settle();
    expect(calls.create).toBe(2);
  });
});

describe('signUp machine', () => {
  it('opens at the code step from the link in the mail, with resend allowed at once', () => {
    const [snapshot] = initialTransition(signUpMachine, {
      botCheckRequired: true,
      step: 'verify',
      email: 'sam@example.com',
    });
    expect(snapshot.matches({ verifying: { awaitingCode: 'enteringCode' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ canResend: true, codeSecondsLeft: null });
    expect(signUpPathOf(snapshot)).toBe('/verify-email');
  });

  it('starts at the e-mail step on /verify-email without an address', () => {
    const [snapshot] = initialTransition(signUpMachine, { botCheckRequired: true, step: 'verify' });
    expect(snapshot.value).toBe('enteringDetails');
    expect(signUpPathOf(snapshot)).toBe('/create');
  });

  it('refuses to go on without the bot check, and says which fields are wrong', () => {
    let [snapshot] = initialTransition(signUpMachine, { botCheckRequired: true });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.changeEmail', value: 'sam@example.com' });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.changeRepeatEmail', value: 'sam@example.org' });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.submitDetails' });
    expect(snapshot.value).toBe('enteringDetails');
    expect(snapshot.context.fieldErrors).toEqual({
      repeatEmail: "The E-Mail addresses don't match",
      botCheck: 'botCheckMissing',
    });
  });

  it('treats addresses that differ only in case and spaces as the same', () => {
    expect(
      detailsErrorsOf({
        email: ' Sam@Example.com',
        repeatEmail: 'sam@example.com',
        botCheckRequired: false,
        botToken: '',
      }),
    ).toEqual({});
  });

  it('checks the password and its repetition', () => {
    expect(passwordErrorsOf({ password: '', repeatPassword: '' })).toEqual({ password: 'Password is required' });
    expect(passwordErrorsOf({ password: 'short', repeatPassword: 'short' })).toEqual({
      password: 'Please use at least 8 characters.',
    });
    expect(passwordErrorsOf({ password: 'long enough', repeatPassword: 'long enougH' })).toEqual({
      repeatPassword: "Password doesn't match",
    });
  });

  it('spends the bot-check token on a refused creation', () => {
    let [snapshot] = initialTransition(signUpMachine, { botCheckRequired: true });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.changeEmail', value: 'sam@example.com' });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.changeRepeatEmail', value: 'sam@example.com' });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'botCheck.solved', token: 'token' });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.submitDetails' });
    expect(snapshot.value).toBe('creatingAccount');
    [snapshot] = transition(signUpMachine, snapshot, {
      type: 'xstate.error.actor.createPendingAccount',
      error: refused(refusalCodes.emailTaken, null),
      actorId: 'createPendingAccount',
    } as never);
    expect(snapshot.context).toMatchObject({ failure: 'emailTaken', botToken: '', botCheckRound: 1 });
  });

  it('tells a refused bot check on a resend apart from other resend failures', () => {
    let [snapshot] = initialTransition(signUpMachine, {
      botCheckRequired: true,
      step: 'verify',
      email: 'sam@example.com',
    });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'botCheck.solved', token: 'token' });
    [snapshot] = transition(signUpMachine, snapshot, { type: 'user.resendCode' });
    expect(snapshot.matches({ verifying: { awaitingCode: 'resendingCode' } })).toBe(true);
    [snapshot] = transition(signUpMachine, snapshot, {
      type: 'xstate.error.actor.resendCode',
      error: refused(refusalCodes.botCheckFailed, null),
      actorId: 'resendCode',
    } as never);
    expect(snapshot.matches({ verifying: { awaitingCode: 'enteringCode' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ failure: 'botCheckFailed', botToken: '', botCheckRound: 1 });
  });
});
