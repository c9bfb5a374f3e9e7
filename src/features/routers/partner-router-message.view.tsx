import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  PartnerRouterMessageEvent,
  partnerRouterMessageMachine,
} from '../../../machines/partnerRouterMessage/partnerRouterMessage.machine';
import { css } from '../../../styled-system/css';
import { Button } from '../../components/ui/button';

export type PartnerRouterMessageViewProps = {
  snapshot: Pick<SnapshotFrom<typeof partnerRouterMessageMachine>, 'matches'>;
  send: (event: PartnerRouterMessageEvent) => void;
  routerName: string;
};

const srOnly = css({ srOnly: true });
const message = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingBlock: '2.5',
  paddingInline: '3',
  borderRadius: 'l2',
  borderInlineStartWidth: '4px',
  borderColor: 'success.default',
  bg: 'success.subtle',
  color: 'fg.default',
});

/** A partner router's success message, until its owner dismisses it; nothing otherwise. */
export function PartnerRouterMessageView({ snapshot, send, routerName }: PartnerRouterMessageViewProps) {
  const activation = snapshot.matches('showingActivation');
  if (!activation && !snapshot.matches('showingMilestone')) return null;
  return (
    <div role="status" className={message}>
      <p>
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
      <Button variant="outline" onClick={() => send({ type: 'user.dismiss' })}>
        <Trans>
          Dismiss <span className={srOnly}>the message about {routerName}</span>
        </Trans>
      </Button>
    </div>
  );
}
