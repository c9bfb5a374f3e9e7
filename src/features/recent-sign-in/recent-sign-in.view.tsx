import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { ErrorCode } from '../../../contract/errors';
import {
  passwordRequired,
  type RecentSignInContext,
  type RecentSignInEvent,
  type recentSignInMachine,
} from '../../../machines/recentSignIn/recentSignIn.machine';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { RateLimitedAlert } from '../../components/ui/rate-limited-alert';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText } from '../../lib/contract-messages';
import { dialog } from '../../theme/recipes/dialog';
import { text } from '../../theme/recipes/text';
import '../../lib/refusals/passkeys';
import '../../lib/refusals/recent-sign-in';
import '../../lib/refusals/second-factor';
import { passwordRequiredText, problemMessages } from './recent-sign-in.messages';

const dialogStyles = dialog();

type Snapshot = Pick<SnapshotFrom<typeof recentSignInMachine>, 'context' | 'hasTag' | 'matches'>;
type Send = (event: RecentSignInEvent) => void;

export type RecentSignInViewProps = {
  snapshot: Snapshot;
  send: Send;
  /** The account's address, so that a password manager offers the right password. */
  email: string;
};

// The dialog's own buttons, as its footer places them.
const buttonRow = dialogStyles.footer;
// "or" between the passkey's button and the form, drawn as a rule on either side.
const divider = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  color: 'fg.muted',
  fontSize: 'sm',
  _before: { content: '""', flex: '1', borderBlockStartWidth: '1px', borderColor: 'border' },
  _after: { content: '""', flex: '1', borderBlockStartWidth: '1px', borderColor: 'border' },
});

/** Where the focus goes as the dialog opens: the passkey's button, else the field, else "Sign in again". */
const firstControlOf = (content: HTMLElement | null) =>
  content?.querySelector<HTMLElement>('[data-recent-sign-in-focus], input:not([hidden])') ?? null;

function Problem({ context }: { context: RecentSignInContext }) {
  const { i18n } = useLingui();
  const { problem, problemMessage } = context;
  if (!problem) return null;
  if (problem === 'passkeyRefused' && problemMessage)
    return <Alert>{contractMessageText(i18n, problemMessage, ErrorCode.passkeyRefused)}</Alert>;
  return <Alert>{i18n._(problemMessages[problem])}</Alert>;
}

/** The password, or a code of the authenticator app or a recovery code (switchable), and "Confirm". */
function AnswerForm({ snapshot, send, email, cancel }: RecentSignInViewProps & { cancel: ReactNode }) {
  const { t, i18n } = useLingui();
  const { method, methods, typed, fieldError, wrongAnswers } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const rateLimited = snapshot.matches({ asking: 'rateLimited' });
  const confirming = snapshot.matches({ asking: 'confirming' }) && snapshot.context.answer?.method !== 'passkey';
  if (!method) return null;
  const errorText =
    fieldError === passwordRequired
      ? i18n._(passwordRequiredText)
      : fieldError
        ? contractMessageText(i18n, fieldError)
        : undefined;
  const other =
    method === 'authenticatorApp' && methods.includes('recoveryCode')
      ? 'recoveryCode'
      : method === 'recoveryCode' && methods.includes('authenticatorApp')
        ? 'authenticatorApp'
        : null;
  return (
    <form
      noValidate
      className={stack({ gap: '4' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      {method === 'password' ? (
        <>
          {/* The address as a username field, so a password manager offers the right password. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            // A new, empty field after a refused answer: the view puts the focus back in it.
            key={`password-${wrongAnswers}`}
            label={t`Password`}
            type="password"
            name="password"
            autoComplete="current-password"
            value={typed}
            disabled={busy}
            errorText={errorText}
            onValueChange={(value) => send({ type: 'user.changeAnswer', value })}
          />
        </>
      ) : (
        <TextField
          key={`${method}-${wrongAnswers}`}
          label={method === 'authenticatorApp' ? t`Code from your authenticator app` : t`Recovery code`}
          name={method === 'authenticatorApp' ? 'authenticator-code' : 'recovery-code'}
          inputMode={method === 'authenticatorApp' ? 'numeric' : 'text'}
          autoComplete={method === 'authenticatorApp' ? 'one-time-code' : 'off'}
          autoCapitalize={method === 'authenticatorApp' ? undefined : 'characters'}
          dir="ltr"
          spellCheck={false}
          value={typed}
          disabled={busy}
          errorText={errorText}
          onValueChange={(value) => send({ type: 'user.changeAnswer', value })}
        />
      )}
      {other ? (
        <div>
          <Button
            variant="link"
            disabled={busy}
            onClick={() =>
              send({ type: other === 'recoveryCode' ? 'user.useRecoveryCode' : 'user.useAuthenticatorApp' })
            }
          >
            {other === 'recoveryCode' ? (
              <Trans>Use a recovery code instead</Trans>
            ) : (
              <Trans>Use your authenticator app instead</Trans>
            )}
          </Button>
        </div>
      ) : null}
      <div className={buttonRow}>
        {cancel}
        <Button type="submit" aria-busy={confirming} disabled={busy || rateLimited}>
          {confirming ? <Trans>Confirming…</Trans> : <Trans>Confirm</Trans>}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Confirm it's you": the dialog a sensitive call opens when the server wants a recent sign-in. A
 * passkey first (the browser's own dialog), the password or a code below it; with no way at all,
 * signing in again. Escape and "Cancel" leave the call refused.
 */
export function RecentSignInView({ snapshot, send, email }: RecentSignInViewProps) {
  const { i18n } = useLingui();
  const contentRef = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const open = snapshot.matches('asking') || snapshot.matches('signInAgain');
  const busy = snapshot.hasTag('busy');
  const rateLimited = snapshot.matches({ asking: 'rateLimited' });
  const waitingForPasskey =
    snapshot.matches({ asking: 'gettingPasskeyOptions' }) || snapshot.matches({ asking: 'waitingForPasskey' });
  const confirmingPasskey = snapshot.matches({ asking: 'confirming' }) && context.answer?.method === 'passkey';
  const withPasskey = context.methods.includes('passkey');
  const signInAgain = snapshot.matches('signInAgain');

  // The controls are disabled while a proof is checked, which takes the focus from them: it comes
  // back to the field (emptied after a wrong answer) or the passkey's button, whichever was used.
  const wasBusy = useRef(busy);
  const lastUsedPasskey = useRef(false);
  if (busy) lastUsedPasskey.current = waitingForPasskey || context.answer?.method === 'passkey';
  useEffect(() => {
    const content = contentRef.current;
    if (wasBusy.current && !busy && content && !content.contains(document.activeElement)) {
      const target = lastUsedPasskey.current
        ? content.querySelector<HTMLElement>('[data-passkey]')
        : (content.querySelector<HTMLElement>('input:not([hidden])') ?? firstControlOf(content));
      target?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);
  // A switch of the way of proving, or a refused answer, gives a new field: the focus goes into it.
  const shownField = useRef(`${context.method}-${context.wrongAnswers}`);
  useEffect(() => {
    const field = `${context.method}-${context.wrongAnswers}`;
    if (shownField.current === field) return;
    shownField.current = field;
    contentRef.current?.querySelector<HTMLElement>('input:not([hidden])')?.focus();
  }, [context.method, context.wrongAnswers]);

  const cancel = (
    <Button variant="outline" onClick={() => send({ type: 'user.cancel' })}>
      <Trans>Cancel</Trans>
    </Button>
  );

  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      // A click beside it would lose what was typed: Escape and "Cancel" leave.
      closeOnInteractOutside={false}
      onOpenChange={(details) => !details.open && send({ type: 'user.cancel' })}
      initialFocusEl={() => firstControlOf(contentRef.current)}
    >
      <Portal>
        <Dialog.Backdrop className={dialogStyles.backdrop} />
        <Dialog.Positioner className={dialogStyles.positioner}>
          <Dialog.Content ref={contentRef} className={dialogStyles.content}>
            <Dialog.Title className={dialogStyles.title}>
              <Trans>Confirm it's you</Trans>
            </Dialog.Title>
            <Dialog.Description className={text({ tone: 'muted' })}>
              {contractMessageText(i18n, context.reason, ErrorCode.recentSignInRequired)}
            </Dialog.Description>
            {signInAgain ? (
              <>
                <p>
                  <Trans>Sign in again to make this change.</Trans>
                </p>
                <div className={buttonRow}>
                  {cancel}
                  <Button data-recent-sign-in-focus="" onClick={() => send({ type: 'user.signInAgain' })}>
                    <Trans>Sign in again</Trans>
                  </Button>
                </div>
              </>
            ) : (
              <>
                <Problem context={context} />
                {rateLimited ? <RateLimitedAlert retryAfterSeconds={context.retryAfterSeconds} /> : null}
                {withPasskey ? (
                  <Button
                    data-recent-sign-in-focus=""
                    data-passkey=""
                    variant={context.method ? 'outline' : 'solid'}
                    width="full"
                    aria-busy={waitingForPasskey || confirmingPasskey}
                    disabled={busy || rateLimited}
                    onClick={() => send({ type: 'user.usePasskey' })}
                  >
                    {waitingForPasskey ? (
                      <Trans>Waiting for your passkey…</Trans>
                    ) : confirmingPasskey ? (
                      <Trans>Confirming…</Trans>
                    ) : (
                      <Trans>Use a passkey</Trans>
                    )}
                  </Button>
                ) : null}
                {withPasskey && context.method ? (
                  <p className={divider}>
                    <Trans>or</Trans>
                  </p>
                ) : null}
                {context.method ? (
                  <AnswerForm snapshot={snapshot} send={send} email={email} cancel={cancel} />
                ) : (
                  <div className={buttonRow}>{cancel}</div>
                )}
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
