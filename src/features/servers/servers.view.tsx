import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TeamServer } from '../../../contract/teams';
import type { ServerRequestEvent, serverRequestMachine } from '../../../machines/serverRequest/serverRequest.machine';
import { unexplained } from '../../../machines/support/refusal';
import { stack, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Text } from '../../components/ui/text';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { field, fieldControl } from '../../theme/recipes/field';
import { text } from '../../theme/recipes/text';
import '../../lib/refusals/teams';
import { serverRequestUnavailable } from '../api-keys/api-keys.messages';

/** A list of servers as it loads: waiting, failed (with "Try again"), or read. */
export type ServersViewProps =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'success'; servers: TeamServer[] };

const stateLabels: Record<TeamServer['state'], MessageDescriptor> = {
  requested: msg({ message: 'Requested', context: 'server state' }),
  provisioning: msg({ message: 'Being set up', context: 'server state' }),
  running: msg({ message: 'Running', context: 'server state' }),
  stopped: msg({ message: 'Stopped', context: 'server state' }),
};

/** Name, location, address and state of each server; a requested server has neither location nor address yet. */
function ServersTable({ caption, servers, empty }: { caption: ReactNode; servers: TeamServer[]; empty: ReactNode }) {
  const { i18n } = useLingui();
  const notYet = (label: ReactNode) => (
    <Text as="span" tone="muted">
      {label}
    </Text>
  );
  const columns: DataTableColumn<TeamServer>[] = [
    { key: 'name', header: <Trans>Name</Trans>, rowHeader: true, cell: (server) => <bdi>{server.name}</bdi> },
    {
      key: 'location',
      header: <Trans>Location</Trans>,
      cell: (server) => (server.location ? <bdi>{server.location}</bdi> : notYet(<Trans>Not chosen yet</Trans>)),
    },
    {
      key: 'address',
      header: <Trans>Address</Trans>,
      cell: (server) =>
        server.address ? (
          <code dir="ltr" className={text({ mono: true })}>
            {server.address}
          </code>
        ) : (
          notYet(<Trans>Not assigned yet</Trans>)
        ),
    },
    {
      key: 'state',
      header: <Trans context="server state">Status</Trans>,
      cell: (server) => i18n._(stateLabels[server.state]),
    },
  ];
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={columns}
      rows={servers}
      rowKey={(server) => server.serverId}
      empty={<EmptyState>{empty}</EmptyState>}
    />
  );
}

function ServersCard({
  title,
  caption,
  empty,
  ...props
}: ServersViewProps & { title: ReactNode; caption: ReactNode; empty: ReactNode }) {
  return (
    <Card title={title}>
      {props.status === 'pending' ? (
        <Text role="status" tone="muted">
          <Trans>Loading servers…</Trans>
        </Text>
      ) : props.status === 'error' ? (
        <Alert onRetry={props.onRetry}>
          <Trans>We could not load the servers.</Trans>
        </Alert>
      ) : (
        <ServersTable caption={caption} servers={props.servers} empty={empty} />
      )}
    </Card>
  );
}

/** The servers of a teams subscription's team. */
export function TeamServersView(props: ServersViewProps) {
  return (
    <ServersCard
      {...props}
      title={<Trans>Servers</Trans>}
      caption={<Trans>The team’s servers</Trans>}
      empty={<Trans>This team has no servers yet.</Trans>}
    />
  );
}

/**
 * The signed-in person's own servers outside any team (teamId -1): a dedicated server subscription's
 * server shows here from its request on, and its address once it runs.
 */
export function PrivateServersView(props: ServersViewProps) {
  return (
    <ServersCard
      {...props}
      title={<Trans>Private servers</Trans>}
      caption={<Trans>Your private servers</Trans>}
      empty={<Trans>You have no private servers yet.</Trans>}
    />
  );
}

export type DedicatedServerRequestViewProps = {
  snapshot: Pick<SnapshotFrom<typeof serverRequestMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: ServerRequestEvent) => void;
};

/**
 * One end of the maintenance window: a native time input, described by the window's hint and error,
 * which the two ends share (so not Ark's Field, whose description is its own).
 */
function WindowTimeField({
  label,
  name,
  value,
  invalid,
  describedBy,
  onValueChange,
}: {
  label: ReactNode;
  name: string;
  value: string;
  invalid: boolean;
  describedBy: string;
  onValueChange: (value: string) => void;
}) {
  const styles = field();
  return (
    <label className={styles.root}>
      <span className={styles.label}>{label}</span>
      <input
        type="time"
        name={name}
        dir="ltr"
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        className={fieldControl}
      />
    </label>
  );
}

/** A dedicated server subscription's request for its server, with the daily maintenance window in UTC. */
export function DedicatedServerRequestView({ snapshot, send }: DedicatedServerRequestViewProps) {
  const { i18n } = useLingui();
  const id = useId();
  const { from, to, windowError, failure } = snapshot.context;
  const requesting = snapshot.matches('requesting');
  const invalid = windowError !== null;
  const describedBy = invalid ? `${id}-hint ${id}-error` : `${id}-hint`;
  const windowStyles = choiceGroup();
  const fieldStyles = field();
  return (
    <Card title={<Trans>Dedicated server</Trans>}>
      {snapshot.matches('requested') ? (
        <Alert tone="success">
          <Trans>
            Your server is requested. We set it up within the window you chose; it shows here with its address once it
            runs.
          </Trans>
        </Alert>
      ) : (
        <form
          noValidate
          className={stack({ gap: '3', maxWidth: '32rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.submit' });
          }}
        >
          {snapshot.matches('failed') ? (
            <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: serverRequestUnavailable })}</Alert>
          ) : null}
          <fieldset disabled={requesting} className={windowStyles.root}>
            <legend className={windowStyles.legend}>
              <Trans>Daily maintenance window (UTC)</Trans>
            </legend>
            <p id={`${id}-hint`} className={fieldStyles.helperText}>
              <Trans>
                Every day in this window, in UTC, we may set up, update and restart the server. A window may run past
                midnight.
              </Trans>
            </p>
            <div className={wrap({ gap: '3', align: 'center' })}>
              <WindowTimeField
                label={<Trans>From (UTC)</Trans>}
                name="window-from"
                value={from}
                invalid={invalid}
                describedBy={describedBy}
                onValueChange={(value) => send({ type: 'user.changeFrom', value })}
              />
              <WindowTimeField
                label={<Trans>To (UTC)</Trans>}
                name="window-to"
                value={to}
                invalid={invalid}
                describedBy={describedBy}
                onValueChange={(value) => send({ type: 'user.changeTo', value })}
              />
            </div>
            {invalid ? (
              <p id={`${id}-error`} className={fieldStyles.errorText}>
                {contractMessageText(i18n, windowError)}
              </p>
            ) : null}
          </fieldset>
          <div>
            <Button type="submit" disabled={requesting} aria-busy={requesting}>
              {requesting ? <Trans>Requesting server…</Trans> : <Trans>Request server</Trans>}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
