import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition } from 'xstate';
import type { AuditEvent, Team, TeamMember } from '../../contract/teams';
import { teamMembershipMachine } from '../../machines/teamMembership/teamMembership.machine';
import { type AuditFilterValues, AuditLogView } from '../../src/features/team/audit-log.view';
import { csvCell, membersCsv, toCsv } from '../../src/features/team/members-csv';
import { defaultMemberSort, type MemberSort } from '../../src/features/team/members-table';
import { TeamView } from '../../src/features/team/team.view';
import { TestI18n } from '../support/i18n';
import { anAuditEvent, anAuditPage, aTeam, aTeamMember } from '../support/team-fixtures';

const [idle] = initialTransition(teamMembershipMachine, { referenceId: 'teams-1', teamId: 7 });

/** The view with the screen's search and sort kept in state, as the screen keeps them. */
function TeamWithTable({ team, onDownloadCsv }: { team: Team; onDownloadCsv: (members: TeamMember[]) => void }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MemberSort>(defaultMemberSort);
  return (
    <TestI18n>
      <TeamView
        snapshot={idle}
        send={vi.fn()}
        team={team}
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

  it('writes the members as shown: name, e-mail, role, ISO day, bytes', () => {
    const csv = membersCsv(
      [
        aTeamMember({ firstName: '=cmd', lastName: 'Smith, Jr.' }),
        aTeamMember({ email: 'b@example.com', firstName: null, lastName: null }),
      ],
      {
        name: 'Name',
        email: 'E-mail',
        role: 'Role',
        dateAdded: 'Date added',
        dataUsed: 'Data used this period (bytes)',
        roleOf: (member) => (member.role === 'admin' ? 'Admin' : 'User'),
      },
    );
    expect(csv).toBe(
      [
        'Name,E-mail,Role,Date added,Data used this period (bytes)',
        `"'=cmd Smith, Jr.",ada@example.com,User,2026-10-05,1536`,
        ',b@example.com,User,2026-10-05,1536',
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
