import { Trans } from '@lingui/react/macro';
import { card, cardTitle } from '../../components/ui/card-look';
import { muted } from './team-styles';

/**
 * While the team is read, and while the team section's code loads: it is its own chunk, so the
 * portal's first load stays within its budget.
 */
export function TeamLoadingView() {
  return (
    <section aria-labelledby="team-title" className={card}>
      <h2 id="team-title" className={cardTitle}>
        <Trans>Team</Trans>
      </h2>
      <p role="status" className={muted}>
        <Trans>Loading the team…</Trans>
      </p>
    </section>
  );
}
