import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Passkey } from '../../../contract/passkeys';
import type {
  PasskeyEnrolmentEvent,
  passkeyEnrolmentMachine,
} from '../../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useNoticeFocus } from '../../components/use-notice-focus';
import { dateTimeOf } from '../your-sessions/session.messages';
import { passkeyFailureText, passkeyMessageText } from './passkeys.messages';

/** The account's passkeys as read from the server: the screen passes its query's state. */
export type PasskeysRead =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'success'; passkeys: Passkey[] };

type Snapshot = Pick<SnapshotFrom<typeof passkeyEnrolmentMachine>, 'context' | 'hasTag' | 'matches'>;
type Send = (event: PasskeyEnrolmentEvent) => void;

export type PasskeysViewProps = {
  snapshot: Snapshot;
  send: Send;
  read: PasskeysRead;
  /** Whether this browser can make passkeys at all (WebAuthn); without, adding one is not offered. */
  supported: boolean;
};

const muted = css({ color: 'fg.muted' });
const srOnly = css({ srOnly: true });
const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const syncedBadge = css({
  alignSelf: 'flex-start',
  paddingInline: '2',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'accent.default',
  fontSize: 'sm',
  fontWeight: 'medium',
});
const inPlace = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  marginBlockStart: '1',
  paddingBlockStart: '3',
  borderTopWidth: '1px',
  borderColor: 'border',
});

/** Which step the section shows, and for which passkey: the focus moves when it changes. */
function stepOf(snapshot: Snapshot) {
  if (snapshot.matches('naming') || snapshot.matches('creating') || snapshot.matches('saving')) return 'adding';
  if (snapshot.matches('renaming') || snapshot.matches('savingName')) return 'renaming';
  if (snapshot.matches('confirmingRemoval') || snapshot.matches('removing')) return 'removing';
  return 'overview';
}

/** The field of a passkey's name: a new one's, or a new name. */
function NameField({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t, i18n } = useLingui();
  const { name, nameError } = snapshot.context;
  return (
    <TextField
      label={t`Name of the passkey`}
      name="passkey-name"
      autoComplete="off"
      autoFocus
      maxLength={64}
      value={name}
      disabled={snapshot.hasTag('busy')}
      errorText={nameError ? passkeyMessageText(i18n, nameError) : undefined}
      onValueChange={(value) => send({ type: 'user.changeName', value })}
    />
  );
}

/** A form of the section: the name, its failure, and its buttons; the focus back in the name after a wait. */
function NameForm({
  snapshot,
  send,
  children,
  buttons,
}: {
  snapshot: Snapshot;
  send: Send;
  children?: ReactNode;
  buttons: ReactNode;
}) {
  const { i18n } = useLingui();
  const { failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const formRef = useRef<HTMLFormElement>(null);
  const wasBusy = useRef(busy);
  // A disabled field loses the focus while the browser's dialog or the portal is at work.
  useEffect(() => {
    if (wasBusy.current && !busy) formRef.current?.querySelector('input')?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return (
    <form
      ref={formRef}
      noValidate
      className={stack}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      {children}
      <NameField snapshot={snapshot} send={send} />
      {failure ? <Alert>{passkeyFailureText(i18n, failure)}</Alert> : null}
      <div className={row}>
        {buttons}
        <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** A new passkey: its name first, then the browser's own dialog. */
function Adding({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const titleId = useId();
  const busy = snapshot.hasTag('busy');
  return (
    <section aria-labelledby={titleId} className={inPlace}>
      <h4 id={titleId} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        <Trans>Add a passkey</Trans>
      </h4>
      <NameForm
        snapshot={snapshot}
        send={send}
        buttons={
          <Button type="submit" aria-busy={busy} disabled={busy}>
            {snapshot.matches('creating') ? (
              <Trans>Waiting for your browser…</Trans>
            ) : snapshot.matches('saving') ? (
              <Trans>Adding…</Trans>
            ) : (
              <Trans>Add</Trans>
            )}
          </Button>
        }
      >
        <p className={muted}>
          <Trans>
            Give it a name you will recognise, such as the device or password manager that keeps it. Your browser then
            asks you to make the passkey.
          </Trans>
        </p>
      </NameForm>
    </section>
  );
}

/** "Remove this passkey?", in place of its buttons; "Keep" has the focus. */
function ConfirmingRemoval({ snapshot, send, passkey }: { snapshot: Snapshot; send: Send; passkey: Passkey }) {
  const { i18n } = useLingui();
  const removing = snapshot.matches('removing');
  const { failure } = snapshot.context;
  const name = passkey.name;
  return (
    <div className={inPlace}>
      {/* The question names the group: a screen reader says it as the focus enters "Keep". */}
      <fieldset className={cx(stack, css({ minInlineSize: 0 }))}>
        <legend className={css({ marginBlockEnd: '3' })}>
          <Trans>
            Remove <bdi>{name}</bdi>? You will no longer be able to sign in with it.
          </Trans>
        </legend>
        {failure ? <Alert>{passkeyFailureText(i18n, failure)}</Alert> : null}
        <div className={row}>
          <Button aria-busy={removing} disabled={removing} onClick={() => send({ type: 'user.confirm' })}>
            {removing ? <Trans>Removing…</Trans> : <Trans>Remove</Trans>}
          </Button>
          <Button variant="outline" autoFocus disabled={removing} onClick={() => send({ type: 'user.cancel' })}>
            <Trans>Keep</Trans>
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

function PasskeyItem({ passkey, snapshot, send }: { passkey: Passkey; snapshot: Snapshot; send: Send }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const { target } = snapshot.context;
  const chosen = target?.id === passkey.id;
  const step = stepOf(snapshot);
  const { name, createdAt, lastUsedAt } = passkey;
  const added = dateTimeOf(i18n.locale, createdAt);
  const lastUsed = lastUsedAt ? dateTimeOf(i18n.locale, lastUsedAt) : '';
  const savingName = snapshot.matches('savingName');
  return (
    <article aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <h4 id={headingId} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        <bdi>{name}</bdi>
      </h4>
      {passkey.backedUp ? (
        <span className={syncedBadge}>
          <Trans>Synced</Trans>
        </span>
      ) : null}
      <p className={muted}>
        <Trans>
          Added <time dateTime={createdAt}>{added}</time>
        </Trans>
      </p>
      <p className={muted}>
        {lastUsedAt ? (
          <Trans>
            Last used <time dateTime={lastUsedAt}>{lastUsed}</time>
          </Trans>
        ) : (
          <Trans>Never used</Trans>
        )}
      </p>
      {chosen && step === 'renaming' ? (
        <div className={inPlace}>
          <NameForm
            snapshot={snapshot}
            send={send}
            buttons={
              <Button type="submit" aria-busy={savingName} disabled={savingName}>
                {savingName ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
              </Button>
            }
          />
        </div>
      ) : chosen && step === 'removing' ? (
        <ConfirmingRemoval snapshot={snapshot} send={send} passkey={passkey} />
      ) : (
        <div className={cx(row, css({ marginBlockStart: '1' }))}>
          <Button
            variant="outline"
            data-passkey-action={`rename-${passkey.id}`}
            disabled={step !== 'overview'}
            onClick={() => send({ type: 'user.rename', passkey })}
          >
            <Trans>
              Rename <span className={srOnly}>{name}</span>
            </Trans>
          </Button>
          <Button
            variant="outline"
            data-passkey-action={`remove-${passkey.id}`}
            disabled={step !== 'overview'}
            onClick={() => send({ type: 'user.remove', passkey })}
          >
            <Trans>
              Remove <span className={srOnly}>{name}</span>
            </Trans>
          </Button>
        </div>
      )}
    </article>
  );
}

/**
 * A name inside a sentence, kept apart from the sentence's direction (Unicode's first-strong
 * isolate, as `<bdi>` does), without an element of its own: the name's only element is its heading.
 */
const isolated = (name: string) => `\u2068${name}\u2069`;

/** What the last change did, said politely, with the focus on it. */
function Notice({ snapshot }: { snapshot: Snapshot }) {
  const { notice } = snapshot.context;
  const { noticeRef } = useNoticeFocus(notice);
  if (!notice) return null;
  const name = isolated(notice.name);
  return (
    <p role="status" ref={noticeRef} tabIndex={-1}>
      {notice.kind === 'added' ? (
        <Trans>Your passkey {name} was added. You can now sign in with it.</Trans>
      ) : notice.kind === 'renamed' ? (
        <Trans>The passkey is now called {name}.</Trans>
      ) : (
        <Trans>The passkey {name} was removed.</Trans>
      )}
    </p>
  );
}

/**
 * "Passkeys" on the account page (`/account#passkeys`, under "Sign-in and security"): the
 * account's passkeys, each with when it was added and last used and whether it is synced; adding
 * one (a name, then the browser's dialog), renaming one in place, removing one after a confirm in
 * place. Each step takes the focus as it appears, and gives it back where it was started.
 */
export function PasskeysView({ snapshot, send, read, supported }: PasskeysViewProps) {
  const { i18n } = useLingui();
  const { target, failure, notice } = snapshot.context;
  const step = stepOf(snapshot);
  const sectionRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const shown = useRef({ step, targetId: target?.id });
  // Back from a step without a notice (cancelled, or refused as gone): the focus returns to the
  // button that started it, or to the section's title when that passkey is gone.
  useEffect(() => {
    const previous = shown.current;
    shown.current = { step, targetId: target?.id ?? previous.targetId };
    if (previous.step === step || step !== 'overview' || notice) return;
    const started =
      previous.step === 'adding'
        ? addRef.current
        : sectionRef.current?.querySelector<HTMLElement>(
            `[data-passkey-action="${previous.step === 'renaming' ? 'rename' : 'remove'}-${previous.targetId}"]`,
          );
    (failure ? titleRef.current : (started ?? titleRef.current))?.focus();
  }, [step, target, notice, failure]);

  return (
    <section ref={sectionRef} id="passkeys" aria-labelledby="passkeys-title" className={card}>
      <h3 id="passkeys-title" ref={titleRef} tabIndex={-1} className={cx(cardTitle, css({ outline: 'none' }))}>
        <Trans>Passkeys</Trans>
      </h3>
      <p className={muted}>
        <Trans>
          With a passkey you sign in with your fingerprint, your face or your device’s screen lock instead of your
          password. Your device keeps it, or your password manager syncs it to your other devices.
        </Trans>
      </p>
      <Notice snapshot={snapshot} />
      {step === 'overview' && failure ? <Alert>{passkeyFailureText(i18n, failure)}</Alert> : null}
      {read.status === 'pending' ? (
        <p role="status" className={muted}>
          <Trans>Loading your passkeys…</Trans>
        </p>
      ) : read.status === 'error' ? (
        <Alert>
          <p>
            <Trans>We could not load your passkeys.</Trans>
          </p>
          <Button variant="link" onClick={read.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : read.passkeys.length === 0 ? (
        <p className={muted}>
          <Trans>You have no passkeys yet.</Trans>
        </p>
      ) : (
        <ul className={list}>
          {read.passkeys.map((passkey) => (
            <li key={passkey.id}>
              <PasskeyItem passkey={passkey} snapshot={snapshot} send={send} />
            </li>
          ))}
        </ul>
      )}
      {step === 'adding' ? (
        <Adding snapshot={snapshot} send={send} />
      ) : supported ? (
        <div className={row}>
          <Button ref={addRef} disabled={step !== 'overview'} onClick={() => send({ type: 'user.add' })}>
            <Trans>Add a passkey</Trans>
          </Button>
        </div>
      ) : (
        <p className={muted}>
          <Trans>This browser cannot make passkeys, so you cannot add one here.</Trans>
        </p>
      )}
    </section>
  );
}
