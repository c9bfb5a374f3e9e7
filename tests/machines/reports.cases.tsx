import { ErrorCode } from '../../contract/errors';
import { StatsMessage } from '../../contract/stats';
import type { Report, ReportScope, ReportsInput, reportsMachine } from '../../machines/reports/reports.machine';
import { ReportsView } from '../../src/features/reports/reports.view';
import { actorDone, actorFailed, actorRefused } from '../support/actor-events';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

const kib = 1024;
const mib = 1024 * kib;

/** The machine's input: the last seven days of the person's own devices. */
export const reportsInput: ReportsInput = { range: { preset: '7d' }, scope: { kind: 'me' } };

const studioEncoder = { deviceId: '3f2b8c1a-6d4e-4a7b-9c0d-1e2f3a4b5c6d', name: 'Studio encoder' };
const fieldKit = { deviceId: '8a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d', name: 'Field kit' };
const northwind = { teamId: 7, name: 'Northwind Broadcast' };

/** The scope options of the page: one administered team and one linked device. */
export const reportTeams = [northwind];
export const reportDevices = [studioEncoder];

/** Thirty hourly buckets: more than a page of the traffic table, so page 2 exists. */
export const trafficBuckets = 30;
const firstBucket = Date.parse('2026-11-24T00:00:00.000Z');

/**
 * Each bucket's received bytes run over 1..30 MB and sent over 0.5..15 MB in a mixed order (7 and
 * 11 share no factor with 30), so sorting by a byte column differs from sorting by time. Totals:
 * 465 MB received, 232.5 MB sent, 697.5 MB in all.
 */
export const sampleReport: Report = {
  from: '2026-11-18T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  net: {
    columns: [{ name: 'time' }, { name: 'rxBytes' }, { name: 'txBytes' }],
    bucketSeconds: 3600,
    rows: Array.from({ length: trafficBuckets }, (_, index) => [
      new Date(firstBucket + index * 3600 * 1000).toISOString(),
      (((index * 7) % trafficBuckets) + 1) * mib,
      (((index * 11) % trafficBuckets) + 1) * 512 * kib,
    ]),
  },
  tunnel: {
    columns: [
      { name: 'time' },
      { name: 'type' },
      { name: 'device' },
      { name: 'user' },
      { name: 'userid' },
      { name: 'server' },
      { name: 'serverIsPrivate' },
    ],
    rows: [
      [
        '2026-11-24T08:00:00.000Z',
        'connect',
        studioEncoder.deviceId,
        'team.owner@demo.bondline.example',
        'u-owner',
        'Frankfurt 1',
        false,
      ],
      [
        '2026-11-24T09:30:00.000Z',
        'disconnect',
        studioEncoder.deviceId,
        'team.owner@demo.bondline.example',
        'u-owner',
        'Frankfurt 1',
        false,
      ],
      [
        '2026-11-24T10:00:00.000Z',
        'connect',
        fieldKit.deviceId,
        'team.user@demo.bondline.example',
        'u-user',
        'Amsterdam 2',
        false,
      ],
    ],
    truncated: false,
    devices: [
      { deviceUUID: studioEncoder.deviceId, nickname: studioEncoder.name, userid: 'u-owner', user: 'Team Owner' },
      { deviceUUID: fieldKit.deviceId, nickname: fieldKit.name, userid: 'u-user', user: 'Team User' },
    ],
  },
};

/** What the totals of the sample report read (English). */
export const sampleTotals = {
  received: '465 MB',
  sent: '233 MB',
  total: '698 MB',
  connections: '2',
  devices: '2',
};

/** A range in which the devices were quiet: zero buckets and no connections. */
export const emptyReport: Report = {
  from: '2026-11-18T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  net: {
    columns: [{ name: 'time' }, { name: 'rxBytes' }, { name: 'txBytes' }],
    bucketSeconds: 86400,
    rows: Array.from({ length: 7 }, (_, index) => [
      new Date(Date.parse('2026-11-18T00:00:00.000Z') + index * 86_400_000).toISOString(),
      0,
      0,
    ]),
  },
  tunnel: {
    columns: [{ name: 'time' }, { name: 'type' }],
    rows: [],
    truncated: false,
  },
};

export const validCustomRange = { fromDay: '2026-11-01', toDay: '2026-11-08' };
const reversedCustomRange = { fromDay: '2026-11-10', toDay: '2026-11-01' };
export const teamScope: ReportScope = { kind: 'team', teamId: northwind.teamId };

/** A read report, named in the generated paths' titles instead of spelled out row by row. */
const read = (output: Report, name: string) =>
  Object.defineProperty(actorDone('loadReport', output), 'toJSON', {
    value: () => ({ type: 'xstate.done.actor.loadReport', output: name }),
  });

/** Sample events for generating the reports filter machine's paths. */
const reportsCases = {
  'user.choosePreset': [{ type: 'user.choosePreset' as const, preset: '30d' as const }],
  'user.chooseCustomRange': [
    { type: 'user.chooseCustomRange' as const, ...validCustomRange },
    { type: 'user.chooseCustomRange' as const, ...reversedCustomRange },
  ],
  'user.chooseScope': [{ type: 'user.chooseScope' as const, scope: teamScope }],
  'user.sort': [
    // The shown column again (ascending), another column (descending), the other table.
    { type: 'user.sort' as const, table: 'traffic' as const, column: 'time' },
    { type: 'user.sort' as const, table: 'traffic' as const, column: 'received' },
    { type: 'user.sort' as const, table: 'connections' as const, column: 'device' },
  ],
  'user.goToPage': [{ type: 'user.goToPage' as const, table: 'traffic' as const, page: 2 }],
  'user.export': [
    { type: 'user.export' as const, table: 'traffic' as const },
    { type: 'user.export' as const, table: 'connections' as const },
  ],
  'user.retry': [{ type: 'user.retry' as const }],
  'xstate.done.actor.loadReport': [read(sampleReport, 'sampleReport'), read(emptyReport, 'emptyReport')],
  'xstate.error.actor.loadReport': [
    actorRefused('loadReport', refused(ErrorCode.forbidden, StatsMessage.notYours)),
    actorFailed('loadReport'),
  ],
  'xstate.done.actor.exportTable': [actorDone('exportTable')],
  'xstate.error.actor.exportTable': [actorRefused('exportTable', new Error('download blocked'))],
} as const;

/** What the reports machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const reportsModel: FlowModel<typeof reportsMachine> = {
  input: reportsInput,
  cases: reportsCases,
  // The state alone: range, scope, order, a refused custom range and the kind of failure show in
  // the view, and each path's last step checks them, but they need no paths of their own.
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  render: (snapshot, send) => (
    <ReportsView snapshot={snapshot} send={send} teams={reportTeams} devices={reportDevices} timeZone="UTC" />
  ),
};
