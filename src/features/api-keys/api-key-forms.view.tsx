import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { ApiKey } from '../../../contract/teams';
import { allowedIpsOf } from '../../../machines/apiKey/apiKey.machine';
import { type Refusal, unexplained } from '../../../machines/support/refusal';
import { cx } from '../../../styled-system/css';
import { grid, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Heading } from '../../components/ui/text';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { field, fieldControl } from '../../theme/recipes/field';
import { text } from '../../theme/recipes/text';
import '../../lib/refusals/teams';
import { keyChangeUnavailable } from './api-keys.messages';
import type { ApiKeyPartProps } from './api-keys.types';

const fieldStyles = field();
const buttons = wrap({ gap: '3', align: 'center' });

export function ApiKeyFailureAlert({ failure }: { failure: Refusal | null }) {
  const { i18n } = useLingui();
  return <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: keyChangeUnavailable })}</Alert>;
}

/**
 * A labelled input whose hint and errors describe it (aria-describedby), so a screen reader reads
 * them with the field; each error is its own line, so every bad address is named. Not the
 * vocabulary's TextField: Ark's Field points to its error with aria-errormessage, which is not read
 * with the field, and holds one error.
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
    <div className={fieldStyles.root}>
      <label htmlFor={`${id}-input`} className={fieldStyles.label}>
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
        className={cx(fieldControl, technical ? text({ mono: true }) : undefined)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.helperText}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <ul id={`${id}-errors`} className={fieldStyles.errorText}>
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

/** A new key's description and addresses, while the machine is `creating`. */
export function NewApiKeyForm({ snapshot, send }: ApiKeyPartProps) {
  const { t, i18n } = useLingui();
  const { description, descriptionError, ipsDraft, ipsError, invalidIps, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <form
      noValidate
      aria-labelledby="new-api-key-title"
      className={grid({ gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.save' });
      }}
    >
      <Heading as="h3" level="subsection" id="new-api-key-title">
        <Trans>New API key</Trans>
      </Heading>
      {snapshot.matches({ creating: 'failed' }) ? <ApiKeyFailureAlert failure={failure} /> : null}
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
      <div className={buttons}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {snapshot.matches({ creating: 'validatingIps' }) ? (
            <Trans>Checking addresses…</Trans>
          ) : snapshot.matches({ creating: 'saving' }) ? (
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

/** One key's addresses, in its item, while the machine is `editingIps`. */
export function EditApiKeyIpsForm({ snapshot, send, apiKey }: ApiKeyPartProps & { apiKey: ApiKey }) {
  const { t } = useLingui();
  const { ipsDraft, ipsError, invalidIps, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const description = apiKey.description;
  return (
    <form
      noValidate
      className={grid({ gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.save' });
      }}
    >
      {snapshot.matches({ editingIps: 'failed' }) ? <ApiKeyFailureAlert failure={failure} /> : null}
      <AllowedIpsField
        label={t`Allowed addresses for ${description}`}
        value={ipsDraft}
        ipsError={ipsError}
        invalidIps={invalidIps}
        disabled={busy}
        onChange={(value) => send({ type: 'user.changeIps', value })}
      />
      <div className={buttons}>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {snapshot.matches({ editingIps: 'validatingIps' }) ? (
            <Trans>Checking addresses…</Trans>
          ) : snapshot.matches({ editingIps: 'saving' }) ? (
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
