import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Passkey } from '../../../contract/passkeys';
import type {
  PasskeyEnrolmentEvent,
  passkeyEnrolmentMachine,
} from '../../../machines/passkeyEnrolment/passkeyEnrolment.machine';
import { stack, visuallyHidden, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { useNoticeFocus } from '../../components/use-notice-focus';
import { contractMessageText } from '../../lib/contract-messages';
import { formatDateTime } from '../../lib/format/dates';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { subsection } from '../../theme/recipes/subsection';
import { heading } from '../../theme/recipes/text';
import { passkeyFailureText } from './passkeys.messages';

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

const buttonRow = wrap({ gap: '3', align: 'center' });
const removalQuestion = choiceGroup();

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
      errorText={nameError ? contractMessageText(i18n, nameError) : undefined}
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
      className={stack({ gap: '3' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      {children}
      <NameField snapshot={snapshot} send={send} />
      {failure ? <Alert>{passkeyFailureText(i18n, failure)}</Alert> : null}
      <div className={buttonRow}>
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
    <section aria-labelledby={titleId} className={subsection}>
      <h4 id={titleId} className={heading({ level: 'subsection' })}>
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
        <Text tone="muted">
          <Trans>
            Give it a name you will recognise, such as the device or password manager that keeps it. Your browser then
            asks you to make the passkey.
          </Trans>
        </Text>
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
    <div className={subsection}>
      {/* The question names the group: a screen reader says it as the focus enters "Keep". */}
      <fieldset className={removalQuestion.root}>
        <legend className={removalQuestion.legend}>
          <Trans>
            Remove <bdi>{name}</bdi>? You will no longer be able to sign in with it.
          </Trans>
        </legend>
        {failure ? <Alert>{passkeyFailureText(i18n, failure)}</Alert> : null}
        <div className={buttonRow}>
          <Button
            variant="danger"
            aria-busy={removing}
            disabled={removing}
            onClick={() => send({ type: 'user.confirm' })}
          >
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
  const added = formatDateTime(createdAt, i18n.locale);
  const lastUsed = lastUsedAt ? formatDateTime(lastUsedAt, i18n.locale) : '';
  const savingName = snapshot.matches('savingName');
  return (
    <article aria-labelledby={headingId} className={stack({ gap: '1' })}>
      <h4 id={headingId} className={heading({ level: 'subsection' })}>
        <bdi>{name}</bdi>
      </h4>
      {passkey.backedUp ? (
        <p>
          <Badge tone="accent">
            <Trans>Synced</Trans>
          </Badge>
        </p>
      ) : null}
      <Text tone="muted">
        <Trans>
          Added <time dateTime={createdAt}>{added}</time>
        </Trans>
      </Text>
      <Text tone="muted">
        {lastUsedAt ? (
          <Trans>
            Last used <time dateTime={lastUsedAt}>{lastUsed}</time>
          </Trans>
        ) : (
          <Trans>Never used</Trans>
        )}
      </Text>
      {chosen && step === 'renaming' ? (
        <div className={subsection}>
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
        <div className={wrap({ gap: '3', align: 'center', marginBlockStart: '1' })}>
          <Button
            variant="outline"
            data-passkey-action={`rename-${passkey.id}`}
            disabled={step !== 'overview'}
            onClick={() => send({ type: 'user.rename', passkey })}
          >
            <Trans>
              Rename <span className={visuallyHidden()}>{name}</span>
            </Trans>
          </Button>
          <Button
            variant="danger"
            data-passkey-action={`remove-${passkey.id}`}
            disabled={step !== 'overview'}
            onClick={() => send({ type: 'user.remove', passkey })}
          >
            <Trans>
              Remove <span className={visuallyHidden()}>{name}</span>
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
    <Card
      ref={sectionRef}
      id="passkeys"
      titleId="passkeys-title"
      titleAs="h3"
      titleRef={titleRef}
      title={<Trans>Passkeys</Trans>}
      description={
        <Trans>
          With a passkey you sign in with your fingerprint, your face or your device’s screen lock instead of your
          password. Your device keeps it, or your password manager syncs it to your other devices.
        </Trans>
      }
    >
      <Notice snapshot={snapshot} />
      {step === 'overview' && failure ? <Alert>{passkeyFailureText(i18n, failure)}</Alert> : null}
      {read.status === 'pending' ? (
        <Text role="status" tone="muted">
          <Trans>Loading your passkeys…</Trans>
        </Text>
      ) : read.status === 'error' ? (
        <Alert onRetry={read.onRetry}>
          <Trans>We could not load your passkeys.</Trans>
        </Alert>
      ) : read.passkeys.length === 0 ? (
        <Text tone="muted">
          <Trans>You have no passkeys yet.</Trans>
        </Text>
      ) : (
        <ul className={stack({ gap: '5' })}>
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
        <div className={buttonRow}>
          <Button ref={addRef} disabled={step !== 'overview'} onClick={() => send({ type: 'user.add' })}>
            <Trans>Add a passkey</Trans>
          </Button>
        </div>
      ) : (
        <Text tone="muted">
          <Trans>This browser cannot make passkeys, so you cannot add one here.</Trans>
        </Text>
      )}
    </Card>
  );
}
