import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import { RequestServerRequest, ServerList, TeamChangeDone } from '../teams';

/** A team's servers, a person's private servers and a dedicated server's request (server/routes/servers.ts). */
export const requestDedicatedServer = declareCall({
  method: 'POST',
  path: '/api/subscription/{referenceId}/server',
  summary: 'Request the dedicated server of a dedicated server subscription',
  description:
    'Accepted (202): the server is set up later, within the daily window (UTC) given. A later request, while the server runs, only records the new window.',
  tag: 'Servers',
  access: 'adminOrOwner',
  body: RequestServerRequest,
  answers: { 202: TeamChangeDone },
  refusals: [
    ErrorCode.notFound,
    ErrorCode.forbidden,
    ErrorCode.subscriptionRefused,
    ErrorCode.secondFactorSetupRequired,
  ],
});

export const listTeamServers = declareCall({
  method: 'GET',
  path: '/api/teams/servers/{teamId}',
  summary: "A team's servers, for its members and the owner of its subscription",
  tag: 'Servers',
  access: 'member',
  answers: { 200: ServerList },
  refusals: [ErrorCode.notFound, ErrorCode.secondFactorSetupRequired],
});

export const listPrivateServers = declareCall({
  method: 'GET',
  path: '/api/account/private-individual-servers',
  summary: "The signed-in person's own servers outside any team",
  tag: 'Servers',
  access: 'session',
  answers: { 200: ServerList },
});
