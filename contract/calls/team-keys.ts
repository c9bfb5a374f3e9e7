import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  ApiKey,
  CidrValidationRequest,
  CidrValidationResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  RequestServerRequest,
  ServerList,
  TeamChangeDone,
  teamManagementRefusals,
  UpdateAllowedIpsRequest,
} from '../teams';

export const checkAllowedIps = declareCall({
  method: 'POST',
  path: '/api/networking/ip-cidr-validation',
  summary: 'Which entries of an allow-list are IPv4 or IPv6 addresses or CIDR ranges',
  tag: 'API keys',
  access: 'session',
  body: CidrValidationRequest,
  answers: { 200: CidrValidationResponse },
});

export const createTeamApiKey = declareCall({
  method: 'POST',
  path: '/api/subscription/{referenceId}/apiKey',
  summary: 'Create an API key for the team API',
  description:
    'The answer holds the whole key once; only its hash is kept. The key lasts a year and, with `allowedIPs`, works only from those addresses and ranges (empty: any).',
  tag: 'API keys',
  access: 'adminOrOwner',
  recentSignIn: true,
  body: CreateApiKeyRequest,
  answers: { 201: CreateApiKeyResponse },
  refusals: [...teamManagementRefusals, ErrorCode.validation],
});

export const deleteTeamApiKey = declareCall({
  method: 'DELETE',
  path: '/api/subscription/{referenceId}/apiKey/{keyId}',
  summary: 'Delete an API key of the team',
  tag: 'API keys',
  access: 'adminOrOwner',
  answers: { 204: null },
  refusals: teamManagementRefusals,
});

export const setApiKeyAllowedIps = declareCall({
  method: 'PUT',
  path: '/api/subscription/{referenceId}/apiKey/{keyId}/allowedips',
  summary: 'Change the addresses and ranges an API key may be used from',
  tag: 'API keys',
  access: 'adminOrOwner',
  body: UpdateAllowedIpsRequest,
  answers: { 200: ApiKey },
  refusals: [...teamManagementRefusals, ErrorCode.validation],
});

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
