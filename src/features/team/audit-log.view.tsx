import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type AuditEvent, AuditKind, type AuditPage } from '../../../contract/teams';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card-look';
import { Pager } from '../../components/ui/pager';
import { table, tableScroller } from '../../components/ui/table';
import { formatDateTime } from '../../lib/format/dates';
import { fieldControl } from '../../theme/recipes/field';
import { auditKindLabels, roleLabels } from './team.messages';
import { muted, row } from './team-styles';

export type AuditFilterValues = { kind: AuditKind | null; actor: string | null; page: number };

export type AuditLogViewProps = {
  /** Undefined until the first page is read. */
  page: AuditPage | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  filters: AuditFilterValues;
  onFiltersChange: (filters: AuditFilterValues) => void;
  /** The CSV of every page with the same filters, from the server. */
  csvHref: string;
};

const kinds = AuditKind.options;

/** A detail of an event as text: roles in the reader's words, anything else as it came. */
function useDetail(event: AuditEvent) {
  const { i18n } = useLingui();
  return (key: string): string => {
    const value = event.details[key];
    if (value === 'admin' || value === 'user') return i18n._(roleLabels[value]);
    return value === null || value === undefined ? '' : String(value);
  };
}

/** What happened, as a sentence in the reader's language. */
function AuditSentence({ event }: { event: AuditEvent }) {
  const detail = useDetail(event);
  const subject = <bdi>{event.subject ?? ''}</bdi>;
  const from = detail('from');
  const to = detail('to');
  switch (event.kind) {
    case 'memberAdded':
      return <Trans>Added {subject} to the team</Trans>;
    case 'memberInvited':
      return <Trans>Invited {subject} to the team</Trans>;
    case 'memberRemoved':
      return <Trans>Removed {subject} from the team</Trans>;
    case 'roleChanged':
      return (
        <Trans>
          Changed the role of {subject} from {from} to {to}
        </Trans>
      );
    case 'invitationCanceled':
      return <Trans>Canceled the invitation of {subject}</Trans>;
    case 'invitationAccepted':
      return <Trans>{subject} accepted the invitation</Trans>;
    case 'teamRenamed':
      return from ? (
        <Trans>
          Renamed the team from <bdi>{from}</bdi> to <bdi>{to || event.subject}</bdi>
        </Trans>
      ) : (
        <Trans>Renamed the team to {subject}</Trans>
      );
    case 'seatsChanged':
      return (
        <Trans>
          Changed the seats from {from} to {to}
        </Trans>
      );
    case 'apiKeyCreated':
      return <Trans>Created the API key {subject}</Trans>;
    case 'apiKeyDeleted':
      return <Trans>Deleted the API key {subject}</Trans>;
    case 'apiKeyAddressesChanged':
      return <Trans>Changed the allowed addresses of the API key {subject}</Trans>;
    case 'serverRequested':
      return <Trans>Requested a dedicated server</Trans>;
    case 'secondFactorRuleChanged':
      return event.details.required === true ? (
        <Trans>Required members to use two-step sign-in</Trans>
      ) : (
        <Trans>Stopped requiring members to use two-step sign-in</Trans>
      );
  }
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className={css({ display: 'grid', gap: '1.5' })}>
      <label htmlFor={id} className={css({ fontWeight: 'medium' })}>
        {label}
      </label>
      <select id={id} className={fieldControl} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
      </select>
    </div>
  );
}

function AuditTable({ page }: { page: AuditPage }) {
  const { i18n } = useLingui();
  if (page.events.length === 0)
    return (
      <p className={muted}>
        <Trans>Nothing was recorded that matches these filters.</Trans>
      </p>
    );
  return (
    <div className={tableScroller}>
      <table className={table}>
        <caption className={css({ srOnly: true })}>
          <Trans>Changes to the team</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>When</Trans>
            </th>
            <th scope="col">
              <Trans>Who</Trans>
            </th>
            <th scope="col">
              <Trans>What happened</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.events.map((event) => (
            <tr key={event.id}>
              <td>
                <time dateTime={event.at}>{formatDateTime(event.at, i18n.locale)}</time>
              </td>
              <td>{event.actor ? <bdi dir="ltr">{event.actor.email}</bdi> : <Trans>The system</Trans>}</td>
              <td>
                <AuditSentence event={event} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every change to the team, who made it and when: filtered by kind and person, paged by the server. */
export function AuditLogView({ page, loadFailed, onRetry, filters, onFiltersChange, csvHref }: AuditLogViewProps) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="audit-log-title" className={card}>
      <h2 id="audit-log-title" className={cardTitle}>
        <Trans>Audit log</Trans>
      </h2>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <Select
          id="audit-kind"
          label={<Trans>What happened</Trans>}
          value={filters.kind ?? ''}
          onChange={(value) => onFiltersChange({ ...filters, kind: value ? (value as AuditKind) : null, page: 1 })}
        >
          <option value="">{t`Everything`}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {i18n._(auditKindLabels[kind])}
            </option>
          ))}
        </Select>
        <Select
          id="audit-actor"
          label={<Trans>Who</Trans>}
          value={filters.actor ?? ''}
          onChange={(value) => onFiltersChange({ ...filters, actor: value || null, page: 1 })}
        >
          <option value="">{t`Everyone`}</option>
          {(page?.actors ?? (filters.actor ? [filters.actor] : [])).map((actor) => (
            <option key={actor} value={actor}>
              {actor}
            </option>
          ))}
        </Select>
        <a
          href={csvHref}
          download
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: '10',
            paddingInline: '4',
            borderRadius: 'l2',
            borderWidth: '1px',
            borderColor: 'border',
            fontWeight: 'semibold',
            color: 'fg.default',
            _hover: { bg: 'surface' },
          })}
        >
          <Trans>Download CSV</Trans>
        </a>
      </div>
      {loadFailed ? (
        <Alert>
          <span className={row}>
            <Trans>We could not load the audit log.</Trans>
            <Button variant="link" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </Alert>
      ) : page ? (
        <>
          <AuditTable page={page} />
          <Pager
            label={t`Pages of the audit log`}
            page={page.page}
            pages={Math.max(1, Math.ceil(page.total / page.pageSize))}
            onPage={(next) => onFiltersChange({ ...filters, page: next })}
          />
        </>
      ) : (
        <p role="status" className={muted}>
          <Trans>Loading the audit log…</Trans>
        </p>
      )}
    </section>
  );
}
