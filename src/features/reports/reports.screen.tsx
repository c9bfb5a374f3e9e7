import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { reportsMachine } from '../../../machines/reports/reports.machine';
import { isAdminOrOwner } from '../../app/guards';
import { readerTimeZone } from '../../lib/format/dates';
import { accountUserQuery } from '../../lib/queries/account-user';
import { linkedDevicesQuery } from '../../lib/queries/linked-devices';
import { reportsActors } from './reports.actors';
import { ReportsView } from './reports.view';
import { filterOfSearch, searchOfFilter } from './reports-address';
import type { ReportsSearch } from './reports-search';

/**
 * The Reports page with its data: the teams this person administers and their linked devices make
 * the scopes; the machine reads the reports, and every choice is written back to the address.
 */
export function ReportsScreen({ search }: { search: ReportsSearch }) {
  const router = useRouter();
  const account = useQuery(accountUserQuery);
  const linkedDevices = useQuery(linkedDevicesQuery);
  const actor = useActorRef(
    reportsMachine.provide({
      actors: reportsActors,
      actions: {
        filterChanged: ({ context }) =>
          void router.navigate({ to: '/reports', search: searchOfFilter(context), replace: true }),
      },
    }),
    { input: filterOfSearch(search) },
  );
  const snapshot = useSelector(actor, (state) => state);
  // The chart's code (and uPlot, which it loads) downloads beside the report's calls, not after them.
  useEffect(() => void import('./usage-chart'), []);
  const user = account.data;
  const teams = user
    ? user.subscriptions.flatMap((subscription) =>
        subscription.team && isAdminOrOwner(user, subscription)
          ? [{ teamId: subscription.team.teamId, name: subscription.team.name }]
          : [],
      )
    : [];
  const devices = (linkedDevices.data?.devices ?? []).map((device) => ({
    deviceId: device.deviceUUID,
    name: device.nickname,
  }));
  const timeZone = readerTimeZone();
  return <ReportsView snapshot={snapshot} send={actor.send} teams={teams} devices={devices} timeZone={timeZone} />;
}
