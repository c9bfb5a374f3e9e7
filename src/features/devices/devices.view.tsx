import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { stack } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Text } from '../../components/ui/text';
import { textLink } from '../../theme/recipes/link';

/** Where a person links a new device. */
const activateHref = '/activate';

export type DevicesViewProps = { onNavigate: Navigate } & (
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  /** `children`: one list item per device, rendered by the screen with each device's machine. */
  | { status: 'success'; count: number; deviceLimit: number; children: ReactNode }
);

/** The account's devices section (`/account#devices`): the devices, the count against the limit, how to add one. */
export function DevicesView(props: DevicesViewProps) {
  return (
    <Card id="devices" title={<Trans>Your devices</Trans>} titleId="linked-devices-title">
      {props.status === 'pending' ? (
        <Text role="status" tone="muted">
          <Trans>Loading your devices…</Trans>
        </Text>
      ) : props.status === 'error' ? (
        <Alert onRetry={props.onRetry}>
          <Trans>We could not load your devices.</Trans>
        </Alert>
      ) : (
        <>
          <p>
            <Trans>
              Devices in use: {props.count} of {props.deviceLimit}
            </Trans>
          </p>
          {props.count === 0 ? (
            <EmptyState>
              <Trans>No devices are linked yet.</Trans>
            </EmptyState>
          ) : (
            <ul className={stack({ gap: '6' })}>{props.children}</ul>
          )}
          {props.count >= props.deviceLimit ? (
            <Text tone="muted">
              <Trans>Every device slot is taken: remove a device before you activate another one.</Trans>
            </Text>
          ) : (
            <p>
              <Trans>
                Open the app on the new device: it shows a six-digit code.{' '}
                <InternalLink href={activateHref} onNavigate={props.onNavigate} className={textLink}>
                  Activate a device
                </InternalLink>
              </Trans>
            </p>
          )}
        </>
      )}
    </Card>
  );
}
