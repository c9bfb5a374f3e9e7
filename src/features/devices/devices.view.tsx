import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { textLink } from '../../components/ui/link';

/** Where a person links a new device. */
export const activateHref = '/activate';

export type DevicesViewProps = { onNavigate: Navigate } & (
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  /** `children`: one list item per device, rendered by the screen with each device's machine. */
  | { status: 'success'; count: number; deviceLimit: number; children: ReactNode }
);

const muted = css({ color: 'fg.muted' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '6' });

/** The account's devices section (`/account#devices`): the devices, the count against the limit, how to add one. */
export function DevicesView(props: DevicesViewProps) {
  return (
    <section id="devices" aria-labelledby="linked-devices-title" className={card}>
      <h2 id="linked-devices-title" className={cardTitle}>
        <Trans>Your devices</Trans>
      </h2>
      {props.status === 'pending' ? (
        <p role="status" className={muted}>
          <Trans>Loading your devices…</Trans>
        </p>
      ) : props.status === 'error' ? (
        <Alert>
          <p>
            <Trans>We could not load your devices.</Trans>
          </p>
          <Button variant="link" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : (
        <>
          <p>
            <Trans>
              Devices in use: {props.count} of {props.deviceLimit}
            </Trans>
          </p>
          {props.count === 0 ? (
            <p className={muted}>
              <Trans>No devices are linked yet.</Trans>
            </p>
          ) : (
            <ul className={list}>{props.children}</ul>
          )}
          {props.count >= props.deviceLimit ? (
            <p className={muted}>
              <Trans>Every device slot is taken: remove a device before you activate another one.</Trans>
            </p>
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
    </section>
  );
}
