import { Trans } from '@lingui/react/macro';
import type { AccountUser } from '../../../contract/account';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Card } from '../../components/ui/card';
import { Text } from '../../components/ui/text';
import { pageLinks } from '../../lib/page-links';
import { textLink } from '../../theme/recipes/link';

/** The devices in use against the limit, by name, and the way to add one (where the full devices section is off). */
export function DevicesSummaryView({ account, onNavigate }: { account: AccountUser; onNavigate: Navigate }) {
  const devicesInUse = account.activeDevices.length;
  const deviceLimit = account.availableDeviceLimit;
  return (
    <Card title={<Trans>Devices</Trans>} titleId="devices-title">
      <p>
        <Trans>
          {devicesInUse} of {deviceLimit} devices in use
        </Trans>
      </p>
      {devicesInUse === 0 ? (
        <Text tone="muted">
          <Trans>No device uses your account yet. Add one with the code the app shows you.</Trans>
        </Text>
      ) : (
        <ul className={stack({ gap: '1' })}>
          {account.activeDevices.map((device) => (
            <li key={device.deviceUuid}>{device.name}</li>
          ))}
        </ul>
      )}
      {/* At the card's foot, level with the data card beside it. */}
      <p className={css({ marginBlockStart: 'auto' })}>
        <InternalLink href={pageLinks.activate} onNavigate={onNavigate} className={textLink}>
          <Trans>Add a device</Trans>
        </InternalLink>
      </p>
    </Card>
  );
}
