import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  ApiKey,
  CidrValidationRequest,
  CidrValidationResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  teamManagementRefusals,
  UpdateAllowedIpsRequest,
} from '../teams';

/** A team's API keys and the check of their allow-lists (server/routes/api-keys.ts). */
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
