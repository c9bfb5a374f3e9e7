import * as v from 'valibot';
import { Email } from './auth';
import { ErrorCode } from './errors';
import type { RateLimit } from './http';
import { UsagePeriod } from './usage-period';

/**
 * Teams of teams and families subscriptions (docs/spec.md §3, §4, §6, §7 and §8): members and
 * invitations, roles, the team's name, API keys with IP allow-lists, servers and the audit log.
 * Who may do what: the owner and the team's admins manage the team; a team user may do none of it;
 * the owner can be neither removed nor demoted.
 */

export const TeamRole = v.picklist(['admin', 'user']);
export type TeamRole = v.InferOutput<typeof TeamRole>;

export const TeamMessage = {
  /** docs/spec.md §8, exactly. */
  alreadyInAnotherTeam:
    'User is already a paid member or part of another team. Please contact support if you think this is incorrect',
  alreadyMember: 'This person is already a member of this team.',
  alreadyInvited: 'This person is already invited to this team.',
  seatsFull: 'All seats are taken. Add seats to the subscription, or remove a member or an invitation first.',
  familyFull: 'This family plan has no room for another person.',
  ownerCannotBeRemoved: 'The owner of the subscription cannot be removed from its team.',
  ownerCannotBeDemoted: 'The owner of the subscription is always an admin of its team.',
  notAdmin: 'Only the owner and the team’s admins can do this.',
  notATeamPlan: 'This subscription has no team.',
  onlyOwnerSetsRule: 'Only the owner of the subscription can change what the team requires of its members.',
  ownerNeedsSecondFactor: 'Turn on two-step sign-in for your own account first, so the rule cannot keep you out.',
  memberNotFound: 'This person is not a member of this team.',
  invitationNotFound: 'There is no pending invitation for this address.',
  invitationInvalid: 'This invitation code is not valid.',
  invitationExpired: 'This invitation has expired. Please ask for a new one.',
  invitationCanceled: 'This invitation was canceled.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationForAnotherAddress:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  teamNameRequired: 'Please enter a name for the team.',
  teamNameTooLong: 'Please keep the team name under 100 characters.',
  descriptionRequired: 'Please describe what the key is for.',
  descriptionTooLong: 'Please keep the description under 100 characters.',
  allowedIpsInvalid: 'Some entries are not IP addresses or ranges.',
  tooManyAllowedIps: 'Please list at most 50 addresses or ranges.',
  apiKeyNotFound: 'There is no such API key.',
  apiKeyMissing: 'Send the API key in the x-api-key header.',
  apiKeyRefused: 'This API key is not valid: it is unknown, expired or invalidated.',
  apiKeyAddressRefused: 'This API key may not be used from this address.',
  timeIntervalInvalid: 'Please choose a time window as HH:MM-HH:MM.',
  notDedicatedServerPlan: 'Only a dedicated server subscription can request a server.',
} as const;

/** Seven days, as the issue says. */
export const invitationLifetimeSeconds = 7 * 24 * 60 * 60;
/** API keys last a year unless invalidated or deleted first. */
export const apiKeyLifetimeDays = 365;
export const maxAllowedIps = 50;

const day = 24 * 60 * 60;

/**
 * Adds and invitations (POST /api/subscription/{referenceId}/team/member), each of which mails its
 * address. Only adds that go through count: a refusal (already a member or invited, in another
 * team, no seat left) mails nobody and gives its tries back.
 */
export const teamAddLimits = {
  /** Per team: enough to bring a whole team on board in a day, not to mail a list. */
  perTeam: { name: 'team-adds:team', limit: 50, windowSeconds: day, per: 'team' },
  /**
   * Per address, whichever teams add it: a cancelled and repeated invitation, or two teams, still
   * reach the person; nobody's mailbox is flooded.
   */
  perRecipient: { name: 'team-adds:recipient', limit: 3, windowSeconds: day, per: 'e-mail address' },
} as const satisfies Record<string, RateLimit>;

/** The team API: 60 calls a minute per API key. */
export const teamApiLimits = {
  perKey: { name: 'team-api:key', limit: 60, windowSeconds: 60, per: 'API key' },
} as const satisfies Record<string, RateLimit>;

export const TeamMember = v.object({
  userid: v.string(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  role: TeamRole,
  /** The subscription's owner: never removed or demoted. */
  isOwner: v.boolean(),
  teamId: v.number(),
  /** When the person joined the team (ISO time). */
  dateGenerated: v.string(),
  /** What the member's devices reported over the team's usage period (`Team.usagePeriod`). */
  usageBytesThisPeriod: v.number(),
  usedGB: v.number(),
  /** Whether the member signs in with two steps (an authenticator app on; issue 22). */
  secondFactor: v.boolean(),
});
export type TeamMember = v.InferOutput<typeof TeamMember>;

export const TeamInvitation = v.object({
  email: v.string(),
  role: TeamRole,
  invitedAt: v.string(),
  expiresAt: v.string(),
});
export type TeamInvitation = v.InferOutput<typeof TeamInvitation>;

export const ApiKey = v.object({
  keyId: v.string(),
  /** The key's first characters, to recognise it; the key itself is shown once, at creation. */
  prefix: v.string(),
  description: v.string(),
  dateGenerated: v.string(),
  expirationDate: v.string(),
  invalidated: v.boolean(),
  /** Empty: any address. */
  allowedIPs: v.array(v.string()),
  role: v.literal('user'),
  userid: v.string(),
  teamId: v.number(),
});
export type ApiKey = v.InferOutput<typeof ApiKey>;

/** GET /api/subscription/{id}/team, for the owner and the team's admins. */
export const Team = v.object({
  teamId: v.number(),
  name: v.string(),
  referenceId: v.string(),
  usagePeriod: UsagePeriod,
  teamMembers: v.array(TeamMember),
  /** The spec's list of invited addresses. */
  pendingTeamInvitations: v.array(v.string()),
  invitations: v.array(TeamInvitation),
  apiKeys: v.array(ApiKey),
  /** Filled by issue 10 (team routers). */
  associatedRouterSubContexts: v.array(v.object({ routerReferenceId: v.string() })),
  /** Members plus pending invitations, the owner included, against the subscription's quantity. */
  seatsInUse: v.number(),
  seats: v.number(),
  /** Families: the most people the plan holds; null for teams plans (the seats decide). */
  maxMembers: v.nullable(v.number()),
  /** The owner's rule "Members must use two-step sign-in" (issue 22). */
  requireSecondFactor: v.boolean(),
});
export type Team = v.InferOutput<typeof Team>;

const Name = v.pipe(v.string(), v.trim(), v.maxLength(100));

/**
 * POST /api/subscription/{id}/team/member. A new address gets a mail with which its owner proves it
 * and chooses a password; an existing account gets an invitation to accept. `password` is the
 * spec's and accepted, but never used: a password chosen by the admin is no way into someone's
 * account (issue 21).
 */
export const AddTeamMemberRequest = v.object({
  email: Email,
  role: TeamRole,
  firstName: v.optional(Name, ''),
  lastName: v.optional(Name, ''),
  password: v.optional(v.pipe(v.string(), v.maxLength(1024)), ''),
});
export type AddTeamMemberRequest = v.InferOutput<typeof AddTeamMemberRequest>;

/**
 * The same answer whether or not the address had an account (issue 21: the add tells an admin no
 * more than the spec's 409 does): either way a mail asks the person to act, and the team lists them
 * among its invitations until they do (accept, or prove the address and choose a password).
 */
export const AddTeamMemberResponse = v.object({
  success: v.literal(true),
  outcome: v.literal('invited'),
});
export type AddTeamMemberResponse = v.InferOutput<typeof AddTeamMemberResponse>;

/** The 409 of an add: the spec's message, and whether the person pays for a subscription of their own. */
export const TeamMemberConflict = v.object({ error: v.string(), message: v.string(), isPaid: v.boolean() });

/** A change of the team done (a role, its name; a server's request, answered 202). */
export const TeamChangeDone = v.object({ success: v.literal(true) });

/** POST /api/teams/invitation. */
export const AcceptInvitationRequest = v.object({
  confirmationCode: v.pipe(v.string(), v.trim(), v.minLength(1, TeamMessage.invitationInvalid), v.maxLength(200)),
});
export const AcceptInvitationResponse = v.object({
  success: v.literal(true),
  teamId: v.number(),
  teamName: v.string(),
  referenceId: v.string(),
});
export type AcceptInvitationResponse = v.InferOutput<typeof AcceptInvitationResponse>;

/** PUT /api/teams/members/update/role. */
export const UpdateRoleRequest = v.object({
  teamId: v.pipe(v.number(), v.integer()),
  userid: v.pipe(v.string(), v.uuid()),
  role: TeamRole,
});

/** PUT /api/teams/rename. */
export const RenameTeamRequest = v.object({
  teamId: v.pipe(v.number(), v.integer()),
  teamName: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, TeamMessage.teamNameRequired),
    v.maxLength(100, TeamMessage.teamNameTooLong),
  ),
});

/** Entries as typed (a comma-separated list, split and trimmed by the client); the server checks each. */
const AllowedIps = v.pipe(
  v.array(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  v.maxLength(maxAllowedIps, TeamMessage.tooManyAllowedIps),
);

/** POST /api/subscription/{id}/apiKey. */
export const CreateApiKeyRequest = v.object({
  description: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, TeamMessage.descriptionRequired),
    v.maxLength(100, TeamMessage.descriptionTooLong),
  ),
  allowedIPs: AllowedIps,
});
export const CreateApiKeyResponse = v.object({
  /** The whole key: shown once, never again (only its hash is kept). */
  apiKey: v.string(),
  key: ApiKey,
});
export type CreateApiKeyResponse = v.InferOutput<typeof CreateApiKeyResponse>;

/** PUT /api/subscription/{id}/apiKey/{keyId}/allowedips. */
export const UpdateAllowedIpsRequest = v.object({ allowedIPs: AllowedIps });

/** POST /api/networking/ip-cidr-validation: which entries are IPv4 or IPv6 addresses or CIDR ranges. */
export const CidrValidationRequest = v.object({ allowedIPs: AllowedIps });
export const CidrValidationResponse = v.object({
  valid: v.boolean(),
  entries: v.array(v.object({ value: v.string(), valid: v.boolean() })),
});
export type CidrValidationResponse = v.InferOutput<typeof CidrValidationResponse>;

const ServerState = v.picklist(['requested', 'provisioning', 'running', 'stopped']);

export const TeamServer = v.object({
  serverId: v.string(),
  name: v.string(),
  location: v.string(),
  address: v.nullable(v.string()),
  state: ServerState,
  /** -1 means private (docs/spec.md §3). */
  teamId: v.number(),
});
export type TeamServer = v.InferOutput<typeof TeamServer>;

/** GET /api/teams/servers/{teamId} and GET /api/account/private-individual-servers. */
export const ServerList = v.object({ servers: v.array(TeamServer) });
export type ServerList = v.InferOutput<typeof ServerList>;

/** POST /api/subscription/{id}/server: the daily window (UTC) in which the server may be set up and maintained. */
export const RequestServerRequest = v.object({
  timeInterval: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, TeamMessage.timeIntervalInvalid),
  ),
});

export const AuditKind = v.picklist([
  'memberAdded',
  'memberInvited',
  'memberRemoved',
  'roleChanged',
  'invitationCanceled',
  'invitationAccepted',
  'teamRenamed',
  'seatsChanged',
  'apiKeyCreated',
  'apiKeyDeleted',
  'apiKeyAddressesChanged',
  'serverRequested',
  'secondFactorRuleChanged',
]);
export type AuditKind = v.InferOutput<typeof AuditKind>;

export const AuditEvent = v.object({
  id: v.number(),
  at: v.string(),
  kind: AuditKind,
  /** Who did it; null for the system (the order site, the period job). */
  actor: v.nullable(v.object({ userid: v.string(), email: v.string() })),
  /** What it was done to: an e-mail address, a key's description, a team name. */
  subject: v.nullable(v.string()),
  /** Kind-specific facts, e.g. { from, to } for a role or seat change. */
  details: v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])),
});
export type AuditEvent = v.InferOutput<typeof AuditEvent>;

export const auditPageSize = 25;

/** GET /api/subscription/{id}/team/audit (and `/audit.csv` with the same filters, every page). */
export const AuditQuery = v.object({
  kind: v.optional(AuditKind),
  /** The acting person's e-mail. */
  actor: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))),
  page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100_000)), '1'),
});
export const AuditPage = v.object({
  events: v.array(AuditEvent),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
  /** Everyone who appears as an actor in the log, for the person filter. */
  actors: v.array(v.string()),
});
export type AuditPage = v.InferOutput<typeof AuditPage>;

/** The team API's answers (GET api.teamApi, `/members`, `/servers`; the key's role is user: read only). */
export const TeamApiTeam = v.object({ teamId: v.number(), name: v.string() });
export type TeamApiTeam = v.InferOutput<typeof TeamApiTeam>;
export const TeamApiMembers = v.object({ members: v.array(TeamMember) });
export type TeamApiMembers = v.InferOutput<typeof TeamApiMembers>;

/**
 * PUT /api/subscription/{id}/team/second-factor-rule, by the owner only: whether members must use
 * two-step sign-in. A member without it is sent to set it up before any of the team's pages.
 */
export const SecondFactorRuleRequest = v.object({ required: v.boolean() });
export type SecondFactorRuleRequest = v.InferInput<typeof SecondFactorRuleRequest>;

/**
 * What every call that manages a team by its subscription may refuse: an unknown subscription, a
 * caller who is not its owner or admin, a subscription without a team, and a team whose rule asks
 * for two-step sign-in the caller has not set up.
 */
export const teamManagementRefusals = [
  ErrorCode.notFound,
  ErrorCode.forbidden,
  ErrorCode.teamRefused,
  ErrorCode.secondFactorSetupRequired,
] as const;
