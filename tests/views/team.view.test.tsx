import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { AccountUser } from '../../contract/account';
import { csvCell, toCsv } from '../../contract/csv';
import { SecondFactorMessage } from '../../contract/second-factor';
import type { AuditEvent, Team, TeamMember } from '../../contract/teams';
import { type TeamEvent, teamMachine } from '../../machines/team/team.machine';
import { type AuditFilterValues, AuditLogView } from '../../src/features/team/audit-log.view';
import { membersCsv } from '../../src/features/team/members-csv';
import { defaultMemberSort, type MemberSort } from '../../src/features/team/members-table';
import { SecondFactorRequiredScreen } from '../../src/features/team/second-factor-required.screen';
import { TeamSecondFactorRequiredView } from '../../src/features/team/second-factor-required.view';
import { secondFactorSetupRequiredOf } from '../../src/features/team/team.queries';
import { TeamView } from '../../src/features/team/team.view';
import { ApiError } from '../../src/lib/api-client';
import { accountUserQuery } from '../../src/lib/queries/account-user';
import { teamQueryKey } from '../../src/lib/queries/team';
import { expectNoAxeViolations } from '../support/axe';
import { anAccount, aSubscription } from '../support/fixtures';
import { TestI18n } from '../support/i18n';
import { anAuditEvent, anAuditPage, aTeam, aTeamMember } from '../support/team-fixtures';

const [idle] = initialTransition(teamMachine, { referenceId: 'teams-1', teamId: 7 });

/** The view with the screen's search and sort kept in state, as the screen keeps them. */
function TeamWithTable({
  team,
  onDownloadCsv,
  viewerIsOwner = true,
  snapshot = idle,
  send = vi.fn(),
}: {
  team: Team;
  onDownloadCsv: (members: TeamMember[]) => void;
  viewerIsOwner?: boolean;
  snapshot?: typeof idle;
  send?: (event: TeamEvent) => void;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MemberSort>(defaultMemberSort);
  return (
    <TestI18n>
      <TeamView
        snapshot={snapshot}
        send={send}
        team={team}
        viewerIsOwner={viewerIsOwner}
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        onDownloadCsv={onDownloadCsv}
      />
    </TestI18n>
  );
}

const emailsShown = () =>
  within(screen.getByRole('table', { name: 'Members of the team' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('team view: the members table', () => {
  it('shows name, e-mail, role, date added and data used in base 1024, and no actions on the owner', () => {
    render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} />);
    const owner = screen.getByRole('row', { name: /owner@example\.com/ });
    expect(owner).toHaveTextContent('Olivia Owner');
    expect(owner).toHaveTextContent('Owner');
    expect(owner).toHaveTextContent('September 1, 2026');
    expect(owner).toHaveTextContent('5 GB');
    expect(within(owner).queryByRole('button')).toBeNull();
    expect(within(owner).queryByRole('combobox')).toBeNull();

    const ada = screen.getByRole('row', { name: /ada@example\.com/ });
    expect(ada).toHaveTextContent('1.5 KB');
    expect(within(ada).getByRole('combobox', { name: 'Role of ada@example.com' })).toHaveValue('user');
    expect(within(ada).getByRole('button', { name: 'Remove ada@example.com' })).toBeEnabled();
    expect(screen.getByRole('row', { name: /bob@example\.com/ })).toHaveTextContent('300 MB');
  });

  it('sorts by each column from its header, and says how in aria-sort', async () => {
    const user = userEvent.setup();
    render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} />);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(emailsShown()).toEqual(['ada@example.com', 'bob@example.com', 'owner@example.com']);

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(emailsShown()).toEqual(['owner@example.com', 'bob@example.com', 'ada@example.com']);

    await user.click(screen.getByRole('button', { name: /^Date added/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(header('Date added')).toHaveAttribute('aria-sort', 'ascending');
    expect(emailsShown()).toEqual(['owner@example.com', 'ada@example.com', 'bob@example.com']);

    await user.click(screen.getByRole('button', { name: /^Data used this period/ }));
    expect(emailsShown()).toEqual(['ada@example.com', 'bob@example.com', 'owner@example.com']);
    await user.click(screen.getByRole('button', { name: /^Data used this period/ }));
    expect(emailsShown()).toEqual(['owner@example.com', 'bob@example.com', 'ada@example.com']);

    await user.click(screen.getByRole('button', { name: /^Role/ }));
    expect(emailsShown()).toEqual(['bob@example.com', 'owner@example.com', 'ada@example.com']);
    await user.click(screen.getByRole('button', { name: /^E-mail/ }));
    expect(emailsShown()).toEqual(['ada@example.com', 'bob@example.com', 'owner@example.com']);
  });

  it('searches names and e-mails, ignoring case and accents, and exports only what it shows', async () => {
    const user = userEvent.setup();
    const onDownloadCsv = vi.fn();
    const team = aTeam({
      teamMembers: [...aTeam().teamMembers, aTeamMember({ userid: 'u-zoe', email: 'z@example.org', firstName: 'Zoë' })],
    });
    render(<TeamWithTable team={team} onDownloadCsv={onDownloadCsv} />);
    const search = screen.getByRole('searchbox', { name: 'Search by name or e-mail' });
    await user.type(search, 'ZOE');
    expect(emailsShown()).toEqual(['z@example.org']);
    await user.clear(search);
    await user.type(search, 'example.com');
    expect(emailsShown()).toHaveLength(3);
    await user.clear(search);
    await user.type(search, 'builder');
    expect(emailsShown()).toEqual(['bob@example.com']);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(onDownloadCsv).toHaveBeenCalledWith([expect.objectContaining({ email: 'bob@example.com' })]);

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No member matches “nobody”.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('lists pending invitations with their role and expiry', () => {
    render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} />);
    const invitations = screen.getByRole('region', { name: 'Pending invitations' });
    expect(invitations).toHaveTextContent('grace@example.com User · expires on November 27, 2026');
    expect(within(invitations).getByRole('button', { name: 'Cancel invitation for grace@example.com' })).toBeEnabled();
  });

  it('counts seats for a team, and people for a family', () => {
    const { unmount } = render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} />);
    expect(screen.getByText('4 of 5 seats in use')).toBeVisible();
    unmount();
    render(<TeamWithTable team={aTeam({ seats: 1, seatsInUse: 1 })} onDownloadCsv={vi.fn()} />);
    expect(screen.getByText('1 of 1 seat in use')).toBeVisible();
    render(<TeamWithTable team={aTeam({ maxMembers: 6, seatsInUse: 3 })} onDownloadCsv={vi.fn()} />);
    expect(screen.getByText('3 of 6 people')).toBeVisible();
  });
});

describe('members CSV', () => {
  it('quotes cells as RFC 4180 asks, with CRLF line ends', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(
      toCsv([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
  });

  it('keeps spreadsheets from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers the export writes itself are numbers, not text.
    expect(csvCell(1536)).toBe('1536');
  });

  it('writes the members as shown: name, e-mail, role, two-step sign-in, ISO day, bytes', () => {
    const csv = membersCsv(
      [
        aTeamMember({ firstName: '=cmd', lastName: 'Smith, Jr.' }),
        aTeamMember({ email: 'b@example.com', firstName: null, lastName: null }),
      ],
      {
        name: 'Name',
        email: 'E-mail',
        role: 'Role',
        secondFactor: 'Two-step sign-in',
        dateAdded: 'Date added',
        dataUsed: 'Data used this period (bytes)',
        roleOf: (member) => (member.role === 'admin' ? 'Admin' : 'User'),
        secondFactorOf: (member) => (member.secondFactor ? 'On' : 'Off'),
      },
    );
    expect(csv).toBe(
      [
        'Name,E-mail,Role,Two-step sign-in,Date added,Data used this period (bytes)',
        `"'=cmd Smith, Jr.",ada@example.com,User,Off,2026-10-05,1536`,
        ',b@example.com,User,Off,2026-10-05,1536',
        '',
      ].join('\r\n'),
    );
  });
});

function renderAuditLog(
  events: AuditEvent[],
  filters: AuditFilterValues = { kind: null, actor: null, page: 1 },
  onFiltersChange = vi.fn(),
  total = events.length,
) {
  render(
    <TestI18n>
      <AuditLogView
        page={anAuditPage({ events, total, page: filters.page })}
        loadFailed={false}
        onRetry={vi.fn()}
        filters={filters}
        onFiltersChange={onFiltersChange}
        csvHref="/api/subscription/teams-1/team/audit.csv?kind=roleChanged"
      />
    </TestI18n>,
  );
  return onFiltersChange;
}

describe('audit log view', () => {
  it('says what happened in a sentence per kind, with who and when', () => {
    renderAuditLog([
      anAuditEvent(),
      anAuditEvent({ id: 2, kind: 'memberInvited', subject: 'grace@example.com', details: {} }),
      anAuditEvent({ id: 3, kind: 'seatsChanged', subject: null, actor: null, details: { from: 5, to: 6 } }),
      anAuditEvent({
        id: 4,
        kind: 'teamRenamed',
        subject: 'Southwind',
        details: { from: 'Northwind', to: 'Southwind' },
      }),
      anAuditEvent({ id: 5, kind: 'apiKeyCreated', subject: 'CI deploys', details: {} }),
      anAuditEvent({ id: 6, kind: 'memberRemoved', subject: 'bob@example.com', details: {} }),
    ]);
    const rows = within(screen.getByRole('table', { name: 'Changes to the team' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('owner@example.com');
    expect(rows[0]).toHaveTextContent('Changed the role of ada@example.com from User to Admin');
    expect(
      within(rows[0] as HTMLElement)
        .getByText(/2026/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2026-11-22T10:30:00.000Z');
    expect(rows[1]).toHaveTextContent('Invited grace@example.com to the team');
    expect(rows[2]).toHaveTextContent('The system');
    expect(rows[2]).toHaveTextContent('Changed the seats from 5 to 6');
    expect(rows[3]).toHaveTextContent('Renamed the team from Northwind to Southwind');
    expect(rows[4]).toHaveTextContent('Created the API key CI deploys');
    expect(rows[5]).toHaveTextContent('Removed bob@example.com from the team');
  });

  it('filters by kind and by person from the log’s actors, back on the first page', async () => {
    const user = userEvent.setup();
    const onFiltersChange = renderAuditLog([anAuditEvent()], { kind: null, actor: null, page: 3 }, vi.fn(), 80);
    await user.selectOptions(screen.getByRole('combobox', { name: 'What happened' }), 'Role changed');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: 'roleChanged', actor: null, page: 1 });
    const who = screen.getByRole('combobox', { name: 'Who' });
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'owner@example.com', 'bob@example.com']);
    await user.selectOptions(who, 'bob@example.com');
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: null, actor: 'bob@example.com', page: 1 });
  });

  it('pages on the server: previous, next, page X of Y', async () => {
    const user = userEvent.setup();
    const onFiltersChange = renderAuditLog(
      [anAuditEvent()],
      { kind: 'roleChanged', actor: null, page: 2 },
      vi.fn(),
      60,
    );
    const paging = screen.getByRole('navigation', { name: 'Pages of the audit log' });
    expect(paging).toHaveTextContent('Page 2 of 3');
    await user.click(within(paging).getByRole('button', { name: 'Next page' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: 'roleChanged', actor: null, page: 3 });
    await user.click(within(paging).getByRole('button', { name: 'Previous page' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ kind: 'roleChanged', actor: null, page: 1 });
  });

  it('downloads the CSV with the same filters from the server, as a plain link', () => {
    renderAuditLog([anAuditEvent()]);
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/subscription/teams-1/team/audit.csv?kind=roleChanged');
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('team view: the two-step sign-in rule', () => {
  const ruleCheckbox = () =>
    screen.getByRole<HTMLInputElement>('checkbox', { name: 'Members must use two-step sign-in' });

  it('gives the owner a checkbox, explained, that asks for the rule turned around', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const { container } = render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} send={send} />);
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toBeVisible();
    expect(ruleCheckbox()).not.toBeChecked();
    expect(ruleCheckbox()).toHaveAccessibleDescription(
      'Members without an authenticator app are asked to set one up before they reach the team’s pages.',
    );
    expect(screen.getByText('2 members have not turned on two-step sign-in.')).toBeVisible();
    // By keyboard alone: Space on the focused checkbox.
    ruleCheckbox().focus();
    await user.keyboard(' ');
    expect(send).toHaveBeenLastCalledWith({ type: 'user.setSecondFactorRule', required: true });
    await expectNoAxeViolations(container);
  });

  it('turns a rule that is on off', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<TeamWithTable team={aTeam({ requireSecondFactor: true })} onDownloadCsv={vi.fn()} send={send} />);
    expect(ruleCheckbox()).toBeChecked();
    await user.click(ruleCheckbox());
    expect(send).toHaveBeenLastCalledWith({ type: 'user.setSecondFactorRule', required: false });
  });

  it('keeps the focus on the checkbox while it is saved, and sends nothing more meanwhile', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const [saving] = transition(teamMachine, idle, { type: 'user.setSecondFactorRule', required: true });
    const { rerender } = render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} send={send} />);
    ruleCheckbox().focus();
    rerender(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} send={send} snapshot={saving} />);
    expect(ruleCheckbox()).toHaveFocus();
    expect(ruleCheckbox()).toBeChecked();
    expect(ruleCheckbox()).toHaveAttribute('aria-busy', 'true');
    await user.click(ruleCheckbox());
    expect(send).not.toHaveBeenCalled();
    expect(ruleCheckbox()).toBeChecked();
  });

  it('says why the server refused, in the section', () => {
    let [snapshot] = transition(teamMachine, idle, { type: 'user.setSecondFactorRule', required: true });
    [snapshot] = transition(teamMachine, snapshot, {
      type: 'xstate.error.actor.setSecondFactorRule',
      error: new Error('network down'),
      actorId: 'setSecondFactorRule',
    } as never);
    render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} snapshot={snapshot} />);
    expect(within(screen.getByRole('region', { name: 'Two-step sign-in' })).getByRole('alert')).toHaveTextContent(
      'We could not change the team right now. Please try again later.',
    );
  });

  it('shows an admin who is not the owner the rule read-only', async () => {
    const { container, unmount } = render(
      <TeamWithTable team={aTeam({ requireSecondFactor: true })} onDownloadCsv={vi.fn()} viewerIsOwner={false} />,
    );
    const section = screen.getByRole('region', { name: 'Two-step sign-in' });
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(section).toHaveTextContent('Members must use two-step sign-in.');
    expect(section).toHaveTextContent('Only the owner of the subscription can change this.');
    await expectNoAxeViolations(container);
    unmount();
    render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} viewerIsOwner={false} />);
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toHaveTextContent(
      'Members do not have to use two-step sign-in.',
    );
  });
});

describe('team view: the members’ two-step sign-in', () => {
  it('says On or Off in words in its own column, sortable', async () => {
    const user = userEvent.setup();
    const { container } = render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Members of the team' });
    expect(within(table).getByRole('columnheader', { name: /^Two-step sign-in/ })).toHaveAttribute('aria-sort', 'none');
    const cellOf = (email: RegExp) => {
      const row = screen.getByRole('row', { name: email });
      const column = within(table)
        .getAllByRole('columnheader')
        .findIndex((header) => header.textContent?.startsWith('Two-step sign-in'));
      return within(row).getAllByRole('cell')[column];
    };
    expect(cellOf(/owner@example\.com/)).toHaveTextContent(/^On$/);
    expect(cellOf(/ada@example\.com/)).toHaveTextContent(/^Off$/);
    expect(cellOf(/bob@example\.com/)).toHaveTextContent(/^Off$/);

    await user.click(screen.getByRole('button', { name: /^Two-step sign-in/ }));
    expect(emailsShown()).toEqual(['ada@example.com', 'bob@example.com', 'owner@example.com']);
    await user.click(screen.getByRole('button', { name: /^Two-step sign-in/ }));
    expect(emailsShown()).toEqual(['owner@example.com', 'bob@example.com', 'ada@example.com']);
    await expectNoAxeViolations(container);
  });
});

describe('audit log view: the two-step sign-in rule', () => {
  it('says whether the owner required it or stopped requiring it', () => {
    renderAuditLog([
      anAuditEvent({ id: 1, kind: 'secondFactorRuleChanged', subject: 'Northwind', details: { required: true } }),
      anAuditEvent({ id: 2, kind: 'secondFactorRuleChanged', subject: 'Northwind', details: { required: false } }),
    ]);
    const rows = within(screen.getByRole('table', { name: 'Changes to the team' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Required members to use two-step sign-in');
    expect(rows[1]).toHaveTextContent('Stopped requiring members to use two-step sign-in');
    expect(screen.getByRole('option', { name: 'Two-step sign-in rule changed' })).toBeInTheDocument();
  });
});

const setupRequired = () =>
  new ApiError(403, { error: 'second_factor_setup_required', message: SecondFactorMessage.setupRequired });

describe('a team that requires two-step sign-in of a member without it', () => {
  it('is told by the team query’s 403, and by nothing else', () => {
    expect(secondFactorSetupRequiredOf(setupRequired())).toBe(SecondFactorMessage.setupRequired);
    expect(secondFactorSetupRequiredOf(new ApiError(403, { error: 'forbidden', message: 'No.' }))).toBeNull();
    expect(secondFactorSetupRequiredOf(new ApiError(500, null))).toBeNull();
    expect(secondFactorSetupRequiredOf(new Error('network down'))).toBeNull();
    expect(secondFactorSetupRequiredOf(null)).toBeNull();
  });

  it('shows the screen: its heading (focused), the server’s explanation and the way to set it up', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const { container } = render(
      <TestI18n>
        <TeamSecondFactorRequiredView message={SecondFactorMessage.setupRequired} onNavigate={onNavigate} />
      </TestI18n>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Your team requires two-step sign-in' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(SecondFactorMessage.setupRequired)).toBeVisible();
    const link = screen.getByRole('link', { name: 'Set up two-step sign-in' });
    expect(link).toHaveAttribute('href', '/account#two-step-sign-in');
    await user.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/account#two-step-sign-in');
    await expectNoAxeViolations(container);
  });
});

describe('SecondFactorRequiredScreen', () => {
  const admin = { sub: 'admin-id', email: 'admin@example.com' };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The page behind the gate, with the team's read answered as given. */
  function renderGate(teamAnswer: { status: number; body: unknown }) {
    const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      const answer = path === '/api/subscription/teams-1/team' ? teamAnswer : { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchStub);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const account: AccountUser = anAccount(admin, [
      aSubscription({ referenceId: 'teams-1', type: 'teams', team: { teamId: 7, name: 'Northwind', role: 'admin' } }),
    ]);
    queryClient.setQueryData(accountUserQuery.queryKey, account);
    render(
      <QueryClientProvider client={queryClient}>
        <TestI18n>
          <SecondFactorRequiredScreen referenceId="teams-1" onNavigate={vi.fn()}>
            <p>The subscription’s page</p>
          </SecondFactorRequiredScreen>
        </TestI18n>
      </QueryClientProvider>,
    );
    return { fetchStub, queryClient };
  }

  it('shows the page while the team is read, then the screen in its place when the read is refused so', async () => {
    const { fetchStub } = renderGate({
      status: 403,
      body: { error: 'second_factor_setup_required', message: SecondFactorMessage.setupRequired },
    });
    expect(screen.getByText('The subscription’s page')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your team requires two-step sign-in' })).toHaveFocus();
    expect(screen.queryByText('The subscription’s page')).toBeNull();
    // The team's own read, asked once; nothing else was asked.
    expect(fetchStub.mock.calls.map(([path]) => String(path))).toEqual(['/api/subscription/teams-1/team']);
  });

  it('gives the page back once the team is read again with the app on', async () => {
    const refused = { error: 'second_factor_setup_required', message: SecondFactorMessage.setupRequired };
    const teamAnswer = { status: 403, body: refused as unknown };
    const { queryClient } = renderGate(teamAnswer);
    await screen.findByRole('heading', { name: 'Your team requires two-step sign-in' });
    Object.assign(teamAnswer, { status: 200, body: aTeam() });
    await queryClient.refetchQueries({ queryKey: teamQueryKey('teams-1') });
    expect(await screen.findByText('The subscription’s page')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your team requires two-step sign-in' })).toBeNull();
  });

  it('leaves the page alone when the team is read, or refused for another reason', async () => {
    const { queryClient } = renderGate({ status: 200, body: aTeam() });
    await vi.waitFor(() => expect(queryClient.getQueryState(teamQueryKey('teams-1'))?.status).toBe('success'));
    expect(screen.getByText('The subscription’s page')).toBeVisible();
    vi.unstubAllGlobals();
    const other = renderGate({ status: 403, body: { error: 'forbidden', message: 'No.' } });
    await vi.waitFor(() => expect(other.queryClient.getQueryState(teamQueryKey('teams-1'))?.status).toBe('error'));
    expect(screen.queryByRole('heading', { name: 'Your team requires two-step sign-in' })).toBeNull();
  });
});

describe('team view: an owner without two-step sign-in', () => {
  it('is told the rule would ask them too, before turning it on', () => {
    const members = aTeam().teamMembers.map((member) => ({ ...member, secondFactor: false }));
    const { unmount } = render(<TeamWithTable team={aTeam({ teamMembers: members })} onDownloadCsv={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toHaveTextContent(
      'You have not turned on two-step sign-in yourself: with the rule on, the team’s pages ask you to set it up too.',
    );
    unmount();
    render(<TeamWithTable team={aTeam()} onDownloadCsv={vi.fn()} />);
    expect(screen.queryByText(/You have not turned on two-step sign-in yourself/)).toBeNull();
  });
});
