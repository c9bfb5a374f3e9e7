import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  DeviceStatsQuery,
  maxBatchRows,
  NetStats,
  StatsBatch,
  StatsBatchReceipt,
  StatsRangeQuery,
  statsSignatureHeaders,
  TeamTunnelStats,
  TunnelStats,
} from '../stats';

const rangeNote =
  '`from` and `to` are ISO times with a time zone; `to` must be after `from`, at most 366 days later. Connect rows are the latest 1000 of the range (`truncated` says when there were more); net rows are buckets of 1 minute, 5 minutes, 1 hour or 1 day, by the length of the range.';

const teamNote =
  "The team's owner and admins see every member's devices; a team user sees their own. Anybody else, and a team id that is not a whole number, is refused (403). A team that requires two-step sign-in refuses a member who has not set it up.";

const deviceNote =
  "`device` is the device's id (a UUID): one of the caller's own, or of a member of a team whose owner or admin the caller is.";

export const readIndividualTunnelStats = declareCall({
  method: 'GET',
  path: '/api/stats/individual-tunnel-stats',
  summary: "Connects and disconnects of the signed-in person's devices",
  description: rangeNote,
  tag: 'Usage statistics',
  access: 'session',
  query: StatsRangeQuery,
  answers: { 200: TunnelStats },
});

export const readIndividualNetStats = declareCall({
  method: 'GET',
  path: '/api/stats/individual-net-stats',
  summary: "Traffic of the signed-in person's devices, per time bucket",
  description: rangeNote,
  tag: 'Usage statistics',
  access: 'session',
  query: StatsRangeQuery,
  answers: { 200: NetStats },
});

export const readTeamTunnelStats = declareCall({
  method: 'GET',
  path: '/api/stats/team-tunnel-stats/{teamId}',
  summary: "Connects and disconnects of a team's devices, and the devices they cover",
  description: `${teamNote} ${rangeNote}`,
  tag: 'Usage statistics',
  access: 'member',
  query: StatsRangeQuery,
  answers: { 200: TeamTunnelStats },
  refusals: [ErrorCode.forbidden, ErrorCode.secondFactorSetupRequired],
});

export const readTeamNetStats = declareCall({
  method: 'GET',
  path: '/api/stats/team-net-stats/{teamId}',
  summary: "Traffic of a team's devices, per time bucket",
  description: `${teamNote} ${rangeNote}`,
  tag: 'Usage statistics',
  access: 'member',
  query: StatsRangeQuery,
  answers: { 200: NetStats },
  refusals: [ErrorCode.forbidden, ErrorCode.secondFactorSetupRequired],
});

export const readDeviceTunnelStats = declareCall({
  method: 'GET',
  path: '/api/stats/device-tunnel-stats',
  summary: 'Connects and disconnects of one device',
  description: `${deviceNote} ${rangeNote}`,
  tag: 'Usage statistics',
  access: 'session',
  query: DeviceStatsQuery,
  answers: { 200: TunnelStats },
  refusals: [ErrorCode.forbidden],
});

export const readDeviceNetStats = declareCall({
  method: 'GET',
  path: '/api/stats/device-net-stats',
  summary: 'Traffic of one device, per time bucket',
  description: `${deviceNote} ${rangeNote}`,
  tag: 'Usage statistics',
  access: 'session',
  query: DeviceStatsQuery,
  answers: { 200: NetStats },
  refusals: [ErrorCode.forbidden],
});

const { timestamp: timestampHeader, signature: signatureHeader } = statsSignatureHeaders;

export const ingestStatsBatch = declareCall({
  method: 'POST',
  path: '/api/stats/ingest',
  summary: "A VPN server's signed batch of tunnel events and traffic samples",
  description: [
    'Sent by our VPN servers, not by people: no session, no cookie. The batch is signed with the secret the portal',
    'has as `STATS_INGEST_SECRET` (in production; without it every batch is refused with 503 `ingestion_off`).',
    '',
    '**Signing.** Take the exact bytes of the JSON body you send and the current Unix time in whole seconds. The',
    `signature is \`v1=\` followed by the lowercase hex HMAC-SHA256, keyed with the secret, of the timestamp, a dot`,
    `and the body: \`HMAC-SHA256(secret, "\${timestamp}.\${body}")\`. Send the timestamp in \`${timestampHeader}\``,
    `and the signature in \`${signatureHeader}\`, with \`Content-Type: application/json\`. Sign the bytes you send:`,
    're-serialising the JSON after signing breaks the signature.',
    '',
    `**Checks, in order.** The signature over the bytes received (\`invalid_signature\`, 401, also for a missing or`,
    'malformed header); then the timestamp, which must be within 5 minutes of the',
    "portal's clock either way (`stale_event`, 401: fix the clock and sign again with a fresh timestamp); then the",
    'JSON and its schema (400). The body is at most 64 KB (413), with at most',
    `${maxBatchRows} tunnel events and ${maxBatchRows} net samples and at least one row. Every row names a linked`,
    "device, `serverId` one of the portal's servers, and no row lies more than 5 minutes in the future (400).",
    '',
    '**Answers.** A batch is stored whole or not at all: 201 with `stored: true`. Posting the same bytes again (a',
    'retry after a lost answer) stores nothing more: 200 with `stored: false`. A `batchId` already taken by a',
    'different body is refused (409 `batch_id_reused`): give each batch its own id.',
    '',
    '**Example.** With the secret `example-secret`, at 2026-11-01T12:00:05Z (Unix time 1793534405):',
    '',
    '```http',
    'POST /api/stats/ingest HTTP/1.1',
    'Content-Type: application/json',
    `${timestampHeader}: 1793534405`,
    `${signatureHeader}: v1=bf7adbb311efd2c406fe64822c8ce16adb77b26948fb5b7700de736e98c57647`,
    '',
    '{"batchId":"vpn-fra-1:2026-11-01T12:00:00Z","serverId":"0b6f7a52-3c1e-4d8a-9f2b-5e7c1a9d4b30","tunnelEvents":[{"at":"2026-11-01T11:58:12Z","device":"5d2c9e1a-7b4f-4a3e-8c6d-2f1e0a9b8c7d","type":"connect"}],"netSamples":[{"at":"2026-11-01T11:59:00Z","device":"5d2c9e1a-7b4f-4a3e-8c6d-2f1e0a9b8c7d","intervalSeconds":60,"rxBytes":1048576,"txBytes":262144}]}',
    '```',
    '',
    'The signed text is `1793534405.` followed by the body exactly as above (no line break at its end):',
    '',
    '```sh',
    'printf \'%s.%s\' "$timestamp" "$body" | openssl dgst -sha256 -hmac "$secret" -hex',
    '```',
  ].join('\n'),
  tag: 'Usage statistics',
  access: 'signedServer',
  body: StatsBatch,
  answers: { 201: StatsBatchReceipt, 200: StatsBatchReceipt },
  refusals: [
    ErrorCode.invalidSignature,
    ErrorCode.staleEvent,
    ErrorCode.ingestionOff,
    ErrorCode.batchIdReused,
    ErrorCode.malformedJson,
    ErrorCode.payloadTooLarge,
    ErrorCode.unsupportedMediaType,
  ],
});
