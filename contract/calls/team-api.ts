import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { ServerList, TeamApiMembers, TeamApiTeam, teamApiLimits } from '../teams';

/** How an integrator calls the team API, said once for each of its calls. */
const howToCall = `Read-only, for a program rather than a person: no session or cookie. Send a team's API key (made by its owner or an admin on the team's page, shown once) in the \`x-api-key\` header. Answers:

- 401 \`unauthorized\`: no key, or a key that is unknown, deleted, expired (a key lasts a year) or invalidated.
- 403 \`forbidden\`: the key has an IP allow-list and the request comes from an address outside it (IPv4 or IPv6 addresses and CIDR ranges; an empty list allows any address).
- 429 \`rate_limited\`: more than ${teamApiLimits.perKey.limit} calls in ${teamApiLimits.perKey.windowSeconds} seconds with one key; wait for the seconds of \`Retry-After\`.

Answers are never cached (\`Cache-Control: no-store\`).`;

const keyRefusals = [ErrorCode.unauthorized, ErrorCode.forbidden, ErrorCode.rateLimited] as const;

export const readIntegratorTeam = declareCall({
  method: 'GET',
  path: '/api/v1/team',
  summary: "The API key's team: its id and name",
  description: howToCall,
  tag: 'Team API',
  access: 'apiKey',
  answers: { 200: TeamApiTeam },
  refusals: [...keyRefusals, ErrorCode.notFound],
  rateLimits: [teamApiLimits.perKey],
});

/** @public Mounted by the server; no page of the portal calls it. */
export const listIntegratorTeamMembers = declareCall({
  method: 'GET',
  path: '/api/v1/team/members',
  summary: "The members of the API key's team, with their roles and data use this period",
  description: howToCall,
  tag: 'Team API',
  access: 'apiKey',
  answers: { 200: TeamApiMembers },
  refusals: keyRefusals,
  rateLimits: [teamApiLimits.perKey],
});

/** @public Mounted by the server; no page of the portal calls it. */
export const listIntegratorTeamServers = declareCall({
  method: 'GET',
  path: '/api/v1/team/servers',
  summary: "The servers of the API key's team",
  description: howToCall,
  tag: 'Team API',
  access: 'apiKey',
  answers: { 200: ServerList },
  refusals: keyRefusals,
  rateLimits: [teamApiLimits.perKey],
});
