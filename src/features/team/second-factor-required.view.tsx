import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { ErrorCode } from '../../../contract/errors';
import { grid } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { buttonLook } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { contractMessageText } from '../../lib/contract-messages';
import { twoStepSignInHref } from '../authenticator-app/two-step-sign-in-link';

export type TeamSecondFactorRequiredViewProps = {
  /** The server's explanation (the message of its 403), in the reader's language when the portal knows it. */
  message: string;
  onNavigate: Navigate;
};

/**
 * In place of a team's page, for a member whom the team's rule asks to set up two-step sign-in
 * first: what the team requires, and the way to the account page's two-step section.
 */
export function TeamSecondFactorRequiredView({ message, onNavigate }: TeamSecondFactorRequiredViewProps) {
  const { i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // It replaces a page whose controls may have had the focus: the focus goes to what it says.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="team-second-factor-required-title" className={grid({ gap: '4', maxWidth: '40rem' })}>
      <PageHeader
        ref={headingRef}
        titleId="team-second-factor-required-title"
        title={<Trans>Your team requires two-step sign-in</Trans>}
      />
      <p>{contractMessageText(i18n, message, ErrorCode.secondFactorSetupRequired)}</p>
      <Text tone="muted">
        <Trans>Once your authenticator app is on, the team’s pages open as before.</Trans>
      </Text>
      <p>
        <InternalLink href={twoStepSignInHref} onNavigate={onNavigate} className={buttonLook()}>
          <Trans>Set up two-step sign-in</Trans>
        </InternalLink>
      </p>
    </section>
  );
}
