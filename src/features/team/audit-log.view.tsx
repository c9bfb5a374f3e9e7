import { Trans, useLingui } from '@lingui/react/macro';
import { type AuditEvent, AuditKind, type AuditPage } from '../../../contract/teams';
import { wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { buttonLook } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/field';
import { Text } from '../../components/ui/text';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { auditKindLabels, roleLabels } from './team.messages';

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

/** A change of seats; fewer seats wait for the renewal, which the sentence names. */
function SeatsChanged({ from, to, effectiveAt }: { from: string; to: string; effectiveAt: string }) {
  const { i18n } = useLingui();
  if (!effectiveAt)
    return (
      <Trans>
        Changed the seats from {from} to {to}
      </Trans>
    );
  const renewal = formatDate(effectiveAt, i18n.locale);
  return (
    <Trans>
      Changed the seats from {from} to {to}, from the renewal on {renewal}
    </Trans>
  );
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
      return <SeatsChanged from={from} to={to} effectiveAt={detail('effectiveAt')} />;
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

function AuditTable({ page, onPage }: { page: AuditPage; onPage: (page: number) => void }) {
  const { t, i18n } = useLingui();
  const columns: DataTableColumn<AuditEvent, 'when' | 'who' | 'what'>[] = [
    {
      key: 'when',
      header: <Trans>When</Trans>,
      cell: (event) => <time dateTime={event.at}>{formatDateTime(event.at, i18n.locale)}</time>,
    },
    {
      key: 'who',
      header: <Trans>Who</Trans>,
      cell: (event) => (event.actor ? <bdi dir="ltr">{event.actor.email}</bdi> : <Trans>The system</Trans>),
    },
    { key: 'what', header: <Trans>What happened</Trans>, cell: (event) => <AuditSentence event={event} /> },
  ];
  return (
    <DataTable
      caption={<Trans>Changes to the team</Trans>}
      captionHidden
      columns={columns}
      rows={page.events}
      rowKey={(event) => String(event.id)}
      pager={{
        label: t`Pages of the audit log`,
        page: page.page,
        pages: Math.max(1, Math.ceil(page.total / page.pageSize)),
        onPage,
      }}
      empty={
        <Text tone="muted">
          <Trans>Nothing was recorded that matches these filters.</Trans>
        </Text>
      }
    />
  );
}

/** Every change to the team, who made it and when: filtered by kind and person, paged by the server. */
export function AuditLogView({ page, loadFailed, onRetry, filters, onFiltersChange, csvHref }: AuditLogViewProps) {
  const { t, i18n } = useLingui();
  const actors = page?.actors ?? (filters.actor ? [filters.actor] : []);
  return (
    <Card title={<Trans>Audit log</Trans>}>
      <div className={wrap({ gap: '3', align: 'flex-end' })}>
        <SelectField<AuditKind | ''>
          label={<Trans>What happened</Trans>}
          value={filters.kind ?? ''}
          options={[
            { value: '', label: t`Everything` },
            ...kinds.map((kind) => ({ value: kind, label: i18n._(auditKindLabels[kind]) })),
          ]}
          onValueChange={(value) => onFiltersChange({ ...filters, kind: value || null, page: 1 })}
        />
        <SelectField
          label={<Trans>Who</Trans>}
          value={filters.actor ?? ''}
          options={[{ value: '', label: t`Everyone` }, ...actors.map((actor) => ({ value: actor, label: actor }))]}
          onValueChange={(value) => onFiltersChange({ ...filters, actor: value || null, page: 1 })}
        />
        <a href={csvHref} download className={buttonLook({ variant: 'outline' })}>
          <Trans>Download CSV</Trans>
        </a>
      </div>
      {loadFailed ? (
        <Alert onRetry={onRetry}>
          <Trans>We could not load the audit log.</Trans>
        </Alert>
      ) : page ? (
        <AuditTable page={page} onPage={(next) => onFiltersChange({ ...filters, page: next })} />
      ) : (
        <Text role="status" tone="muted">
          <Trans>Loading the audit log…</Trans>
        </Text>
      )}
    </Card>
  );
}
