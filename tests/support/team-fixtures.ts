import type { AuditEvent, AuditPage, Team, TeamInvitation, TeamMember } from '../../contract/teams';

/** Contract-shaped sample data for the team section's tests. */

export function aTeamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    userid: '00000000-0000-4000-8000-00000000ada0',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user',
    isOwner: false,
    teamId: 7,
    dateGenerated: '2026-10-05T09:00:00.000Z',
    usageBytesThisPeriod: 1536,
    usedGB: 0,
    secondFactor: false,
    ...overrides,
  };
}

/** The owner (with two-step sign-in on), a user and an admin (both without). */
function someTeamMembers(): TeamMember[] {
  return [
    aTeamMember({
      userid: '00000000-0000-4000-8000-0000000000a1',
      email: 'owner@example.com',
      firstName: 'Olivia',
      lastName: 'Owner',
      role: 'admin',
      isOwner: true,
      dateGenerated: '2026-09-01T09:00:00.000Z',
      usageBytesThisPeriod: 5 * 1024 ** 3,
      usedGB: 5,
      secondFactor: true,
    }),
    aTeamMember(),
    aTeamMember({
      userid: '00000000-0000-4000-8000-000000000b0b',
      email: 'bob@example.com',
      firstName: 'Bob',
      lastName: 'Builder',
      role: 'admin',
      dateGenerated: '2026-11-20T09:00:00.000Z',
      usageBytesThisPeriod: 300 * 1024 ** 2,
    }),
  ];
}

function anInvitation(overrides: Partial<TeamInvitation> = {}): TeamInvitation {
  return {
    email: 'grace@example.com',
    role: 'user',
    invitedAt: '2026-11-20T09:00:00.000Z',
    expiresAt: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}

/** The team Northwind of the subscription teams-1: 3 members and 1 invitation in 5 seats. */
export function aTeam(overrides: Partial<Team> = {}): Team {
  return {
    teamId: 7,
    name: 'Northwind',
    referenceId: 'teams-1',
    usagePeriod: { startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' },
    teamMembers: someTeamMembers(),
    pendingTeamInvitations: ['grace@example.com'],
    invitations: [anInvitation()],
    apiKeys: [],
    associatedRouterSubContexts: [],
    seatsInUse: 4,
    seats: 5,
    maxMembers: null,
    requireSecondFactor: false,
    ...overrides,
  };
}

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    at: '2026-11-22T10:30:00.000Z',
    kind: 'roleChanged',
    actor: { userid: '00000000-0000-4000-8000-0000000000a1', email: 'owner@example.com' },
    subject: 'ada@example.com',
    details: { from: 'user', to: 'admin' },
    ...overrides,
  };
}

export function anAuditPage(overrides: Partial<AuditPage> = {}): AuditPage {
  return {
    events: [anAuditEvent()],
    page: 1,
    pageSize: 25,
    total: 1,
    actors: ['owner@example.com', 'bob@example.com'],
    ...overrides,
  };
}
