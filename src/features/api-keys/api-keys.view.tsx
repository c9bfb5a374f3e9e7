import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { ApiKey } from '../../../contract/teams';
import { type ApiKeyEvent, allowedIpsOf, type apiKeyMachine } from '../../../machines/apiKey/apiKey.machine';
import { type Refusal, unexplained } from '../../../machines/refusal';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card-look';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { formatDate } from '../../lib/format/dates';
import { detailsList } from '../../theme/recipes/details-list';
import { fieldControl } from '../../theme/recipes/field';
import '../../lib/refusals/teams';
import { keyChangeUnavailable } from './api-keys.messages';

type ApiKeySnapshot = Pick<SnapshotFrom<typeof apiKeyMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

export type ApiKeysViewProps = {
  snapshot: ApiKeySnapshot;
  send: (event: ApiKeyEvent) => void;
  /** The time (ms) expiry is judged against, given by the screen so the view stays pure. */
  now: number;
};

export type ApiKeyState = 'active' | 'expired' | 'invalidated';

/** Invalidated wins over expired: it is what someone did, expiry is what time did. */
export function apiKeyStateOf(key: Pick<ApiKey, 'invalidated' | 'expirationDate'>, now: number): ApiKeyState {
  if (key.invalidated) return 'invalidated';
  return Date.parse(key.expirationDate) <= now ? 'expired' : 'active';
}

const muted = css({ color: 'fg.muted' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
const subheading = css({ fontSize: 'md', fontWeight: 'semibold' });
const monospace = css({ fontFamily: 'mono', fontSize: 'sm' });
const stateStyles: Record<ApiKeyState, string> = {
  active: css({ color: 'success.default', fontWeight: 'medium' }),
  expired: css({ color: 'fg.muted', fontWeight: 'medium' }),
  invalidated: css({ color: 'danger.default', fontWeight: 'medium' }),
};

function FailureAlert({ failure }: { failure: Refusal | null }) {
  const { i18n } = useLingui();
  return <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: keyChangeUnavailable })}</Alert>;
}

function KeyStateText({ state }: { state: ApiKeyState }) {
  if (state === 'invalidated') return <Trans>Invalidated</Trans>;
  if (state === 'expired') return <Trans context="api key state">Expired</Trans>;
  return <Trans context="api key state">Active</Trans>;
}

/**
 * A labelled input whose hint and errors describe it (aria-describedby), so a screen reader reads
 * them with the field; each error is its own line, so every bad address is named.
 */
function DescribedField({
  label,
  name,
  value,
  hint,
  errors,
  disabled,
  autoFocus,
  technical,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  hint?: ReactNode;
  errors: ReactNode[];
  disabled: boolean;
  autoFocus?: boolean;
  /** Addresses: left to right and monospace in every language. */
  technical?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const invalid = errors.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-errors` : null].filter(Boolean).join(' ');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <label htmlFor={`${id}-input`} className={css({ fontWeight: 'medium' })}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        name={name}
        autoComplete="off"
        spellCheck={technical ? false : undefined}
        dir={technical ? 'ltr' : undefined}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the person's click, and typing starts here
        autoFocus={autoFocus}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cx(fieldControl, technical ? css({ fontFamily: 'mono' }) : undefined)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={cx(muted, css({ fontSize: 'sm' }))}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <ul id={`${id}-errors`} className={css({ color: 'danger.default', fontSize: 'sm', listStyle: 'none' })}>
          {errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the errors are a fixed list for one render
            <li key={index}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The allowed addresses as a comma-separated list; an empty list means any address, and the hint says so. */
function AllowedIpsField({
  label,
  value,
  ipsError,
  invalidIps,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  ipsError: string | null;
  invalidIps: string[];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { i18n } = useLingui();
  const errors: ReactNode[] = [
    ...(ipsError ? [contractMessageText(i18n, ipsError)] : []),
    ...invalidIps.map((entry) => (
      <Trans key={entry}>
        “<bdi>{entry}</bdi>” is not an IP address or range.
      </Trans>
    )),
  ];
  return (
    <DescribedField
      label={label}
      name="allowed-ips"
      technical
      value={value}
      disabled={disabled}
      errors={errors}
      hint={
        allowedIpsOf(value).length === 0 ? (
          <Trans>No addresses listed: the key works from any address.</Trans>
        ) : (
          <Trans>Separate entries with commas: IPv4 or IPv6 addresses, or ranges such as 203.0.113.0/24.</Trans>
        )
      }
      onChange={onChange}
    />
  );
}

function CreateKeyForm({ snapshot, send }: Omit<ApiKeysViewProps, 'now'>) {
  const { t, i18n } = useLingui();
  const { description, descriptionError, ipsDraft, ipsError, invalidIps, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <form
      noValidate
      aria-labelledby="new-api-key-title"
      className={css({ display: 'grid', gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.save' });
      }}
    >
      <h3 id="new-api-key-title" className={subheading}>
        <Trans>New API key</Trans>
      </h3>
      {snapshot.matches('createFailed') ? <FailureAlert failure={failure} /> : null}
      <DescribedField
        label={t`Description`}
        name="description"
        autoFocus
        value={description}
        disabled={busy}
        errors={descriptionError ? [contractMessageText(i18n, descriptionError)] : []}
        onChange={(value) => send({ type: 'user.changeDescription', value })}
      />
      <AllowedIpsField
        label={t`Allowed addresses`}
        value={ipsDraft}
        ipsError={ipsError}
        invalidIps={invalidIps}
        disabled={busy}
        onChange={(value) => send({ type: 'user.changeIps', value })}
      />
      <div className={row}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {snapshot.matches('validatingIps') ? (
            <Trans>Checking addresses…</Trans>
          ) : snapshot.matches('saving') ? (
            <Trans>Creating key…</Trans>
          ) : (
            <Trans>Create key</Trans>
          )}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The whole key, this once, with a copy button and the warning that it will not be shown again. */
function ShownOncePanel({ snapshot, send }: Omit<ApiKeysViewProps, 'now'>) {
  const id = useId();
  const copying = snapshot.matches({ shownOnce: 'copying' });
  return (
    <section aria-labelledby={`${id}-title`} className={css({ display: 'grid', gap: '3', maxWidth: '40rem' })}>
      <h3 id={`${id}-title`} className={subheading}>
        <Trans>Your new API key</Trans>
      </h3>
      <Alert tone="success">
        <Trans>Copy the key now and keep it somewhere safe. It will not be shown again.</Trans>
      </Alert>
      <label htmlFor={`${id}-key`} className={css({ fontWeight: 'medium' })}>
        <Trans>API key</Trans>
      </label>
      <div className={row}>
        <input
          id={`${id}-key`}
          readOnly
          dir="ltr"
          value={snapshot.context.createdKey ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className={cx(
            monospace,
            css({
              flex: '1',
              minWidth: '16rem',
              minHeight: '10',
              paddingInline: '3',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'l2',
              bg: 'surface',
              color: 'fg.default',
            }),
          )}
        />
        <Button disabled={copying} aria-busy={copying} onClick={() => send({ type: 'user.copy' })}>
          <Trans>Copy key</Trans>
        </Button>
      </div>
      <p role="status" className={css({ fontSize: 'sm', _empty: { display: 'none' } })}>
        {snapshot.matches({ shownOnce: 'copied' }) ? <Trans>The key is copied to the clipboard.</Trans> : null}
        {snapshot.matches({ shownOnce: 'copyFailed' }) ? (
          <Trans>We could not copy the key. Select it and copy it yourself.</Trans>
        ) : null}
      </p>
      <div className={row}>
        <Button variant="outline" onClick={() => send({ type: 'user.done' })}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </section>
  );
}

function EditIpsForm({ snapshot, send, apiKey }: Omit<ApiKeysViewProps, 'now'> & { apiKey: ApiKey }) {
  const { t } = useLingui();
  const { ipsDraft, ipsError, invalidIps, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const description = apiKey.description;
  return (
    <form
      noValidate
      className={css({ display: 'grid', gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.save' });
      }}
    >
      {snapshot.matches('ipsFailed') ? <FailureAlert failure={failure} /> : null}
      <AllowedIpsField
        label={t`Allowed addresses for ${description}`}
        value={ipsDraft}
        ipsError={ipsError}
        invalidIps={invalidIps}
        disabled={busy}
        onChange={(value) => send({ type: 'user.changeIps', value })}
      />
      <div className={row}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {snapshot.matches('validatingEditedIps') ? (
            <Trans>Checking addresses…</Trans>
          ) : snapshot.matches('savingIps') ? (
            <Trans>Saving addresses…</Trans>
          ) : (
            <Trans>Save addresses</Trans>
          )}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

function KeyItem({ snapshot, send, now, apiKey }: ApiKeysViewProps & { apiKey: ApiKey }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { keyId, description, prefix, allowedIPs } = apiKey;
  const state = apiKeyStateOf(apiKey, now);
  const editing =
    snapshot.context.keyId === keyId &&
    (snapshot.matches('editingIps') ||
      snapshot.matches('validatingEditedIps') ||
      snapshot.matches('savingIps') ||
      snapshot.matches('ipsFailed'));
  return (
    <li
      className={css({
        display: 'grid',
        gap: '3',
        paddingBlock: '3',
        borderBlockStartWidth: '1px',
        borderColor: 'border',
      })}
    >
      <h3 id={`${id}-title`} className={subheading}>
        <bdi>{description}</bdi>
      </h3>
      <dl className={detailsList}>
        <dt>
          <Trans>Key</Trans>
        </dt>
        <dd>
          <code dir="ltr" className={monospace}>
            {prefix}…
          </code>
        </dd>
        <dt>
          <Trans>Generated</Trans>
        </dt>
        <dd>{formatDate(apiKey.dateGenerated, i18n.locale)}</dd>
        <dt>
          <Trans>Expires</Trans>
        </dt>
        <dd>{formatDate(apiKey.expirationDate, i18n.locale)}</dd>
        <dt>
          <Trans context="api key state">Status</Trans>
        </dt>
        <dd className={stateStyles[state]}>
          <KeyStateText state={state} />
        </dd>
        <dt>
          <Trans>Allowed addresses</Trans>
        </dt>
        <dd>
          {allowedIPs.length === 0 ? (
            <Trans>Any address</Trans>
          ) : (
            <span dir="ltr" className={monospace}>
              {allowedIPs.join(', ')}
            </span>
          )}
        </dd>
      </dl>
      {editing ? (
        <EditIpsForm snapshot={snapshot} send={send} apiKey={apiKey} />
      ) : (
        <div className={row}>
          <Button
            variant="outline"
            aria-label={t`Edit addresses of ${description}`}
            disabled={!snapshot.can({ type: 'user.editIps', keyId })}
            onClick={() => send({ type: 'user.editIps', keyId })}
          >
            <Trans>Edit addresses</Trans>
          </Button>
          <Button
            variant="outline"
            aria-label={t`Delete ${description}`}
            disabled={!snapshot.can({ type: 'user.delete', keyId })}
            onClick={() => send({ type: 'user.delete', keyId })}
          >
            <Trans>Delete</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The confirm before a key is deleted: Ark's Dialog, open exactly while the machine confirms or
 * deletes, so the busy state and the server's answer come from the snapshot (as the cancel dialog).
 */
function DeleteDialog({ snapshot, send }: Omit<ApiKeysViewProps, 'now'>) {
  const open = snapshot.matches('confirmingDelete') || snapshot.matches('deleting') || snapshot.matches('deleteFailed');
  const deleting = snapshot.matches('deleting');
  const description = snapshot.context.keys.find((key) => key.keyId === snapshot.context.keyId)?.description ?? '';
  return (
    <ConfirmDialog
      open={open}
      busy={deleting}
      title={
        <Trans>
          Delete the API key <bdi>{description}</bdi>?
        </Trans>
      }
      description={<Trans>Programs that use it are refused from then on. This cannot be undone.</Trans>}
      rejectLabel={<Trans>Keep key</Trans>}
      acceptLabel={deleting ? <Trans>Deleting key…</Trans> : <Trans>Delete key</Trans>}
      onReject={() => send({ type: 'user.dismiss' })}
      onAccept={() => send({ type: 'user.confirmDelete' })}
    >
      {snapshot.matches('deleteFailed') ? <FailureAlert failure={snapshot.context.failure} /> : null}
    </ConfirmDialog>
  );
}

/** The team's API keys: the list, a new key (shown once), a key's addresses, and deletion. */
export function ApiKeysView({ snapshot, send, now }: ApiKeysViewProps) {
  const { keys, confirmation } = snapshot.context;
  const creating =
    snapshot.matches('creating') ||
    snapshot.matches('validatingIps') ||
    snapshot.matches('saving') ||
    snapshot.matches('createFailed');
  return (
    <section aria-labelledby="api-keys-title" className={card}>
      <h2 id="api-keys-title" className={cardTitle}>
        <Trans>API keys</Trans>
      </h2>
      <p className={muted}>
        <Trans>
          Programs read the team, its members and its servers through the team API with a key. Each key can be limited
          to the addresses it is used from.
        </Trans>
      </p>
      <p role="status" className={css({ color: 'success.default', _empty: { display: 'none' } })}>
        {confirmation === 'ipsSaved' ? <Trans>The key’s addresses are saved.</Trans> : null}
        {confirmation === 'deleted' ? <Trans>The key is deleted.</Trans> : null}
      </p>
      {creating ? (
        <CreateKeyForm snapshot={snapshot} send={send} />
      ) : snapshot.matches('shownOnce') ? (
        <ShownOncePanel snapshot={snapshot} send={send} />
      ) : (
        <div className={row}>
          <Button disabled={!snapshot.can({ type: 'user.create' })} onClick={() => send({ type: 'user.create' })}>
            <Trans>Create API key</Trans>
          </Button>
        </div>
      )}
      {keys.length === 0 ? (
        <p className={muted}>
          <Trans>There are no API keys yet.</Trans>
        </p>
      ) : (
        <ul className={css({ display: 'grid', listStyle: 'none' })}>
          {keys.map((apiKey) => (
            <KeyItem key={apiKey.keyId} snapshot={snapshot} send={send} now={now} apiKey={apiKey} />
          ))}
        </ul>
      )}
      <DeleteDialog snapshot={snapshot} send={send} />
    </section>
  );
}

/** The team could not be read, so neither could its keys. */
export function ApiKeysLoadFailedView({ onRetry }: { onRetry: () => void }) {
  return (
    <section aria-labelledby="api-keys-title" className={card}>
      <h2 id="api-keys-title" className={cardTitle}>
        <Trans>API keys</Trans>
      </h2>
      <Alert>
        <span className={row}>
          <Trans>We could not load the team’s API keys.</Trans>
          <Button variant="link" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </span>
      </Alert>
    </section>
  );
}
