import { Trans } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { textLink } from '../../components/ui/link';
import { twoStepSignInHref } from './two-step-sign-in-link';

export type SecondFactorRequiredBannerViewProps = {
  /** The name of the team whose owner requires two-step sign-in. */
  team: string;
  onNavigate: Navigate;
};

/**
 * At the top of every signed-in page while a team requires two-step sign-in of this person and
 * their authenticator app is off: the way to set it up, so they are asked at their next sign-in
 * rather than when a team's page turns them away.
 */
export function SecondFactorRequiredBannerView({ team, onNavigate }: SecondFactorRequiredBannerViewProps) {
  return (
    <div
      className={css({
        marginBlockEnd: '6',
        paddingBlock: '3',
        paddingInline: '4',
        borderRadius: 'l2',
        borderInlineStartWidth: '4px',
        borderColor: 'accent.default',
        bg: 'accent.subtle',
        color: 'fg.default',
      })}
    >
      <p>
        <span className={css({ fontWeight: 'semibold' })}>
          <Trans>
            <bdi>{team}</bdi> requires two-step sign-in.
          </Trans>
        </span>{' '}
        <InternalLink href={twoStepSignInHref} onNavigate={onNavigate} className={textLink}>
          <Trans>Set it up now.</Trans>
        </InternalLink>
      </p>
    </div>
  );
}
