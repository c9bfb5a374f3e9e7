import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, SimulatedClock, transition, waitFor } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import { PhoneMessage, phoneCodeLifetimeSeconds, phoneResendCooldownSeconds } from '../../contract/phone';
import {
  type CodeSent,
  phoneVerificationMachine,
  type RequestCodeInput,
  type VerifyCodeInput,
} from '../../machines/phoneVerification/phoneVerification.machine';
import { AccountPhone } from '../../src/features/phone-verification/account-phone';
import { e164Of, formattedPhone, regionOptionsFor } from '../../src/features/phone-verification/phone-numbers';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { input, phoneRefused, phoneVerificationModel, sentTo, verifiedUser } from './phoneVerification.cases';

const unavailable = 'We could not reach the portal. Please check your connection and try again.';
const sentToFormatted = '+1 201 555 0123';

/** The model's view of one snapshot, in English. */
const renderView = (snapshot: Parameters<typeof phoneVerificationModel.render>[0]) => (
  <TestI18n>{phoneVerificationModel.render(snapshot, vi.fn())}</TestI18n>
);

describeModel('phoneVerification', {
  machine: phoneVerificationMachine,
  ...phoneVerificationModel,
  states: {
    enteringNumber: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Add a phone number');
        expect(screen.getByLabelText('Country')).toHaveValue(snapshot.context.region);
        expect(screen.getByLabelText('Phone number')).toHaveValue(snapshot.context.number);
        expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
        expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/account');
        if (snapshot.context.numberError) expect(screen.getByText(snapshot.context.numberError)).toBeVisible();
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    numberRefused: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? unavailable);
        expect(screen.getByLabelText('Phone number')).toHaveValue(snapshot.context.number);
      },
    },
    requestingCode: {
      machine: (snapshot) => expect(snapshot.context.number.trim()).not.toBe(''),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Sending code…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    codeEntry: {
      machine: (snapshot) => expect(snapshot.context.phone).toBe(sentTo),
      view: (screen, snapshot) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verify your phone number');
        expect(screen.getByText(/We sent a six-digit code to/)).toHaveTextContent(sentToFormatted);
        expect(screen.getByLabelText('Verification code')).toHaveValue(snapshot.context.code);
        expect(screen.getByRole('link', { name: 'Use another number' })).toHaveAttribute('href', '/phone-number-input');
        if (snapshot.context.codeResent)
          expect(screen.getByRole('status')).toHaveTextContent('We sent you a new code.');
        else expect(screen.queryByRole('status')).toBeNull();
      },
    },
    'codeEntry.enteringCode': {
      view: (screen, snapshot) => {
        expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
        if (snapshot.context.canResend) expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
        else expect(screen.getByText(/You can ask for a new code 30 seconds after the last one/)).toBeVisible();
        if (snapshot.context.codeError) expect(screen.getByText(snapshot.context.codeError)).toBeVisible();
        if (snapshot.context.failure)
          expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure.message ?? unavailable);
        else expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    'codeEntry.verifying': {
      machine: (snapshot) => expect(snapshot.context.code).toMatch(/^\d{6}$/),
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Verifying…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
      },
    },
    'codeEntry.resending': {
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Sending a new code…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('Verification code')).toBeDisabled();
      },
    },
    resendingCode: {
      view: (screen) => {
        const button = screen.getByRole('button', { name: 'Sending a new code…' });
        expect(button).toBeDisabled();
        expect(button).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByLabelText('Verification code')).toBeDisabled();
      },
    },
    codeExpired: {
      view: (screen, snapshot) => {
        const [expired, failure] = screen.getAllByRole('alert');
        expect(expired).toHaveTextContent(PhoneMessage.codeExpired);
        if (snapshot.context.failure)
          expect(failure).toHaveTextContent(snapshot.context.failure.message ?? unavailable);
        else expect(failure).toBeUndefined();
        expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
        expect(screen.queryByLabelText('Verification code')).toBeNull();
      },
    },
    saving: {
      view: (screen) => {
        expect(screen.getByText(/The code is right\. Adding/)).toHaveTextContent(sentToFormatted);
        expect(screen.queryByRole('alert')).toBeNull();
      },
    },
    saveRefused: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? unavailable);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    verified: {
      machine: (snapshot) => expect(snapshot.context.verifiedUser).toEqual(verifiedUser),
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          `${sentToFormatted} is now the phone number of your account.`,
        );
      },
    },
  },
  drivers: {
    'user.changeRegion': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'region' in event ? event.region : '' } });
    },
    'user.changeNumber': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Phone number'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.requestCode': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Send code' })),
    'user.changeCode': async ({ screen, event }) => {
      fireEvent.change(screen.getByLabelText('Verification code'), {
        target: { value: 'value' in event ? event.value : '' },
      });
    },
    'user.submitCode': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Verify' })),
    'user.resendCode': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Send a new code' })),
    'user.retrySave': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
});

function verifyingWith(
  implementations: {
    requestCode?: (input: RequestCodeInput) => Promise<CodeSent>;
    verifyCode?: (input: VerifyCodeInput) => Promise<void>;
    addPhone?: (input: { phone: string }) => Promise<SessionClaims>;
  },
  start: { region: string; phone?: string } = input,
) {
  const clock = new SimulatedClock();
  const codeSent = vi.fn();
  const phoneVerified = vi.fn();
  const actor = createActor(
    phoneVerificationMachine.provide({
      actors: {
        requestCode: fromPromise<CodeSent, RequestCodeInput>(({ input }) =>
          (implementations.requestCode ?? (async () => ({ phone: sentTo, expiresAt: '' })))(input),
        ),
        verifyCode: fromPromise<void, VerifyCodeInput>(({ input }) =>
          (implementations.verifyCode ?? (async () => {}))(input),
        ),
        addPhone: fromPromise<SessionClaims, { phone: string }>(({ input }) =>
          (implementations.addPhone ?? (async () => verifiedUser))(input),
        ),
      },
      actions: { codeSent, phoneVerified },
    }),
    { input: start, clock },
  ).start();
  return { actor, clock, codeSent, phoneVerified };
}

describe('phoneVerification machine', () => {
  it('sends the number as typed in its region, then verifies the code and adds the number, once each', async () => {
    const requested: RequestCodeInput[] = [];
    const verified: VerifyCodeInput[] = [];
    const added: { phone: string }[] = [];
    const { actor, codeSent, phoneVerified } = verifyingWith({
      requestCode: async (request) => {
        requested.push(request);
        return { phone: sentTo, expiresAt: '' };
      },
      verifyCode: async (request) => {
        verified.push(request);
      },
      addPhone: async (request) => {
        added.push(request);
        return verifiedUser;
      },
    });
    actor.send({ type: 'user.changeNumber', value: ' (201) 555-0123 ' });
    actor.send({ type: 'user.requestCode' });
    await waitFor(actor, (state) => state.matches('codeEntry'));
    expect(codeSent).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.changeCode', value: ' 482913 ' });
    actor.send({ type: 'user.submitCode' });
    await waitFor(actor, (state) => state.matches('verified'));
    expect(requested).toEqual([{ number: '(201) 555-0123', region: 'US' }]);
    expect(verified).toEqual([{ phone: sentTo, code: '482913' }]);
    expect(added).toEqual([{ phone: sentTo }]);
    expect(phoneVerified).toHaveBeenCalledTimes(1);
  });

  it('starts at the code for a number in the address, offers a new code after the cooldown, and expires the code', async () => {
    const { actor, clock, codeSent } = verifyingWith({}, { region: 'US', phone: sentTo });
    expect(actor.getSnapshot().matches({ codeEntry: 'enteringCode' })).toBe(true);
    expect(actor.getSnapshot().context.canResend).toBe(false);
    clock.increment(phoneResendCooldownSeconds * 1000);
    expect(actor.getSnapshot().context.canResend).toBe(true);
    actor.send({ type: 'user.resendCode' });
    await waitFor(actor, (state) => state.matches('codeEntry') && state.context.codeResent);
    // A new code: the cooldown and the lifetime start again.
    expect(actor.getSnapshot().context.canResend).toBe(false);
    expect(codeSent).not.toHaveBeenCalled();
    clock.increment(phoneCodeLifetimeSeconds * 1000 - 1);
    expect(actor.getSnapshot().matches('codeExpired')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().matches('codeExpired')).toBe(true);
  });

  it('keeps the code and its time after a failed resend: a dead code is not offered again as if it still worked', async () => {
    let resends = 0;
    const { actor, clock } = verifyingWith(
      {
        requestCode: async () => {
          resends += 1;
          throw phoneRefused(PhoneMessage.smsUnavailable);
        },
      },
      { region: 'US', phone: sentTo },
    );
    actor.send({ type: 'user.changeCode', value: '4829' });
    clock.increment(phoneCodeLifetimeSeconds * 1000 - 1000);
    actor.send({ type: 'user.resendCode' });
    await waitFor(actor, (state) => state.matches({ codeEntry: 'enteringCode' }) && state.context.failure !== null);
    expect(actor.getSnapshot().context.code).toBe('4829');
    clock.increment(1000);
    expect(actor.getSnapshot().matches('codeExpired')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'user.resendCode' });
    await waitFor(actor, (state) => state.matches('codeExpired') && state.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toBe(PhoneMessage.smsUnavailable);
    clock.increment(phoneCodeLifetimeSeconds * 1000);
    expect(actor.getSnapshot().matches('codeExpired')).toBe(true);
    expect(resends).toBe(2);
  });

  it('goes back to the number as typed from the code step, letting the code and its timers go', async () => {
    const { actor, clock } = verifyingWith({ requestCode: async () => ({ phone: sentTo, expiresAt: '' }) });
    actor.send({ type: 'user.changeNumber', value: '(201) 555-0123' });
    actor.send({ type: 'user.requestCode' });
    await waitFor(actor, (state) => state.matches('codeEntry'));
    actor.send({ type: 'user.changeCode', value: '48' });
    actor.send({ type: 'user.chooseAnotherNumber' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('enteringNumber');
    expect(context).toMatchObject({ number: '(201) 555-0123', region: 'US', phone: null, code: '', failure: null });
    clock.increment(phoneCodeLifetimeSeconds * 1000);
    expect(actor.getSnapshot().matches('enteringNumber')).toBe(true);
  });

  it('checks the number is given and the code well formed before calling', () => {
    let [snapshot] = initialTransition(phoneVerificationMachine, input);
    [snapshot] = transition(phoneVerificationMachine, snapshot, { type: 'user.requestCode' });
    expect(snapshot.value).toBe('enteringNumber');
    expect(snapshot.context.numberError).toBe(PhoneMessage.numberRequired);
    [snapshot] = initialTransition(phoneVerificationMachine, { region: 'US', phone: sentTo });
    [snapshot] = transition(phoneVerificationMachine, snapshot, { type: 'user.changeCode', value: '48291' });
    [snapshot] = transition(phoneVerificationMachine, snapshot, { type: 'user.submitCode' });
    expect(snapshot.value).toEqual({ codeEntry: 'enteringCode' });
    expect(snapshot.context.codeError).toBe(PhoneMessage.codeInvalid);
  });

  it('a number taken meanwhile is refused at the end, and trying again can succeed', async () => {
    let calls = 0;
    const { actor } = verifyingWith(
      {
        addPhone: async () => {
          calls += 1;
          if (calls === 1) throw phoneRefused(PhoneMessage.numberTaken);
          return verifiedUser;
        },
      },
      { region: 'US', phone: sentTo },
    );
    actor.send({ type: 'user.changeCode', value: '482913' });
    actor.send({ type: 'user.submitCode' });
    await waitFor(actor, (state) => state.matches('saveRefused'));
    expect(actor.getSnapshot().context.failure?.message).toBe(PhoneMessage.numberTaken);
    actor.send({ type: 'user.retrySave' });
    await waitFor(actor, (state) => state.matches('verified'));
  });
});

describe('phoneVerification view', () => {
  it('keeps the number field left to right, and shows a message the portal does not know as it came', () => {
    let [snapshot] = initialTransition(phoneVerificationMachine, input);
    for (const event of [
      { type: 'user.changeNumber', value: '2015550123' },
      { type: 'user.requestCode' },
      { type: 'xstate.error.actor.requestCode', error: phoneRefused('Ask support.'), actorId: 'requestCode' },
    ])
      [snapshot] = transition(phoneVerificationMachine, snapshot, event as never);
    render(renderView(snapshot));
    expect(screen.getByRole('alert')).toHaveTextContent('Ask support.');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
  });
});

describe('phone numbers', () => {
  it('reads national numbers in the chosen region and international ones anywhere, as E.164', () => {
    expect(e164Of('(201) 555-0123', 'US')).toBe(sentTo);
    expect(e164Of('01512 3456789', 'DE')).toBe('+4915123456789');
    expect(e164Of('+1 201 555 0123', 'DE')).toBe(sentTo);
    expect(e164Of('555', 'US')).toBeNull();
    expect(formattedPhone(sentTo)).toBe(sentToFormatted);
  });

  it("names the countries in the reader's language, with their calling codes", () => {
    const germany = regionOptionsFor('de').find((option) => option.region === 'DE');
    expect(germany).toEqual({ region: 'DE', name: 'Deutschland', callingCode: '49' });
  });
});

describe('the account page', () => {
  it('shows the verified phone, formatted and left to right, or offers to verify one', () => {
    const { unmount } = render(
      <TestI18n>
        <AccountPhone phone={sentTo} onNavigate={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByText(sentToFormatted)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: 'Change phone number' })).toHaveAttribute(
      'href',
      '/phone-number-input?redirect=%2Faccount',
    );
    unmount();
    render(
      <TestI18n>
        <AccountPhone phone={null} onNavigate={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByRole('link', { name: 'Verify your phone number' })).toBeVisible();
  });
});
