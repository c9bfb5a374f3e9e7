import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { LoginResponse } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { type PasskeyAnswer, signInMachine } from '../../machines/signIn/signIn.machine';
import { RefusalError } from '../../machines/support/refusal';
import { askForPasskey, passkeyAutofill, signInWithPasskey } from '../../src/features/sign-in/sign-in.actors';
import { type Driver, describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { passkeyAssertion, sampleClaims, signInModel } from './signIn.cases';

// The browser's WebAuthn library, at the actors' edge only: the machine's tests inject their actors.
const webAuthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  browserSupportsWebAuthnAutofill: vi.fn(async () => true),
  startAuthentication: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

type Machine = typeof signInMachine;

/** Sets a field the way a person's typing ends: a change event with the whole value. */
function changeField(label: string, exact = false): Driver<Machine> {
  return async ({ screen, event }) => {
    const input = screen.getByLabelText(label, { exact }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'value' in event ? event.value : '' } });
  };
}

describeModel('signIn', {
  machine: signInMachine,
  ...signInModel,
  states: {
    form: {
      view: (screen) => {
        // The browser's passkeys are offered in the e-mail field's suggestions, and by the button.
        expect(screen.getByLabelText('E-Mail')).toHaveAttribute('autocomplete', 'username webauthn');
        expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
      },
    },
    'form.editing': {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      },
    },
    'form.invalid': {
      machine: (snapshot) =>
        expect(Object.values(snapshot.context.fieldErrors).filter(Boolean).length).toBeGreaterThan(0),
      view: (screen, snapshot) => {
        if (snapshot.context.fieldErrors.email)
          expect(screen.getByText('The E-Mail address provided is invalid')).toBeVisible();
        if (snapshot.context.fieldErrors.password) expect(screen.getByText('Password is required')).toBeVisible();
      },
    },
    submitting: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Signing in…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('E-Mail')).toBeDisabled();
      },
    },
    'form.failure': {
      machine: (snapshot) => {
        expect(snapshot.context.failure).not.toBeNull();
        expect(snapshot.context.password).toBe('');
      },
      view: (screen, snapshot) => {
        const messages = {
          invalidCredentials: 'The e-mail address or password is incorrect.',
          rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
          unavailable: 'We could not sign you in right now. Please try again later.',
        } as const;
        const failure: keyof typeof messages = snapshot.context.failure ?? 'unavailable';
        expect(screen.getByRole('alert')).toHaveTextContent(messages[failure]);
      },
    },
    'form.passkeyFailed': {
      machine: (snapshot) => {
        expect(snapshot.context.passkeyFailure).not.toBeNull();
        expect(snapshot.context.passkeyResponse).toBeNull();
      },
      view: (screen, snapshot) => {
        const messages = {
          notRecognised: PasskeyMessage.notRecognised,
          expired: PasskeyMessage.expired,
          rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
          unavailable:
            'We could not sign you in with a passkey right now. Please try again, or sign in with your password.',
        } as const;
        const failure: keyof typeof messages = snapshot.context.passkeyFailure ?? 'unavailable';
        expect(screen.getByRole('alert')).toHaveTextContent(messages[failure]);
      },
    },
    passkey: {
      machine: (snapshot) => expect(snapshot.hasTag('busy')).toBe(true),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Signing in with a passkey…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
        expect(screen.getByLabelText('E-Mail')).toBeDisabled();
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    'passkey.verifying': {
      machine: (snapshot) => expect(snapshot.context.passkeyResponse).toEqual(passkeyAssertion),
    },
    success: {
      machine: (snapshot) => expect(snapshot.status).toBe('done'),
      view: (screen) => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible(),
    },
    secondFactorRequired: {
      machine: (snapshot) => {
        expect(snapshot.status).toBe('done');
        expect(snapshot.context.password).toBe('');
      },
      // The page is left for the second step: nothing to press meanwhile.
      view: (screen) => expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled(),
    },
  },
  drivers: {
    'user.changeEmail': changeField('E-Mail'),
    'user.changePassword': changeField('Password', true),
    'user.submit': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Sign in' })),
    'user.signInWithPasskey': async ({ user, screen }) =>
      user.click(screen.getByRole('button', { name: 'Sign in with a passkey' })),
  },
});

describe('signIn machine', () => {
  it('starts with the login hint in the e-mail field', () => {
    const [snapshot] = initialTransition(signInMachine, { email: 'hint@example.com' });
    expect(snapshot.context.email).toBe('hint@example.com');
  });

  it('does not submit an invalid form, and says which fields are wrong', () => {
    let [snapshot] = initialTransition(signInMachine, {});
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.changeEmail', value: 'nope' });
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.submit' });
    expect(snapshot.value).toEqual({ form: 'invalid' });
    expect(snapshot.context.fieldErrors).toEqual({
      email: 'The E-Mail address provided is invalid',
      password: 'Password is required',
    });
  });

  it('clears a field error as soon as that field changes', () => {
    let [snapshot] = initialTransition(signInMachine, {});
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.submit' });
    [snapshot] = transition(signInMachine, snapshot, { type: 'user.changePassword', value: 'x' });
    expect(snapshot.context.fieldErrors.password).toBeUndefined();
    expect(snapshot.context.fieldErrors.email).toBeDefined();
  });
});

/** The e-mail field's suggestions, as in a browser where nobody chooses one: waiting. */
const waitingAutofill = fromPromise<PasskeyAnswer>(() => new Promise(() => {}));

describe('signIn hand-over to the second step', () => {
  function signingIn(answer: LoginResponse) {
    const calls = { completeSignIn: vi.fn(), askForSecondFactor: vi.fn() };
    const actor = createActor(
      signInMachine.provide({
        actors: { signIn: fromPromise(async () => answer), passkeyAutofill: waitingAutofill },
        actions: {
          completeSignIn: (_, user) => calls.completeSignIn(user),
          askForSecondFactor: (_, methods) => calls.askForSecondFactor(methods),
        },
      }),
      { input: { email: 'sam@example.com' } },
    ).start();
    actor.send({ type: 'user.changePassword', value: 'correct horse battery' });
    actor.send({ type: 'user.submit' });
    return { actor, calls };
  }

  it('asks for the second step, and tells the session nothing yet', async () => {
    const { actor, calls } = signingIn({ outcome: 'secondFactorRequired', methods: ['passkey', 'authenticatorApp'] });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('secondFactorRequired');
    expect(actor.getSnapshot().context.password).toBe('');
    expect(calls.askForSecondFactor).toHaveBeenCalledExactlyOnceWith(['passkey', 'authenticatorApp']);
    expect(calls.completeSignIn).not.toHaveBeenCalled();
  });

  it('signs in at once an account without a second step', async () => {
    const { actor, calls } = signingIn({ outcome: 'signedIn', user: sampleClaims });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.completeSignIn).toHaveBeenCalledExactlyOnceWith(sampleClaims);
    expect(calls.askForSecondFactor).not.toHaveBeenCalled();
  });
});

describe('signIn with a passkey', () => {
  function withPasskeys(
    actors: Partial<Record<'passkeyAutofill' | 'askForPasskey' | 'signInWithPasskey', AnyActorLogic>>,
  ) {
    const calls = { completeSignIn: vi.fn(), sent: [] as unknown[] };
    const actor = createActor(
      signInMachine.provide({
        actors: {
          passkeyAutofill: waitingAutofill,
          signInWithPasskey: fromPromise(async ({ input }) => {
            calls.sent.push(input);
            return { outcome: 'signedIn' as const, user: sampleClaims };
          }),
          ...actors,
        },
        actions: { completeSignIn: (_, user) => calls.completeSignIn(user) },
      }),
      { input: {} },
    ).start();
    return { actor, calls };
  }

  it('signs in with the passkey chosen in the e-mail field’s suggestions, both steps at once', async () => {
    const { actor, calls } = withPasskeys({
      passkeyAutofill: fromPromise(async () => ({ outcome: 'answered' as const, response: passkeyAssertion })),
    });
    await waitFor(actor, (state) => state.status === 'done');
    expect(actor.getSnapshot().value).toBe('success');
    expect(calls.sent).toEqual([{ response: passkeyAssertion }]);
    expect(calls.completeSignIn).toHaveBeenCalledExactlyOnceWith(sampleClaims);
  });

  it('goes back to the form quietly when the browser’s dialog is closed, and offers the suggestions again', async () => {
    const autofills = vi.fn();
    const { actor } = withPasskeys({
      passkeyAutofill: fromPromise(() => {
        autofills();
        return new Promise(() => {});
      }),
      askForPasskey: fromPromise(async () => ({ outcome: 'cancelled' as const })),
    });
    actor.send({ type: 'user.signInWithPasskey' });
    await waitFor(actor, (state) => state.matches({ form: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, passkeyFailure: null });
    expect(autofills).toHaveBeenCalledTimes(2);
  });

  it('says why a passkey did not sign in, and takes the password meanwhile', async () => {
    const { actor } = withPasskeys({
      askForPasskey: fromPromise(async () => ({ outcome: 'answered' as const, response: passkeyAssertion })),
      signInWithPasskey: fromPromise(async () => {
        throw refused(ErrorCode.passkeyRefused, PasskeyMessage.notRecognised);
      }),
    });
    actor.send({ type: 'user.signInWithPasskey' });
    await waitFor(actor, (state) => state.matches({ form: 'passkeyFailed' }));
    expect(actor.getSnapshot().context.passkeyFailure).toBe('notRecognised');
    actor.send({ type: 'user.changeEmail', value: 'sam@example.com' });
    actor.send({ type: 'user.changePassword', value: 'correct horse battery' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.passkeyFailure).toBeNull();
  });
});

describe('the sign-in page’s passkey calls', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
  let fetchStub: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchStub = vi.fn(async (path: string) =>
      path === '/api/auth/passkey/options'
        ? json(200, options)
        : json(400, { error: 'passkey_refused', message: PasskeyMessage.notRecognised }),
    );
    vi.stubGlobal('fetch', fetchStub);
    webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    webAuthn.startAuthentication.mockReset();
    webAuthn.WebAuthnAbortService.cancelCeremony.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const settled = (actor: ReturnType<typeof createActor<AnyActorLogic>>) =>
    new Promise<unknown>((resolve) => {
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: (error) => resolve(error) });
    });

  it('asks the browser with the portal’s options, and passes its answer on', async () => {
    webAuthn.startAuthentication.mockResolvedValue(passkeyAssertion);
    const actor = createActor(askForPasskey).start();
    expect(await settled(actor)).toEqual({ outcome: 'answered', response: passkeyAssertion });
    expect(fetchStub).toHaveBeenCalledWith('/api/auth/passkey/options', expect.objectContaining({ method: 'POST' }));
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
  });

  it.each([
    [
      'NotAllowedError',
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    ],
    [
      'ERROR_CEREMONY_ABORTED',
      Object.assign(new Error('aborted'), { name: 'AbortError', code: 'ERROR_CEREMONY_ABORTED' }),
    ],
  ])('takes a %s for a closed dialog: no failure', async (_, error) => {
    webAuthn.startAuthentication.mockRejectedValue(error);
    expect(await settled(createActor(askForPasskey).start())).toEqual({ outcome: 'cancelled' });
  });

  it('offers the passkeys in the e-mail field where the browser can, and cancels them when the form is left', async () => {
    webAuthn.startAuthentication.mockReturnValue(new Promise(() => {}));
    const actor = createActor(passkeyAutofill).start();
    await vi.waitFor(() =>
      expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: true }),
    );
    actor.stop();
    expect(webAuthn.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledOnce();
  });

  it('offers nothing, and asks the portal nothing, where the browser has no such suggestions', async () => {
    webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
    expect(await settled(createActor(passkeyAutofill).start())).toEqual({ outcome: 'cancelled' });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(webAuthn.startAuthentication).not.toHaveBeenCalled();
  });

  it('turns the portal’s refusal of a passkey into the machine’s failure', async () => {
    const error = await settled(createActor(signInWithPasskey, { input: { response: passkeyAssertion } }).start());
    expect(error).toBeInstanceOf(RefusalError);
    expect(error).toMatchObject({ refusal: { code: ErrorCode.passkeyRefused } });
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/auth/passkey',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ response: passkeyAssertion }) }),
    );
  });
});
