import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type {
  RouterCouponRedemptionEvent,
  routerCouponRedemptionMachine,
} from '../../../machines/routerCouponRedemption/routerCouponRedemption.machine';
import { unexplained } from '../../../machines/support/refusal';
import { css } from '../../../styled-system/css';
import { stack, wrap } from '../../../styled-system/patterns';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { card } from '../../theme/recipes/card';
import { textLink } from '../../theme/recipes/link';
import '../../lib/refusals/routers';
import { routerCouponUnavailable } from '../routers/router.messages';

export type RouterCouponViewProps = {
  snapshot: Pick<SnapshotFrom<typeof routerCouponRedemptionMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: RouterCouponRedemptionEvent) => void;
  onNavigate: Navigate;
};

/** The router management portal. */
const routersHref = '/routers';

/** `/redeem-router-coupon`: a router coupon becomes a router subscription. */
export function RouterCouponView({ snapshot, send, onNavigate }: RouterCouponViewProps) {
  const { t, i18n } = useLingui();
  const { code, codeError, failure, redemption } = snapshot.context;
  const busy = snapshot.hasTag('busy');

  return (
    <div className={stack({ gap: '4', maxWidth: '32rem', width: '100%' })}>
      <PageHeader title={<Trans>Redeem a router coupon</Trans>} />
      {redemption ? (
        <section aria-labelledby="router-coupon-redeemed" className={card().root}>
          <Alert tone="success">
            <span id="router-coupon-redeemed">
              <Trans>Your router coupon is redeemed: your router subscription is ready.</Trans>
            </span>
          </Alert>
          <p>
            <Trans>
              It is listed on the routers page, where you can see which router uses it. Its reference is{' '}
              <code dir="ltr">{redemption.referenceId}</code>.
            </Trans>
          </p>
          <div className={wrap({ gap: '4', align: 'center' })}>
            <Button onClick={() => send({ type: 'user.redeemAnother' })}>
              <Trans>Redeem another coupon</Trans>
            </Button>
            <InternalLink href={routersHref} onNavigate={onNavigate} className={textLink}>
              <Trans>See your routers</Trans>
            </InternalLink>
          </div>
        </section>
      ) : (
        <form
          noValidate
          className={card().root}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.redeem' });
          }}
        >
          <p>
            <Trans>Enter the code of the coupon that came with your router to start its router subscription.</Trans>
          </p>
          {snapshot.matches('refused') ? (
            <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: routerCouponUnavailable })}</Alert>
          ) : null}
          <TextField
            label={t`Router coupon code`}
            name="router-coupon"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            disabled={busy}
            errorText={codeError ? contractMessageText(i18n, codeError) : undefined}
            onValueChange={(value) => send({ type: 'user.changeCode', value })}
          />
          <Button type="submit" aria-busy={busy} disabled={busy} className={css({ alignSelf: 'flex-start' })}>
            {busy ? <Trans>Redeeming router coupon…</Trans> : <Trans>Redeem router coupon</Trans>}
          </Button>
        </form>
      )}
    </div>
  );
}
