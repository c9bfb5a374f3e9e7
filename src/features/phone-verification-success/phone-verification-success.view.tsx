import { Trans } from '@lingui/react/macro';
import { css, cx } from '../../../styled-system/css';
import type { RedirectTarget } from '../../app/guards';
import { ContinueLink } from '../../components/continue-link';
import type { Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { buttonLook } from '../../components/ui/button';
import { card } from '../../components/ui/card';

/** `/phone-number-verification-success`: the number is verified; the person continues where they were headed. */
export function PhoneVerificationSuccessView({
  continueTarget,
  onNavigate,
}: {
  continueTarget: RedirectTarget;
  onNavigate: Navigate;
}) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '32rem', width: '100%' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        <Trans>Phone number verified</Trans>
      </h1>
      <section className={cx(card, css({ alignItems: 'flex-start' }))}>
        <Alert tone="success">
          <Trans>Your phone number is verified and saved to your account.</Trans>
        </Alert>
        <ContinueLink target={continueTarget} onNavigate={onNavigate} className={buttonLook()}>
          <Trans>Continue</Trans>
        </ContinueLink>
      </section>
    </div>
  );
}
