import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { TeamServer } from '../../contract/teams';
import { serverRequestMachine } from '../../machines/serverRequest/serverRequest.machine';
import {
  DedicatedServerRequestView,
  PrivateServersView,
  type ServersViewProps,
  TeamServersView,
} from '../../src/features/servers/servers.view';
import { expectNoAxeViolations } from '../support/axe';
import { TestI18n } from '../support/i18n';

const servers: TeamServer[] = [
  { serverId: 's-1', name: 'Frankfurt 1', location: 'Frankfurt', address: '203.0.113.10', state: 'running', teamId: 7 },
  { serverId: 's-2', name: 'Tokyo 2', location: 'Tokyo', address: null, state: 'provisioning', teamId: 7 },
  { serverId: 's-3', name: 'Paris 3', location: 'Paris', address: null, state: 'requested', teamId: 7 },
  { serverId: 's-4', name: 'Old', location: 'Dallas', address: '2001:db8::10', state: 'stopped', teamId: 7 },
];

function renderServers(props: ServersViewProps) {
  render(
    <TestI18n>
      <TeamServersView {...props} />
    </TestI18n>,
  );
}

describe('team servers view', () => {
  it('lists name, location, address (or that none is assigned) and state', () => {
    renderServers({ status: 'success', servers });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameLocationAddressStatus',
      'Frankfurt 1Frankfurt203.0.113.10Running',
      'Tokyo 2TokyoNot assigned yetBeing set up',
      'Paris 3ParisNot assigned yetRequested',
      'OldDallas2001:db8::10Stopped',
    ]);
    expect(screen.getByText('203.0.113.10')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('rowheader', { name: 'Frankfurt 1' })).toBeVisible();
  });

  it('says when the team has no servers', () => {
    renderServers({ status: 'success', servers: [] });
    expect(screen.getByText('This team has no servers yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says it is loading, and offers a retry when the list could not be read', async () => {
    renderServers({ status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading servers…');
    const onRetry = vi.fn();
    renderServers({ status: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the servers.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('private servers view', () => {
  const privateServers: TeamServer[] = [
    {
      serverId: 'p-1',
      name: 'Amsterdam',
      location: 'Amsterdam, NL',
      address: '198.51.100.20',
      state: 'running',
      teamId: -1,
    },
    { serverId: 'p-2', name: 'Dedicated server', location: '', address: null, state: 'requested', teamId: -1 },
  ];
  const renderPrivate = (props: ServersViewProps) =>
    render(
      <TestI18n>
        <PrivateServersView {...props} />
      </TestI18n>,
    );

  it('lists them in a table named by its caption, a requested one without location or address yet', () => {
    renderPrivate({ status: 'success', servers: privateServers });
    const section = within(screen.getByRole('region', { name: 'Private servers' }));
    const table = within(section.getByRole('table', { name: 'Your private servers' }));
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameLocationAddressStatus',
      'AmsterdamAmsterdam, NL198.51.100.20Running',
      'Dedicated serverNot chosen yetNot assigned yetRequested',
    ]);
    expect(table.getByRole('rowheader', { name: 'Amsterdam' })).toBeVisible();
    expect(table.getByText('198.51.100.20')).toHaveAttribute('dir', 'ltr');
  });

  it('passes axe', async () => {
    const { container } = renderPrivate({ status: 'success', servers: privateServers });
    await expectNoAxeViolations(container);
  });

  it('says when there are none, while they load, and offers a retry when they could not be read', async () => {
    const { unmount } = renderPrivate({ status: 'success', servers: [] });
    expect(screen.getByText('You have no private servers yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    renderPrivate({ status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading servers…');
    const onRetry = vi.fn();
    renderPrivate({ status: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the servers.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('dedicated server request view', () => {
  it('asks for the daily window in UTC with two time inputs', () => {
    const [snapshot] = initialTransition(serverRequestMachine);
    render(
      <TestI18n>
        <DedicatedServerRequestView snapshot={snapshot} send={vi.fn()} />
      </TestI18n>,
    );
    const window = within(screen.getByRole('group', { name: 'Daily maintenance window (UTC)' }));
    expect(window.getByLabelText('From (UTC)')).toHaveAttribute('type', 'time');
    expect(window.getByLabelText('To (UTC)')).toHaveAttribute('type', 'time');
    expect(window.getByLabelText('From (UTC)')).toHaveAccessibleDescription(/in UTC/);
  });

  it('shows the server’s message on failure, and the confirmation when accepted', () => {
    let [snapshot] = initialTransition(serverRequestMachine);
    for (const event of [
      { type: 'user.changeFrom', value: '22:00' },
      { type: 'user.changeTo', value: '02:00' },
      { type: 'user.submit' },
      { type: 'xstate.error.actor.requestServer', error: new Error('HTTP 500') },
    ])
      [snapshot] = transition(serverRequestMachine, snapshot, event as never);
    const { unmount } = render(
      <TestI18n>
        <DedicatedServerRequestView snapshot={snapshot} send={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not request the server right now. Please try again later.',
    );
    expect(screen.getByLabelText('From (UTC)')).toHaveValue('22:00');
    unmount();
    [snapshot] = transition(serverRequestMachine, snapshot, { type: 'user.submit' });
    [snapshot] = transition(serverRequestMachine, snapshot, {
      type: 'xstate.done.actor.requestServer',
      output: undefined,
    } as never);
    render(
      <TestI18n>
        <DedicatedServerRequestView snapshot={snapshot} send={vi.fn()} />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your server is requested.');
  });
});
