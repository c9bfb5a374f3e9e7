import { Trans } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Note } from '../../components/ui/note';
import { textLink } from '../../theme/recipes/link';
import { text } from '../../theme/recipes/text';
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
    <Note className={css({ marginBlockEnd: '6' })}>
      <p>
        <span className={text({ weight: 'semibold' })}>
          <Trans>
            <bdi>{team}</bdi> requires two-step sign-in.
          </Trans>
        </span>{' '}
        <InternalLink href={twoStepSignInHref} onNavigate={onNavigate} className={textLink}>
          <Trans>Set it up now.</Trans>
        </InternalLink>
      </p>
    </Note>
  );
}
