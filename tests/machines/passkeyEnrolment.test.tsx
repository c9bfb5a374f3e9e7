import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { RecentSignInMessage } from '../../contract/recent-sign-in';
import {
  type PasskeyCreation,
  type PasskeyEnrolmentContext,
  passkeyEnrolmentMachine,
} from '../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { BrowserRefusal, type Refusal, RefusalError, refusalOf, unexplained } from '../../machines/support/refusal';
import { passkeysActors } from '../../src/features/passkeys/passkeys.actors';
import { type Driver, describeModel, statePathOf } from '../support/model-based';
import { refused } from '../support/refusals';
import {
  added,
  kindOf,
  laptop,
  passkeyEnrolmentModel,
  phone,
  registration,
  suggestedName,
} from './passkeyEnrolment.cases';

// The browser's WebAuthn library, at the actors' edge only: the machine's tests inject their actors.
const webAuthn = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webAuthn);

type Machine = typeof passkeyEnrolmentMachine;
type Screen = Parameters<NonNullable<Parameters<typeof describeModel>[1]['states'][string]['view']>>[0];

const contextOf = (snapshot: unknown) => (snapshot as { context: PasskeyEnrolmentContext }).context;
const stateOf = (snapshot: unknown) => statePathOf((snapshot as { value: unknown }).value);
const texts = {
  nameInvalid: 'Give the passkey a name of at most 64 characters.',
  tooMany: 'You have 10 passkeys. Remove one to add another.',
  notFound: 'This passkey was removed already.',
  alreadyRegistered: 'This device or password manager already holds a passkey for your account.',
  browserFailed: 'Your browser could not make a passkey. Try again, or use another device.',
  unavailable: 'We could not change your passkeys right now. Please try again.',
};
const failureText = (failure: Refusal) => {
  const kind = kindOf(failure);
  return kind === 'refused'
    ? { [PasskeyMessage.tooMany]: texts.tooMany, [PasskeyMessage.notFound]: texts.notFound }[failure.message ?? '']
    : texts[kind];
};

/** The refusal said in place (or none), with role=alert. */
function expectFailure(screen: Screen, snapshot: unknown) {
  const { failure } = contextOf(snapshot);
  if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failureText(failure) ?? '');
  else expect(screen.queryByRole('alert')).toBeNull();
}

/** The name's field: what it holds, and what is wrong with it. */
function expectNameField(screen: Screen, snapshot: unknown) {
  const { name, nameError } = contextOf(snapshot);
  const field = screen.getByLabelText('Name of the passkey');
  expect(field).toHaveValue(name);
  if (nameError) {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(texts.nameInvalid)).toBeVisible();
  }
}

const item = (screen: Screen, passkey: { name: string }) => within(screen.getByRole('article', { name: passkey.name }));

const changeName: Driver<Machine> = async ({ screen, event }) => {
  fireEvent.change(screen.getByLabelText('Name of the passkey'), {
    target: { value: 'value' in event ? event.value : '' },
  });
};

describeModel('passkeyEnrolment', {
  machine: passkeyEnrolmentMachine,
  ...passkeyEnrolmentModel,
  states: {
    idle: {
      machine: (snapshot) => expect(snapshot.context.target).toBeNull(),
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 3, name: 'Passkeys' })).toBeVisible();
        expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
        expect(item(screen, phone).getByRole('button', { name: 'Rename Phone' })).toBeEnabled();
        expect(item(screen, phone).getByRole('button', { name: 'Remove Phone' })).toBeEnabled();
        expectFailure(screen, snapshot);
        const { notice } = contextOf(snapshot);
        const said = {
          added: `Your passkey \u2068${suggestedName}\u2069 was added. You can now sign in with it.`,
          renamed: 'The passkey is now called \u2068Work laptop\u2069.',
          removed: 'The passkey \u2068Phone\u2069 was removed.',
        };
        if (notice) expect(screen.getByRole('status')).toHaveTextContent(said[notice.kind]);
        else expect(screen.queryByRole('status')).toBeNull();
      },
    },
    naming: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 4, name: 'Add a passkey' })).toBeVisible();
        expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
        expectNameField(screen, snapshot);
        expect(screen.getByLabelText('Name of the passkey')).toHaveFocus();
        expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
        expectFailure(screen, snapshot);
      },
    },
    creating: {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Waiting for your browser…' })).toBeDisabled();
        expect(screen.getByLabelText('Name of the passkey')).toBeDisabled();
      },
    },
    saving: {
      machine: (snapshot) => expect(snapshot.context.registration).toEqual(registration),
      view: (screen) => expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled(),
    },
    renaming: {
      machine: (snapshot) => expect(snapshot.context.target).toEqual(phone),
      view: (screen, snapshot) => {
        const phoneItem = item(screen, phone);
        expect(phoneItem.getByLabelText('Name of the passkey')).toHaveFocus();
        expectNameField(screen, snapshot);
        expect(phoneItem.getByRole('button', { name: 'Save' })).toBeEnabled();
        expect(phoneItem.queryByRole('button', { name: 'Rename Phone' })).toBeNull();
        expectFailure(screen, snapshot);
      },
    },
    savingName: {
      view: (screen) => expect(item(screen, phone).getByRole('button', { name: 'Saving…' })).toBeDisabled(),
    },
    confirmingRemoval: {
      view: (screen, snapshot) => {
        const confirm = within(
          screen.getByRole('group', { name: 'Remove Phone? You will no longer be able to sign in with it.' }),
        );
        expect(confirm.getByRole('button', { name: 'Remove' })).toBeEnabled();
        expect(confirm.getByRole('button', { name: 'Keep' })).toHaveFocus();
        // The other passkeys wait meanwhile.
        expect(item(screen, laptop).getByRole('button', { name: 'Remove Passkey on Firefox' })).toBeDisabled();
        expectFailure(screen, snapshot);
      },
    },
    removing: {
      view: (screen) => expect(item(screen, phone).getByRole('button', { name: 'Removing…' })).toBeDisabled(),
    },
  },
  drivers: {
    'user.add': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Add a passkey' })),
    'user.rename': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Rename Phone' })),
    'user.remove': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Remove Phone' })),
    'user.changeName': changeName,
    'user.submit': ({ user, screen }) => user.click(screen.getByRole('button', { name: /^(Add|Save)$/ })),
    'user.confirm': ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Remove' })),
    'user.cancel': ({ user, screen, snapshot }) =>
      user.click(screen.getByRole('button', { name: stateOf(snapshot) === 'confirmingRemoval' ? 'Keep' : 'Cancel' })),
  },
});

function enrolment(calls: Partial<Record<'create' | 'save' | 'rename' | 'remove', () => Promise<unknown>>>) {
  const effects = { passkeysChanged: vi.fn(), sent: [] as unknown[] };
  const actor = createActor(
    passkeyEnrolmentMachine.provide({
      actors: {
        createPasskey: fromPromise(async () =>
          calls.create
            ? ((await calls.create()) as PasskeyCreation)
            : ({ outcome: 'created', response: registration } as const),
        ),
        savePasskey: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          return calls.save ? ((await calls.save()) as typeof added) : added;
        }),
        renamePasskey: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          await calls.rename?.();
          return { ...phone, name: input.name };
        }),
        removePasskey: fromPromise(async ({ input }) => {
          effects.sent.push(input);
          await calls.remove?.();
        }),
      },
      actions: { passkeysChanged: effects.passkeysChanged },
    }),
    { input: { suggestedName } },
  ).start();
  return { actor, effects };
}

describe('passkeyEnrolment machine', () => {
  it('adds a passkey under the browser’s suggested name (trimmed), and reads the list again', async () => {
    const { actor, effects } = enrolment({});
    actor.send({ type: 'user.add' });
    expect(actor.getSnapshot().context.name).toBe(suggestedName);
    actor.send({ type: 'user.changeName', value: '  Work laptop  ' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(effects.sent).toEqual([{ name: 'Work laptop', response: registration }]);
    expect(actor.getSnapshot().context).toMatchObject({ notice: { kind: 'added' }, registration: null, name: '' });
    expect(effects.passkeysChanged).toHaveBeenCalledOnce();
  });

  it('sends no empty name', () => {
    const { actor, effects } = enrolment({});
    actor.send({ type: 'user.add' });
    actor.send({ type: 'user.changeName', value: '   ' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('naming');
    expect(actor.getSnapshot().context.nameError).toBe(PasskeyMessage.nameInvalid);
    expect(effects.sent).toEqual([]);
  });

  it('goes back to the name quietly when the browser’s dialog is closed', async () => {
    const { actor, effects } = enrolment({ create: async () => ({ outcome: 'cancelled' }) });
    actor.send({ type: 'user.add' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('naming'));
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, name: suggestedName });
    expect(effects.sent).toEqual([]);
  });

  it('keeps the name and says why when the server refuses an eleventh passkey', async () => {
    const tooMany = refused(ErrorCode.passkeyRefused, PasskeyMessage.tooMany);
    const { actor, effects } = enrolment({
      save: async () => {
        throw tooMany;
      },
    });
    actor.send({ type: 'user.add' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('naming') && state.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual(tooMany.refusal);
    expect(effects.passkeysChanged).not.toHaveBeenCalled();
  });

  it('renames and removes the chosen passkey', async () => {
    const { actor, effects } = enrolment({});
    actor.send({ type: 'user.rename', passkey: phone });
    expect(actor.getSnapshot().context.name).toBe('Phone');
    actor.send({ type: 'user.changeName', value: 'My phone' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'renamed', name: 'My phone' });
    actor.send({ type: 'user.remove', passkey: laptop });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle') && state.context.notice?.kind === 'removed');
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'removed', name: laptop.name });
    expect(effects.sent).toEqual([{ id: phone.id, name: 'My phone' }, { id: laptop.id }]);
    expect(effects.passkeysChanged).toHaveBeenCalledTimes(2);
  });

  it('keeps the confirm when a removal fails, and reads the list again when the passkey was gone', async () => {
    let attempts = 0;
    const { actor, effects } = enrolment({
      remove: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('network down');
        throw refused(ErrorCode.notFound, PasskeyMessage.notFound);
      },
    });
    actor.send({ type: 'user.remove', passkey: phone });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('confirmingRemoval') && state.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual(unexplained);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ target: null, failure: { code: ErrorCode.notFound } });
    expect(effects.passkeysChanged).toHaveBeenCalledOnce();
  });
});

describe('the passkeys’ calls', () => {
  const json = (status: number, body: unknown) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const options = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Bondline', id: 'localhost' } };
  let answers: Record<string, Response>;
  let fetchStub: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    answers = {};
    fetchStub = vi.fn(async (path: string, init: RequestInit) => answers[`${init.method} ${path}`] ?? json(500, {}));
    vi.stubGlobal('fetch', fetchStub);
    webAuthn.startRegistration.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const settled = (logic: AnyActorLogic, input?: unknown) => {
    const actor = createActor(logic, { input }).start();
    return new Promise<unknown>((resolve) => {
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: (error) => resolve(error) });
    });
  };

  it('makes a passkey with the portal’s options', async () => {
    answers['POST /api/account/passkeys/options'] = json(200, options);
    webAuthn.startRegistration.mockResolvedValue(registration);
    expect(await settled(passkeysActors.createPasskey)).toEqual({ outcome: 'created', response: registration });
    expect(webAuthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
  });

  it.each([
    [Object.assign(new Error('closed'), { name: 'NotAllowedError' }), { outcome: 'cancelled' }],
    [
      Object.assign(new Error('aborted'), { name: 'AbortError', code: 'ERROR_CEREMONY_ABORTED' }),
      { outcome: 'cancelled' },
    ],
    [
      Object.assign(new Error('known'), {
        name: 'InvalidStateError',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      }),
      refused(BrowserRefusal.passkeyAlreadyRegistered, null),
    ],
    [Object.assign(new Error('odd'), { name: 'UnknownError' }), refused(BrowserRefusal.passkeyFailed, null)],
  ])('takes the browser’s %s as the machine expects', async (error, expected) => {
    answers['POST /api/account/passkeys/options'] = json(200, options);
    webAuthn.startRegistration.mockRejectedValue(error);
    const outcome = await settled(passkeysActors.createPasskey);
    if (expected instanceof RefusalError) expect(outcome).toMatchObject({ refusal: expected.refusal });
    else expect(outcome).toEqual(expected);
  });

  it('keeps the server’s refusals and their messages; a 404 says the passkey is gone', async () => {
    answers['POST /api/account/passkeys/options'] = json(403, {
      error: 'recent_sign_in_required',
      message: RecentSignInMessage.required,
      methods: [],
    });
    expect(await settled(passkeysActors.createPasskey)).toMatchObject({
      refusal: { code: ErrorCode.recentSignInRequired, message: RecentSignInMessage.required },
    });
    answers['POST /api/account/passkeys'] = json(409, { error: 'passkey_refused', message: PasskeyMessage.tooMany });
    expect(await settled(passkeysActors.savePasskey, { name: 'Phone', response: registration })).toMatchObject({
      refusal: { code: ErrorCode.passkeyRefused, message: PasskeyMessage.tooMany },
    });
    answers['DELETE /api/account/passkeys/pk-phone'] = json(404, {
      error: 'not_found',
      message: PasskeyMessage.notFound,
    });
    expect(await settled(passkeysActors.removePasskey, { id: 'pk-phone' })).toMatchObject({
      refusal: { code: ErrorCode.notFound },
    });
    answers['PATCH /api/account/passkeys/pk-phone'] = json(503, { error: 'service_busy', message: 'Busy.' });
    expect(refusalOf(await settled(passkeysActors.renamePasskey, { id: 'pk-phone', name: 'x' }))).toEqual(unexplained);
  });

  it('renames and removes by the passkey’s address', async () => {
    answers['PATCH /api/account/passkeys/pk-phone'] = json(200, { ...phone, name: 'My phone' });
    answers['DELETE /api/account/passkeys/pk-phone'] = json(204, null);
    expect(await settled(passkeysActors.renamePasskey, { id: 'pk-phone', name: 'My phone' })).toEqual({
      ...phone,
      name: 'My phone',
    });
    expect(await settled(passkeysActors.removePasskey, { id: 'pk-phone' })).toBeUndefined();
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/account/passkeys/pk-phone',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ name: 'My phone' }) }),
    );
  });
});
