import { Trans } from '@lingui/react/macro';
import { wrap } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Text } from '../../components/ui/text';
import { textLink } from '../../theme/recipes/link';
import { formattedPhone } from './phone-numbers';

/** The account's phone on the dashboard: the verified number, or a way to add one. Loaded lazily with the number formats. */
export function AccountPhone({ phone, onNavigate }: { phone: string | null; onNavigate: Navigate }) {
  const verifyHref = `/phone-number-input?${new URLSearchParams({ redirect: '/account' })}`;
  return (
    <Text tone="muted" className={wrap({ gap: '2' })}>
      {phone ? (
        <>
          <span>
            <Trans>
              Phone: <bdi dir="ltr">{formattedPhone(phone)}</bdi>
            </Trans>
          </span>
          <InternalLink href={verifyHref} onNavigate={onNavigate} className={textLink}>
            <Trans>Change phone number</Trans>
          </InternalLink>
        </>
      ) : (
        <InternalLink href={verifyHref} onNavigate={onNavigate} className={textLink}>
          <Trans>Verify your phone number</Trans>
        </InternalLink>
      )}
    </Text>
  );
}
