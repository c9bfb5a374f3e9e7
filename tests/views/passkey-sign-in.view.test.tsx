import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { PasskeyMessage } from '../../contract/passkeys';
import { secondFactorChallengeMachine } from '../../machines/secondFactorChallenge/secondFactorChallenge.machine';
import { signInMachine } from '../../machines/signIn/signIn.machine';
import { SecondFactorChallengeView } from '../../src/features/second-factor-challenge/second-factor-challenge.view';
import { SignInView } from '../../src/features/sign-in/sign-in.view';
import { allMethods } from '../machines/secondFactorChallenge.cases';
import { expectNoAxeViolations } from '../support/axe';
import { TestI18n } from '../support/i18n';
import { refused } from '../support/refusals';

function renderSignIn(snapshot: AnyMachineSnapshot, passkeysSupported = true) {
  const send = vi.fn();
  const { container } = render(
    <TestI18n>
      <main>
        <SignInView
          snapshot={snapshot as never}
          send={send}
          passkeysSupported={passkeysSupported}
          forgotPasswordLink={<a href="/password/forgot">Forgot password?</a>}
          createAccountLink={<a href="/create">Create account</a>}
        />
      </main>
    </TestI18n>,
  );
  return { send, container };
}

describe('the sign-in page’s passkey', () => {
  const [form] = initialTransition(signInMachine, {});

  it('offers the browser’s passkeys in the e-mail field, and a button among the other ways in', async () => {
    const { send, container } = renderSignIn(form);
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('autocomplete', 'username webauthn');
    const otherWays = screen.getByRole('region', { name: 'Other ways to sign in' });
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    expect(otherWays).toContainElement(button);
    await userEvent.setup().click(button);
    expect(send).toHaveBeenLastCalledWith({ type: 'user.signInWithPasskey' });
    await expectNoAxeViolations(container);
  });

  it('offers no button where the browser has no passkeys', () => {
    renderSignIn(form, false);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('says beside the button why a passkey did not sign in', async () => {
    const [asking] = transition(signInMachine, form, { type: 'user.signInWithPasskey' });
    const [failed] = transition(signInMachine, asking, {
      type: 'xstate.error.actor.askForPasskey',
      error: refused(ErrorCode.secondFactorExpired, PasskeyMessage.expired),
      actorId: 'askForPasskey',
    } as never);
    const { container } = renderSignIn(failed);
    expect(screen.getByRole('region', { name: 'Other ways to sign in' })).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('This took too long. Try again.');
    await expectNoAxeViolations(container);
  });
});

describe('the second step’s passkey', () => {
  function renderSecondStep(snapshot: AnyMachineSnapshot) {
    const send = vi.fn();
    const { container } = render(
      <TestI18n>
        <main>
          <SecondFactorChallengeView
            snapshot={snapshot as never}
            send={send}
            signInHref="/login"
            onNavigate={vi.fn()}
          />
        </main>
      </TestI18n>,
    );
    return { send, container };
  }

  it('offers a passkey first, with the focus, where the account has one', async () => {
    const [offered] = initialTransition(secondFactorChallengeMachine, { methods: allMethods });
    const { send, container } = renderSecondStep(offered);
    const button = screen.getByRole('button', { name: 'Use a passkey' });
    expect(button).toHaveFocus();
    expect(screen.getByLabelText('Code from your authenticator app')).not.toHaveFocus();
    await userEvent.setup().keyboard('{Enter}');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.usePasskey' });
    await expectNoAxeViolations(container);
  });

  it('asks for the code alone, as before, where it has none', () => {
    const [codesOnly] = initialTransition(secondFactorChallengeMachine, { methods: ['authenticatorApp'] });
    renderSecondStep(codesOnly);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.getByLabelText('Code from your authenticator app')).toHaveFocus();
  });
});
