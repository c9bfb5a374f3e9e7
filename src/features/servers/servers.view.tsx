import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TeamServer } from '../../../contract/teams';
import type { ServerRequestEvent, serverRequestMachine } from '../../../machines/serverRequest/serverRequest.machine';
import { css, cx } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { fieldControl } from '../../components/ui/field-control';
import { serverRequestUnavailable, teamMessageText } from '../api-keys/api-keys.messages';

export type TeamServersViewProps =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'success'; servers: TeamServer[] };

const muted = css({ color: 'fg.muted' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
const cell = css({ paddingBlock: '2', paddingInlineEnd: '4', textAlign: 'start', verticalAlign: 'top' });

const stateLabels: Record<TeamServer['state'], MessageDescriptor> = {
  requested: msg({ message: 'Requested', context: 'server state' }),
  provisioning: msg({ message: 'Being set up', context: 'server state' }),
  running: msg({ message: 'Running', context: 'server state' }),
  stopped: msg({ message: 'Stopped', context: 'server state' }),
};

function ServersTable({ servers }: { servers: TeamServer[] }) {
  const { i18n } = useLingui();
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ width: '100%', borderCollapse: 'collapse' })}>
        <thead className={muted}>
          <tr>
            <th scope="col" className={cell}>
              <Trans>Name</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Location</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Address</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans context="server state">Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {servers.map((server) => (
            <tr key={server.serverId} className={css({ borderBlockStartWidth: '1px', borderColor: 'border' })}>
              <th scope="row" className={cx(cell, css({ fontWeight: 'medium' }))}>
                <bdi>{server.name}</bdi>
              </th>
              <td className={cell}>
                <bdi>{server.location}</bdi>
              </td>
              <td className={cell}>
                {server.address ? (
                  <code dir="ltr" className={css({ fontFamily: 'mono', fontSize: 'sm' })}>
                    {server.address}
                  </code>
                ) : (
                  <span className={muted}>
                    <Trans>Not assigned yet</Trans>
                  </span>
                )}
              </td>
              <td className={cell}>{i18n._(stateLabels[server.state])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The servers of a teams subscription's team. */
export function TeamServersView(props: TeamServersViewProps) {
  return (
    <section aria-labelledby="team-servers-title" className={card}>
      <h2 id="team-servers-title" className={cardTitle}>
        <Trans>Servers</Trans>
      </h2>
      {props.status === 'pending' ? (
        <p role="status" className={muted}>
          <Trans>Loading servers…</Trans>
        </p>
      ) : props.status === 'error' ? (
        <Alert>
          <span className={row}>
            <Trans>We could not load the servers.</Trans>
            <Button variant="link" onClick={props.onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </Alert>
      ) : props.servers.length === 0 ? (
        <p className={muted}>
          <Trans>This team has no servers yet.</Trans>
        </p>
      ) : (
        <ServersTable servers={props.servers} />
      )}
    </section>
  );
}

export type DedicatedServerRequestViewProps = {
  snapshot: Pick<SnapshotFrom<typeof serverRequestMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: ServerRequestEvent) => void;
};

/** A dedicated server subscription's request for its server, with the daily maintenance window in UTC. */
export function DedicatedServerRequestView({ snapshot, send }: DedicatedServerRequestViewProps) {
  const { i18n } = useLingui();
  const id = useId();
  const { from, to, windowError, failureMessage } = snapshot.context;
  const requesting = snapshot.matches('requesting');
  const invalid = windowError !== null;
  const describedBy = invalid ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className={cardTitle}>
        <Trans>Dedicated server</Trans>
      </h2>
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
          className={css({ display: 'grid', gap: '3', maxWidth: '32rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.submit' });
          }}
        >
          {snapshot.matches('failed') ? (
            <Alert>{failureMessage ? teamMessageText(i18n, failureMessage) : i18n._(serverRequestUnavailable)}</Alert>
          ) : null}
          <fieldset disabled={requesting} className={css({ display: 'grid', gap: '2', border: 'none' })}>
            <legend className={css({ fontWeight: 'medium', marginBlockEnd: '1' })}>
              <Trans>Daily maintenance window (UTC)</Trans>
            </legend>
            <p id={`${id}-hint`} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              <Trans>
                Every day in this window, in UTC, we may set up, update and restart the server. A window may run past
                midnight.
              </Trans>
            </p>
            <div className={row}>
              <label className={css({ display: 'grid', gap: '1' })}>
                <Trans>From (UTC)</Trans>
                <input
                  type="time"
                  name="window-from"
                  dir="ltr"
                  required
                  value={from}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => send({ type: 'user.changeFrom', value: event.currentTarget.value })}
                  className={fieldControl}
                />
              </label>
              <label className={css({ display: 'grid', gap: '1' })}>
                <Trans>To (UTC)</Trans>
                <input
                  type="time"
                  name="window-to"
                  dir="ltr"
                  required
                  value={to}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => send({ type: 'user.changeTo', value: event.currentTarget.value })}
                  className={fieldControl}
                />
              </label>
            </div>
            {invalid ? (
              <p id={`${id}-error`} className={css({ color: 'danger.default', fontSize: 'sm' })}>
                {teamMessageText(i18n, windowError)}
              </p>
            ) : null}
          </fieldset>
          <div className={row}>
            <Button type="submit" disabled={requesting} aria-busy={requesting}>
              {requesting ? <Trans>Requesting server…</Trans> : <Trans>Request server</Trans>}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
