import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { deviceActivationMachine } from '../../../machines/deviceActivation/deviceActivation.machine';
import { navigateTo } from '../../app/navigate';
import { accountUserQuery } from '../../lib/queries/account-user';
import { linkedDevicesQuery } from '../../lib/queries/linked-devices';
import { linkDevice } from './device-activation.actors';
import { DeviceActivationView } from './device-activation.view';

export function DeviceActivationScreen({ userid, initialCode }: { userid: string; initialCode?: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    deviceActivationMachine.provide({
      actors: { linkDevice },
      actions: {
        deviceLinked: () => {
          void queryClient.invalidateQueries({ queryKey: linkedDevicesQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: accountUserQuery.queryKey });
        },
      },
    }),
    { input: { userid, initialCode } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return (
    <DeviceActivationView snapshot={snapshot} send={actor.send} onNavigate={(href) => void navigateTo(router, href)} />
  );
}
