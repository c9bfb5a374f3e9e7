import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  PartnerRouterMessageEvent,
  partnerRouterMessageMachine,
} from '../../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { visuallyHidden } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { alert } from '../../theme/recipes/alert';

export type PartnerRouterMessageViewProps = {
  snapshot: Pick<SnapshotFrom<typeof partnerRouterMessageMachine>, 'matches'>;
  send: (event: PartnerRouterMessageEvent) => void;
  routerName: string;
};

/**
 * A partner router's success message, until its owner dismisses it; nothing otherwise. The Alert's
 * look, but a status rather than an alert: good news need not interrupt.
 */
export function PartnerRouterMessageView({ snapshot, send, routerName }: PartnerRouterMessageViewProps) {
  const activation = snapshot.matches('showingActivation');
  if (!activation && !snapshot.matches('showingMilestone')) return null;
  const styles = alert({ tone: 'success' });
  return (
    <div role="status" className={styles.root}>
      <p className={styles.content}>
        {activation ? (
          <Trans>
            <bdi>{routerName}</bdi> is set up and online. Welcome aboard!
          </Trans>
        ) : (
          <Trans>
            <bdi>{routerName}</bdi> has been with you for 90 days. Thank you for bonding with us.
          </Trans>
        )}
      </p>
      <div className={styles.action}>
        <Button variant="outline" onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>
            Dismiss <span className={visuallyHidden()}>the message about {routerName}</span>
          </Trans>
        </Button>
      </div>
    </div>
  );
}
