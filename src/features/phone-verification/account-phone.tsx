import { Trans } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { textLink } from '../../components/ui/link';
import { formattedPhone } from './phone-numbers';

/** The account's phone on the dashboard: the verified number, or a way to add one. Loaded lazily with the number formats. */
export function AccountPhone({ phone, onNavigate }: { phone: string | null; onNavigate: Navigate }) {
  const verifyHref = `/phone-number-input?${new URLSearchParams({ redirect: '/account' })}`;
  return (
    <p className={css({ color: 'fg.muted', display: 'flex', flexWrap: 'wrap', gap: '2' })}>
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
    </p>
  );
}
