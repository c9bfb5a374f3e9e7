import { Trans } from '@lingui/react/macro';
import { stack } from '../../../styled-system/patterns';
import type { RedirectTarget } from '../../app/guards';
import { ContinueLink } from '../../components/continue-link';
import type { Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { buttonLook } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';

/** `/phone-number-verification-success`: the number is verified; the person continues where they were headed. */
export function PhoneVerificationSuccessView({
  continueTarget,
  onNavigate,
}: {
  continueTarget: RedirectTarget;
  onNavigate: Navigate;
}) {
  return (
    <div className={stack({ gap: '4', maxWidth: '32rem', width: '100%' })}>
      <PageHeader title={<Trans>Phone number verified</Trans>} />
      <Card>
        <Alert tone="success">
          <Trans>Your phone number is verified and saved to your account.</Trans>
        </Alert>
        <div>
          <ContinueLink target={continueTarget} onNavigate={onNavigate} className={buttonLook()}>
            <Trans>Continue</Trans>
          </ContinueLink>
        </div>
      </Card>
    </div>
  );
}
