import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { signUpMachine } from '../../../machines/signUp/signUp.machine';
import { BotCheck, botCheckRequired } from '../../components/bot-check';
import { buttonLook } from '../../components/ui/button';
import { flags } from '../../lib/config';
import { notify } from '../../lib/notify';
import { textLink } from '../../theme/recipes/link';
import {
  createPendingAccount,
  finalizeAccountCreation,
  resendVerificationCode,
  secondsClock,
  validateVerificationCode,
} from './sign-up.actors';
import { SignUpView } from './sign-up.view';

const accountCreated = msg`Account Created`;

const signUpPaths = ['/create', '/verify-email', '/finalize'];

/** The route each step of the flow lives at (docs/spec.md §2). */
export function signUpPathOf(snapshot: Pick<SnapshotFrom<typeof signUpMachine>, 'matches'>) {
  if (snapshot.matches('verifying')) return '/verify-email';
  if (snapshot.matches('choosingPassword') || snapshot.matches('finalizing') || snapshot.matches('verified'))
    return '/finalize';
  return '/create';
}

/**
 * Owns the sign-up flow across its three routes: the machine decides the step, and the address bar
 * follows it (replacing, so Back leaves the flow rather than replaying a spent step).
 */
export function SignUpScreen({ step, email }: { step: 'create' | 'verify'; email?: string }) {
  const actor = useActorRef(
    signUpMachine.provide({
      actors: {
        createPendingAccount,
        resendCode: resendVerificationCode,
        validateCode: validateVerificationCode,
        finalizeAccount: finalizeAccountCreation,
        clock: secondsClock,
      },
      actions: {
        announceAccountCreated: () => notify({ title: i18n._(accountCreated), tone: 'success' }),
      },
    }),
    { input: { botCheckRequired, email, step } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const path = signUpPathOf(snapshot);
  // The code step's check is solved only once a new code can be asked for: a person who types the
  // first code never spends the proof of work.
  const resendOffered = snapshot.context.canResend || snapshot.matches({ verifying: 'needsNewCode' });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A new step replaces the form that had focus: take keyboard and screen-reader users to its heading.
  const shownStep = snapshot.matches('verified') ? 'verified' : path;
  const lastStep = useRef(shownStep);
  useEffect(() => {
    if (lastStep.current === shownStep) return;
    lastStep.current = shownStep;
    document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus();
  }, [shownStep]);
  useEffect(() => {
    // Only within the flow's own routes: a link out of it (sign in, the footer) must not be pulled back.
    if (signUpPaths.includes(pathname) && pathname !== path) void navigate({ to: path, replace: true });
  }, [pathname, path, navigate]);

  return (
    <SignUpView
      snapshot={snapshot}
      send={actor.send}
      botCheck={
        // On the code step the check sits beside "Send a new code" and solves itself once a new code
        // can be asked for, so a person still just clicks the button; on the e-mail step it is
        // ticked like the rest of the form.
        <BotCheck
          key={`${path}:${snapshot.context.botCheckRound}`}
          solveAtOnce={path === '/verify-email' && resendOffered}
          onSolved={(token) => actor.send({ type: 'botCheck.solved', token })}
          onReset={() => actor.send({ type: 'botCheck.expired' })}
        />
      }
      signInLink={
        <Link to="/login" className={textLink}>
          <Trans>Sign in</Trans>
        </Link>
      }
      backToAppLink={
        <Link
          to="/login"
          search={{
            login_hint: snapshot.context.email.trim().toLowerCase(),
            // With the flag on, a new account goes on to add its phone number once signed in.
            ...(flags.enablePhoneNumberVerificationOnSignup ? { redirect: '/phone-number-input' } : {}),
          }}
          className={buttonLook()}
        >
          <Trans>Back to the app</Trans>
        </Link>
      }
    />
  );
}
