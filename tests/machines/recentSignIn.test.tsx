import { fireEvent } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { RecentSignInMessage, type RecentSignInRequest } from '../../contract/recent-sign-in';
import { SecondFactorMessage } from '../../contract/second-factor';
import {
  passwordRequired,
  type RecentSignInContext,
  recentSignInMachine,
} from '../../machines/recentSignIn/recentSignIn.machine';
import { BrowserRefusal } from '../../machines/support/refusal';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { passkeyAnswer, passkeyChallenge, password, recentSignInModel } from './recentSignIn.cases';
import { recoveryCode } from './secondFactorChallenge.cases';

type Machine = typeof recentSignInMachine;
type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['states'][string]['view']>>[0];
type Matching = { matches: (state: unknown) => boolean };

const contextOf = (snapshot: unknown) => (snapshot as { context: RecentSignInContext }).context;
const texts = {
  title: "Confirm it's you",
  reason: 'For your security, confirm it is you before making this change.',
  signInAgain: 'Sign in again to make this change.',
  rateLimited: 'Too many attempts. You can try again in 2 minutes.',
  passkeyRefused: 'This passkey was not recognised. Try another, or sign in with your password.',
  passkeyFailed: 'Your browser could not use a passkey. Try again, or confirm another way.',
  unavailable: 'We could not check this right now. Please try again.',
};
const fieldErrorTexts: Record<string, string> = {
  [passwordRequired]: 'Enter your password.',
  [RecentSignInMessage.passwordIncorrect]: 'That password is not right.',
  [SecondFactorMessage.codeRequired]: 'Enter the 6-digit code from your authenticator app.',
  [SecondFactorMessage.codeInvalid]: 'That code is not right. Enter the code your authenticator app shows now.',
  [SecondFactorMessage.recoveryCodeRequired]: 'Enter one of your recovery codes.',
  [SecondFactorMessage.recoveryCodeInvalid]: 'That recovery code is not right, or it was used already.',
};
const labels = {
  password: 'Password',
  authenticatorApp: 'Code from your authenticator app',
  recoveryCode: 'Recovery code',
} as const;

const fieldOf = (screen: Screen, snapshot: unknown) => {
  const { method } = contextOf(snapshot);
  if (!method) throw new Error('no field without a typed way of proving it');
  return screen.getByLabelText(labels[method]) as HTMLInputElement;
};

/** The passkey's button says what it is doing. */
function passkeyButtonOf(snapshot: unknown): string {
  const matches = (state: unknown) => (snapshot as Matching).matches(state);
  if (matches({ asking: 'gettingPasskeyOptions' }) || matches({ asking: 'waitingForPasskey' }))
    return 'Waiting for your passkey…';
  if (matches({ asking: 'confirming' }) && contextOf(snapshot).answer?.method === 'passkey') return 'Confirming…';
  return 'Use a passkey';
}

/** The dialog, as it asks: its name, the server's reason, the way of proving offered and what went wrong. */
function expectAsking(screen: Screen, snapshot: unknown) {
  const context = contextOf(snapshot);
  const dialog = screen.getByRole('dialog', { name: texts.title });
  expect(dialog).toHaveAccessibleDescription(texts.reason);
  expect(screen.queryByRole('button', { name: 'Sign in again' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  const { method, methods, typed, fieldError, problem } = context;
  if (methods.includes('passkey'))
    expect(screen.getByRole('button', { name: passkeyButtonOf(snapshot) })).toBeVisible();
  else expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  if (method) {
    const field = fieldOf(screen, snapshot);
    expect(field).toHaveValue(typed);
    if (method === 'password') expect(field).toHaveAttribute('autocomplete', 'current-password');
    if (method === 'authenticatorApp') {
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(field).toHaveAttribute('inputmode', 'numeric');
    }
    if (fieldError) {
      expect(screen.getByText(fieldErrorTexts[fieldError] ?? fieldError)).toBeVisible();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    } else expect(field).not.toHaveAttribute('aria-invalid');
    if (method === 'authenticatorApp')
      expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
    if (method === 'recoveryCode')
      expect(screen.getByRole('button', { name: 'Use your authenticator app instead' })).toBeVisible();
  } else expect(screen.queryByRole('textbox')).toBeNull();
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
  if (problem) expect(alerts).toContain(texts[problem]);
  if ((snapshot as Matching).matches({ asking: 'rateLimited' })) expect(alerts).toContain(texts.rateLimited);
  if (!problem && !(snapshot as Matching).matches({ asking: 'rateLimited' })) expect(alerts).toEqual([]);
}

const expectClosed = (screen: Screen) => expect(screen.queryByRole('dialog')).toBeNull();

const changeAnswer: Driver<Machine> = async ({ screen, event, snapshot }) => {
  fireEvent.change(fieldOf(screen, snapshot), { target: { value: 'value' in event ? event.value : '' } });
};

beforeAll(() => {
  // jsdom lays nothing out, so the focus trap would find nothing focusable: give elements a box.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
  );
});

describeModel('recentSignIn', {
  machine: recentSignInMachine,
  ...recentSignInModel,
  states: {
    idle: { view: expectClosed },
    asking: { view: expectAsking },
    'asking.answering': {
      view: (screen, snapshot) => {
        const { method, methods } = contextOf(snapshot);
        if (methods.includes('passkey')) expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
        if (method) expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
      },
    },
    'asking.gettingPasskeyOptions': {
      view: (screen) => expect(screen.getByRole('button', { name: 'Waiting for your passkey…' })).toBeDisabled(),
    },
    'asking.waitingForPasskey': {
      machine: (snapshot) => expect(snapshot.context.passkeyChallenge).toEqual(passkeyChallenge),
      view: (screen) => expect(screen.getByRole('button', { name: 'Waiting for your passkey…' })).toBeDisabled(),
    },
    'asking.confirming': {
      machine: (snapshot) => {
        const { answer, method, typed } = contextOf(snapshot);
        if (answer?.method === 'passkey') expect(answer.response).toEqual(passkeyAnswer);
        else if (method === 'password') expect(answer).toEqual({ method, password: typed });
        else expect(answer).toEqual({ method, code: typed });
      },
      view: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Confirming…' })).toBeDisabled();
        if (contextOf(snapshot).methods.includes('passkey') && contextOf(snapshot).answer?.method !== 'passkey')
          expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeDisabled();
      },
    },
    'asking.rateLimited': {
      machine: (snapshot) => expect(snapshot.context.retryAfterSeconds).toBe(90),
      view: (screen, snapshot) => {
        if (contextOf(snapshot).method) expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
        if (contextOf(snapshot).methods.includes('passkey'))
          expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeDisabled();
      },
    },
    signInAgain: {
      machine: (snapshot) => expect(snapshot.context.methods).toEqual([]),
      view: (screen) => {
        expect(screen.getByRole('dialog', { name: texts.title })).toHaveAccessibleDescription(texts.reason);
        expect(screen.getByText(texts.signInAgain)).toBeVisible();
        expect(screen.getByRole('button', { name: 'Sign in again' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
        expect(screen.queryByRole('textbox')).toBeNull();
      },
    },
    confirmed: { machine: (snapshot) => expect(snapshot.status).toBe('done'), view: expectClosed },
    cancelled: { machine: (snapshot) => expect(snapshot.status).toBe('done'), view: expectClosed },
    signingOut: { machine: (snapshot) => expect(snapshot.status).toBe('done'), view: expectClosed },
  },
  drivers: {
    'user.changeAnswer': changeAnswer,
    'user.submit': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Confirm' })),
    'user.usePasskey': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Use a passkey' })),
    'user.useRecoveryCode': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Use a recovery code instead' })),
    'user.useAuthenticatorApp': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' })),
    'user.signInAgain': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Sign in again' })),
    'user.cancel': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
});

function recentSignIn(
  calls: Partial<Record<'fetchPasskeyOptions' | 'askPasskey' | 'confirm', () => Promise<unknown>>> = {},
) {
  const effects = { signInAgain: vi.fn(), sent: [] as RecentSignInRequest[] };
  const actor = createActor(
    recentSignInMachine.provide({
      actors: {
        fetchPasskeyOptions: fromPromise(async () => {
          await calls.fetchPasskeyOptions?.();
          return passkeyChallenge;
        }),
        askPasskey: fromPromise(async ({ input }) => {
          expect(input).toEqual(passkeyChallenge);
          await calls.askPasskey?.();
          return passkeyAnswer;
        }),
        confirmRecentSignIn: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          await calls.confirm?.();
        }),
      },
      actions: { signInAgain: effects.signInAgain },
    }),
  ).start();
  return { actor, effects };
}

describe('recentSignIn machine', () => {
  it('confirms with the password and ends confirmed', async () => {
    const { actor, effects } = recentSignIn();
    actor.send({ type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods: ['password'] });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.fieldError).toBe(passwordRequired);
    actor.send({ type: 'user.changeAnswer', value: password });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(effects.sent).toEqual([{ method: 'password', password }]);
  });

  it("empties the field after a wrong answer, with the server's message", async () => {
    let refusals = 1;
    const { actor, effects } = recentSignIn({
      confirm: async () => {
        if (refusals-- > 0) throw refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid);
      },
    });
    actor.send({
      type: 'api.recentSignInRequired',
      reason: RecentSignInMessage.required,
      methods: ['authenticatorApp', 'recoveryCode'],
    });
    actor.send({ type: 'user.changeAnswer', value: '123456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.context.wrongAnswers === 1);
    expect(actor.getSnapshot().context).toMatchObject({ typed: '', fieldError: SecondFactorMessage.codeInvalid });
    actor.send({ type: 'user.useRecoveryCode' });
    actor.send({ type: 'user.changeAnswer', value: recoveryCode });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(effects.sent).toEqual([
      { method: 'authenticatorApp', code: '123456' },
      { method: 'recoveryCode', code: recoveryCode },
    ]);
  });

  it("proves it with a passkey: the server's options, the browser's answer, then the confirmation", async () => {
    const { actor, effects } = recentSignIn();
    actor.send({ type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods: ['passkey'] });
    expect(actor.getSnapshot().context.method).toBeNull();
    actor.send({ type: 'user.usePasskey' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(effects.sent).toEqual([{ method: 'passkey', response: passkeyAnswer }]);
  });

  it('goes back quietly when the person closes the browser’s passkey dialog', async () => {
    const { actor, effects } = recentSignIn({
      askPasskey: async () => {
        throw refused(BrowserRefusal.passkeyCancelled, null);
      },
    });
    actor.send({
      type: 'api.recentSignInRequired',
      reason: RecentSignInMessage.required,
      methods: ['passkey', 'password'],
    });
    actor.send({ type: 'user.usePasskey' });
    await waitFor(actor, (state) => state.matches({ asking: 'answering' }));
    expect(actor.getSnapshot().context).toMatchObject({ problem: null, fieldError: null, passkeyChallenge: null });
    expect(effects.sent).toEqual([]);
  });

  it("says the server's refusal of a passkey, and forgets it at the next attempt", async () => {
    let refusals = 1;
    const { actor } = recentSignIn({
      confirm: async () => {
        if (refusals-- > 0) throw refused(ErrorCode.secondFactorExpired, PasskeyMessage.expired);
      },
    });
    actor.send({ type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods: ['passkey'] });
    actor.send({ type: 'user.usePasskey' });
    await waitFor(actor, (state) => state.context.problem !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      problem: 'passkeyRefused',
      problemMessage: PasskeyMessage.expired,
    });
    actor.send({ type: 'user.usePasskey' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await waitFor(actor, (state) => state.status === 'done');
  });

  it('waits for the Retry-After of too many attempts before the answer can be sent', async () => {
    vi.useFakeTimers();
    try {
      let refusals = 1;
      const { actor } = recentSignIn({
        confirm: async () => {
          if (refusals-- > 0) throw refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 120 });
        },
      });
      actor.send({ type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods: ['password'] });
      actor.send({ type: 'user.changeAnswer', value: password });
      actor.send({ type: 'user.submit' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ asking: 'rateLimited' })).toBe(true));
      actor.send({ type: 'user.submit' });
      expect(actor.getSnapshot().matches({ asking: 'rateLimited' })).toBe(true);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(actor.getSnapshot().matches({ asking: 'answering' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without any way of proving it, offers to sign in again: that signs out and ends unconfirmed', () => {
    const { actor, effects } = recentSignIn();
    actor.send({ type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods: [] });
    expect(actor.getSnapshot().value).toBe('signInAgain');
    actor.send({ type: 'user.signInAgain' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(effects.signInAgain).toHaveBeenCalledOnce();
  });

  it('ends cancelled on a cancel, even while a proof is being checked', async () => {
    const { actor } = recentSignIn({ confirm: () => new Promise(() => {}) });
    actor.send({ type: 'api.recentSignInRequired', reason: RecentSignInMessage.required, methods: ['password'] });
    actor.send({ type: 'user.changeAnswer', value: password });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches({ asking: 'confirming' })).toBe(true);
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });
});
