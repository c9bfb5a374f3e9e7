import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Subscription } from '../../../contract/account';
import type { LinkedDevice } from '../../../contract/devices';
import { isRouterProduct } from '../../../contract/routers';
import { linkedDeviceMachine } from '../../../machines/linkedDevice/linkedDevice.machine';
import { navigateTo } from '../../app/navigate';
import { accountUserQuery } from '../../lib/queries/account-user';
import { linkedDevicesQuery } from '../../lib/queries/linked-devices';
import { linkedDeviceActors } from './devices.actors';
import { DevicesView } from './devices.view';
import { LinkedDeviceView, type SubscriptionOption } from './linked-device.view';

/** The subscriptions a device can count against: not expired, and not a router's (routers have their own). */
function subscriptionOptionsOf(subscriptions: Subscription[]): SubscriptionOption[] {
  return subscriptions
    .filter((subscription) => subscription.state !== 'expired' && !isRouterProduct(subscription.productName))
    .map((subscription) => ({
      referenceId: subscription.referenceId,
      label: subscription.team ? `${subscription.title} (${subscription.team.name})` : subscription.title,
    }));
}

function LinkedDeviceRow({
  device,
  subscriptionOptions,
}: {
  device: LinkedDevice;
  subscriptionOptions: SubscriptionOption[];
}) {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    linkedDeviceMachine.provide({
      actors: linkedDeviceActors,
      actions: {
        deviceChanged: () => {
          void queryClient.invalidateQueries({ queryKey: linkedDevicesQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
        },
      },
    }),
    { input: { device } },
  );
  const snapshot = useSelector(actor, (state) => state);
  // A new read of the list tells the machine how the device is now (renamed elsewhere, signed in again).
  useEffect(() => {
    actor.send({ type: 'device.refreshed', device });
  }, [actor, device]);
  return <LinkedDeviceView snapshot={snapshot} send={actor.send} subscriptionOptions={subscriptionOptions} />;
}

/** The devices section of the account page. */
export function DevicesScreen() {
  const router = useRouter();
  const devices = useQuery(linkedDevicesQuery);
  const account = useQuery(accountUserQuery);
  const onNavigate = (href: string) => void navigateTo(router, href);
  if (devices.isPending) return <DevicesView status="pending" onNavigate={onNavigate} />;
  if (devices.isError)
    return <DevicesView status="error" onNavigate={onNavigate} onRetry={() => void devices.refetch()} />;
  const subscriptionOptions = subscriptionOptionsOf(account.data?.subscriptions ?? []);
  return (
    <DevicesView
      status="success"
      count={devices.data.devices.length}
      deviceLimit={devices.data.deviceLimit}
      onNavigate={onNavigate}
    >
      {devices.data.devices.map((device) => (
        <li key={device.deviceUUID}>
          <LinkedDeviceRow device={device} subscriptionOptions={subscriptionOptions} />
        </li>
      ))}
    </DevicesView>
  );
}
