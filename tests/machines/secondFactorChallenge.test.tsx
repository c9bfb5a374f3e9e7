import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { type SecondFactorAnswer, SecondFactorMessage } from '../../contract/second-factor';
import {
  type PasskeyAnswer,
  type SecondFactorChallengeContext,
  secondFactorChallengeMachine,
  secondFactorFailureOf,
} from '../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { refusalOf } from '../../machines/support/refusal';
import {
  answerSecondFactor,
  askForSecondFactorPasskey,
} from '../../src/features/second-factor-challenge/second-factor-challenge.actors';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import {
  allMethods,
  passwordSignedIn,
  recoveryCode,
  secondFactorChallengeModel,
  signInHref,
} from './secondFactorChallenge.cases';
import { passkeyAssertion } from './signIn.cases';

// The browser's WebAuthn library, at the actors' edge only: the machine's tests inject their actors.
const webAuthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

type Machine = typeof secondFactorChallengeMachine;
type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['states'][string]['view']>>[0];

const contextOf = (snapshot: unknown) => (snapshot as { context: SecondFactorChallengeContext }).context;
const texts = {
  appLabel: 'Code from your authenticator app',
  recoveryLabel: 'Recovery code',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is not right. Enter the code your authenticator app shows now.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  recoveryCodeInvalid: 'That recovery code is not right, or it was used already.',
  rateLimited: 'Too many attempts. You can try again in 2 minutes.',
  expired: 'This sign-in took too long. Please sign in again.',
  unavailable: 'We could not check your code right now. Please try again.',
  passkeyRefused: 'This passkey was not recognised. Try another, or enter a code instead.',
  passkeyFailed: 'We could not use a passkey right now. Try again, or enter a code instead.',
};
const errorTexts: Record<string, string> = {
  [SecondFactorMessage.codeRequired]: texts.codeRequired,
  [SecondFactorMessage.codeInvalid]: texts.codeInvalid,
  [SecondFactorMessage.recoveryCodeRequired]: texts.recoveryCodeRequired,
  [SecondFactorMessage.recoveryCodeInvalid]: texts.recoveryCodeInvalid,
};

const fieldOf = (screen: Screen, snapshot: unknown) =>
  screen.getByLabelText(
    contextOf(snapshot).method === 'authenticatorApp' ? texts.appLabel : texts.recoveryLabel,
  ) as HTMLInputElement;

/** The form, as the person sees it while a code can be typed: the field of the way in use, and its error. */
function expectForm(screen: Screen, snapshot: unknown) {
  const { method, code, codeError } = contextOf(snapshot);
  expect(screen.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  const field = fieldOf(screen, snapshot);
  expect(field).toHaveValue(code);
  expect(field).toHaveAttribute('autocomplete', method === 'authenticatorApp' ? 'one-time-code' : 'off');
  expect(field).toHaveAttribute('inputmode', method === 'authenticatorApp' ? 'numeric' : 'text');
  if (codeError) expect(screen.getByText(errorTexts[codeError] ?? codeError)).toBeVisible();
  expect(
    screen.getByRole('button', {
      name: method === 'authenticatorApp' ? 'Use a recovery code instead' : 'Use your authenticator app instead',
    }),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', signInHref);
}

/** The passkey, offered first where the account has one. */
function expectPasskeyOffered(screen: Screen) {
  const button = screen.getByRole('button', { name: 'Use a passkey' });
  expect(button).toBeEnabled();
  // Before the code's field: the first choice.
  expect(button.compareDocumentPosition(screen.getByRole('textbox'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
}

const changeCode: Driver<Machine> = async ({ screen, event, snapshot }) => {
  fireEvent.change(fieldOf(screen, snapshot), { target: { value: 'value' in event ? event.value : '' } });
};

describeModel('secondFactorChallenge', {
  machine: secondFactorChallengeMachine,
  ...secondFactorChallengeModel,
  states: {
    enteringCode: {
      view: (screen, snapshot) => {
        expectForm(screen, snapshot);
        expectPasskeyOffered(screen);
        expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    usingPasskey: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Waiting for your passkey…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
      },
    },
    'usingPasskey.verifying': {
      machine: (snapshot) => expect(snapshot.context.passkeyResponse).toEqual(passkeyAssertion),
    },
    passkeyRefused: {
      machine: (snapshot) => expect(snapshot.context.passkeyResponse).toBeNull(),
      view: (screen, snapshot) => {
        expectForm(screen, snapshot);
        expectPasskeyOffered(screen);
        expect(screen.getByRole('alert')).toHaveTextContent(texts.passkeyRefused);
      },
    },
    passkeyFailed: {
      view: (screen, snapshot) => {
        expectForm(screen, snapshot);
        expectPasskeyOffered(screen);
        expect(screen.getByRole('alert')).toHaveTextContent(texts.passkeyFailed);
      },
    },
    verifying: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Verifying…' })).toBeDisabled();
        expect(fieldOf(screen, snapshot)).toBeDisabled();
      },
    },
    wrongCode: {
      machine: (snapshot) => {
        expect(snapshot.context.code).toBe('');
        expect(snapshot.context.wrongAnswers).toBeGreaterThan(0);
      },
      view: (screen, snapshot) => {
        expectForm(screen, snapshot);
        const field = fieldOf(screen, snapshot);
        expect(field).toHaveValue('');
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveFocus();
      },
    },
    rateLimited: {
      machine: (snapshot) => expect(snapshot.context.retryAfterSeconds).toBe(90),
      view: (screen, snapshot) => {
        expectForm(screen, snapshot);
        expect(screen.getByRole('alert')).toHaveTextContent(texts.rateLimited);
        expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
        expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeDisabled();
      },
    },
    expired: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(texts.expired);
        expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', signInHref);
        expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
      },
    },
    unavailable: {
      view: (screen, snapshot) => {
        expectForm(screen, snapshot);
        expect(screen.getByRole('alert')).toHaveTextContent(texts.unavailable);
        expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
      },
    },
    signedIn: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => expect(screen.getByRole('button', { name: 'Verifying…' })).toBeDisabled(),
    },
  },
  drivers: {
    'user.changeCode': changeCode,
    'user.submit': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Verify' })),
    'user.useRecoveryCode': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Use a recovery code instead' })),
    'user.useAuthenticatorApp': ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' })),
    'user.usePasskey': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Use a passkey' })),
  },
});

function challenge(answers: Array<(answer: SecondFactorAnswer) => Promise<typeof passwordSignedIn>>) {
  const calls = { completeSignIn: vi.fn(), sent: [] as SecondFactorAnswer[] };
  const actor = createActor(
    secondFactorChallengeMachine.provide({
      actors: {
        answerSecondFactor: fromPromise(async ({ input }) => {
          calls.sent.push(input);
          const answer = answers.shift();
          if (!answer) throw new Error('no more answers');
          return answer(input);
        }),
      },
      actions: { completeSignIn: (_, signedIn) => calls.completeSignIn(signedIn) },
      delays: { retryAfter: 10 },
    }),
    { input: { methods: ['authenticatorApp', 'recoveryCode'] } },
  ).start();
  return { actor, calls };
}

describe('secondFactorChallenge machine', () => {
  it('sends a well-formed code only, and hands the sign-in to the app', async () => {
    const { actor, calls } = challenge([async () => passwordSignedIn]);
    actor.send({ type: 'user.changeCode', value: '12 34' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.codeError).toBe(SecondFactorMessage.codeRequired);
    actor.send({ type: 'user.changeCode', value: '123 456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(calls.sent).toEqual([{ method: 'authenticatorApp', code: '123 456' }]);
    expect(calls.completeSignIn).toHaveBeenCalledExactlyOnceWith(passwordSignedIn);
  });

  it('answers with a recovery code instead, and back, each time with an empty field', () => {
    let [snapshot] = initialTransition(secondFactorChallengeMachine, {});
    [snapshot] = transition(secondFactorChallengeMachine, snapshot, { type: 'user.changeCode', value: '12' });
    [snapshot] = transition(secondFactorChallengeMachine, snapshot, { type: 'user.useRecoveryCode' });
    expect(snapshot.context).toMatchObject({ method: 'recoveryCode', code: '', codeError: null });
    [snapshot] = transition(secondFactorChallengeMachine, snapshot, { type: 'user.submit' });
    expect(snapshot.context.codeError).toBe(SecondFactorMessage.recoveryCodeRequired);
    [snapshot] = transition(secondFactorChallengeMachine, snapshot, { type: 'user.changeCode', value: recoveryCode });
    [snapshot] = transition(secondFactorChallengeMachine, snapshot, { type: 'user.submit' });
    expect(snapshot.value).toBe('verifying');
  });

  it('empties the field after a wrong code, and takes the next one', async () => {
    const { actor, calls } = challenge([
      async () => {
        throw refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid);
      },
      async () => passwordSignedIn,
    ]);
    actor.send({ type: 'user.changeCode', value: '111111' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('wrongCode'));
    expect(actor.getSnapshot().context).toMatchObject({ code: '', codeError: SecondFactorMessage.codeInvalid });
    actor.send({ type: 'user.changeCode', value: '222222' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(calls.sent.map((answer) => ('code' in answer ? answer.code : null))).toEqual(['111111', '222222']);
  });

  it('waits out Retry-After before another code can be sent', async () => {
    const { actor, calls } = challenge([
      async () => {
        throw refused(ErrorCode.rateLimited, null, { retryAfterSeconds: 120 });
      },
    ]);
    actor.send({ type: 'user.changeCode', value: '123456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('rateLimited'));
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches('rateLimited')).toBe(true);
    await waitFor(actor, (state) => state.matches('enteringCode'));
    expect(actor.getSnapshot().context.code).toBe('123456');
    expect(calls.sent).toHaveLength(1);
  });
});

describe('secondFactorChallenge with a passkey', () => {
  function withPasskey(ask: () => Promise<PasskeyAnswer>, answer: () => Promise<typeof passwordSignedIn>) {
    const calls = { completeSignIn: vi.fn(), sent: [] as SecondFactorAnswer[] };
    const actor = createActor(
      secondFactorChallengeMachine.provide({
        actors: {
          askForPasskey: fromPromise(ask),
          answerSecondFactor: fromPromise(async ({ input }) => {
            calls.sent.push(input);
            return answer();
          }),
        },
        actions: { completeSignIn: (_, signedIn) => calls.completeSignIn(signedIn) },
      }),
      { input: { methods: allMethods } },
    ).start();
    return { actor, calls };
  }

  it('offers a passkey only where the sign-in’s answer listed one', () => {
    const [withoutInput] = initialTransition(secondFactorChallengeMachine, {});
    expect(withoutInput.context.passkeyOffered).toBe(false);
    const [codesOnly] = initialTransition(secondFactorChallengeMachine, { methods: ['authenticatorApp'] });
    expect(transition(secondFactorChallengeMachine, codesOnly, { type: 'user.usePasskey' })[0].value).toBe(
      'enteringCode',
    );
  });

  it('answers with the passkey the browser gives, and hands the sign-in to the app', async () => {
    const { actor, calls } = withPasskey(
      async () => ({ outcome: 'answered', response: passkeyAssertion }),
      async () => passwordSignedIn,
    );
    actor.send({ type: 'user.usePasskey' });
    await waitFor(actor, (state) => state.status === 'done');
    expect(calls.sent).toEqual([{ method: 'passkey', response: passkeyAssertion }]);
    expect(calls.completeSignIn).toHaveBeenCalledExactlyOnceWith(passwordSignedIn);
  });

  it('goes back quietly when the browser’s dialog is closed, the code as it was', async () => {
    const { actor, calls } = withPasskey(
      async () => ({ outcome: 'cancelled' }),
      async () => passwordSignedIn,
    );
    actor.send({ type: 'user.changeCode', value: '12' });
    actor.send({ type: 'user.usePasskey' });
    await waitFor(actor, (state) => state.matches('enteringCode'));
    expect(actor.getSnapshot().context).toMatchObject({ code: '12', codeError: null });
    expect(calls.sent).toEqual([]);
  });

  it('says so when the server does not recognise the passkey, and a code can be typed', async () => {
    const { actor } = withPasskey(
      async () => ({ outcome: 'answered', response: passkeyAssertion }),
      async () => {
        throw refused(ErrorCode.invalidCode, SecondFactorMessage.codeInvalid);
      },
    );
    actor.send({ type: 'user.usePasskey' });
    await waitFor(actor, (state) => state.matches('passkeyRefused'));
    expect(actor.getSnapshot().context.passkeyResponse).toBeNull();
    actor.send({ type: 'user.changeCode', value: '123456' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
  });
});

describe('askForSecondFactorPasskey (the options and the browser’s dialog)', () => {
  const options = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'Y3JlZGVudGlhbC0x', type: 'public-key' }] };

  afterEach(() => {
    vi.unstubAllGlobals();
    webAuthn.startAuthentication.mockReset();
  });

  function asking(status: number, body: unknown) {
    const fetchStub = vi.fn(
      async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const actor = createActor(askForSecondFactorPasskey).start();
    const outcome = new Promise<unknown>((resolve) => {
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: (error) => resolve(error) });
    });
    return { fetchStub, outcome };
  }

  it('asks the browser with the waiting sign-in’s passkeys', async () => {
    webAuthn.startAuthentication.mockResolvedValue(passkeyAssertion);
    const { fetchStub, outcome } = asking(200, options);
    expect(await outcome).toEqual({ outcome: 'answered', response: passkeyAssertion });
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/auth/second-factor/passkey-options',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
  });

  it('takes a closed dialog for no answer, and a gone sign-in for expired', async () => {
    webAuthn.startAuthentication.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    expect(await asking(200, options).outcome).toEqual({ outcome: 'cancelled' });
    const gone = await asking(400, { error: 'second_factor_expired', message: SecondFactorMessage.challengeExpired })
      .outcome;
    expect(secondFactorFailureOf({ error: gone })).toBe('expired');
  });
});

describe('answerSecondFactor (the API call)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
    const fetchStub = vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const actor = createActor(answerSecondFactor, { input: { method: 'authenticatorApp', code: '123456' } }).start();
    return { fetchStub, actor };
  }

  async function outcomeOf(actor: ReturnType<typeof answering>['actor']) {
    return new Promise<unknown>((resolve) => {
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: (error) => resolve(error) });
    });
  }

  it('posts the answer and reads the session', async () => {
    const { fetchStub, actor } = answering(200, passwordSignedIn);
    expect(await outcomeOf(actor)).toEqual(passwordSignedIn);
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/auth/second-factor',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ method: 'authenticatorApp', code: '123456' }) }),
    );
  });

  it.each([
    [400, { error: 'invalid_code', message: SecondFactorMessage.codeInvalid }, {}, 'invalidCode', null],
    [429, { error: 'rate_limited', message: 'Too many attempts.' }, { 'retry-after': '240' }, 'rateLimited', 240],
    [400, { error: 'second_factor_expired', message: SecondFactorMessage.challengeExpired }, {}, 'expired', null],
    [400, { error: 'passkey_refused', message: PasskeyMessage.notRecognised }, {}, 'invalidCode', null],
    [503, { error: 'service_busy', message: 'Busy.' }, { 'retry-after': '1' }, 'unavailable', null],
  ] as const)('turns a %i %j into the machine’s refusal', async (status, body, headers, failure, retryAfter) => {
    const { actor } = answering(status, body, headers);
    const error = await outcomeOf(actor);
    expect(secondFactorFailureOf({ error })).toBe(failure);
    expect(refusalOf(error).retryAfterSeconds).toBe(retryAfter);
  });
});
