import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { Coupon } from '../../../contract/subscriptions';
import type {
  CouponRedemptionEvent,
  couponRedemptionMachine,
} from '../../../machines/couponRedemption/couponRedemption.machine';
import { unexplained } from '../../../machines/support/refusal';
import { css } from '../../../styled-system/css';
import { grid, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { contractMessageText, refusalText } from '../../lib/contract-messages';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { choiceGroup } from '../../theme/recipes/choice-group';
import '../../lib/refusals/subscriptions';
import { redemptionUnavailable } from './subscription-portal.messages';

export type CouponRedemptionViewProps = {
  snapshot: Pick<SnapshotFrom<typeof couponRedemptionMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: CouponRedemptionEvent) => void;
};

const row = wrap({ gap: '3', align: 'center' });
const choices = choiceGroup();

/** "20% off once", "$5.00 off every invoice", and when it expires. */
function CouponTerms({ coupon }: { coupon: Coupon }) {
  const { i18n } = useLingui();
  const percent = coupon.percentOff;
  const amount = formatMoney(coupon.amountOffCents ?? 0, coupon.currency, i18n.locale);
  const expiry = coupon.expiresAt ? formatDate(coupon.expiresAt, i18n.locale) : null;
  return (
    <Text as="span" tone="muted">
      {percent !== null ? (
        coupon.duration === 'once' ? (
          <Trans>{percent}% off your next invoice</Trans>
        ) : (
          <Trans>{percent}% off every invoice</Trans>
        )
      ) : coupon.duration === 'once' ? (
        <Trans>{amount} off your next invoice</Trans>
      ) : (
        <Trans>{amount} off every invoice</Trans>
      )}
      {expiry ? (
        <>
          {' · '}
          <Trans>redeem by {expiry}</Trans>
        </>
      ) : null}
    </Text>
  );
}

function CouponForm({ snapshot, send }: CouponRedemptionViewProps) {
  const { t, i18n } = useLingui();
  const { coupons, chosenCouponId, typedCode, codeError, failure } = snapshot.context;
  const redeeming = snapshot.matches('redeeming');
  return (
    <form
      noValidate
      className={grid({ gap: '4' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.redeem' });
      }}
    >
      {snapshot.matches('failed') ? (
        <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: redemptionUnavailable })}</Alert>
      ) : null}
      {coupons.length > 0 ? (
        <fieldset disabled={redeeming} className={choices.root}>
          <legend className={choices.legend}>
            <Trans>Coupons you can redeem</Trans>
          </legend>
          {coupons.map((coupon) => (
            <label key={coupon.couponId} className={choices.item}>
              <input
                type="radio"
                name="coupon"
                value={coupon.couponId}
                checked={chosenCouponId === coupon.couponId && typedCode === ''}
                onChange={() => send({ type: 'user.chooseCoupon', couponId: coupon.couponId })}
                className={choices.control}
              />
              <span className={grid({ gap: '0' })}>
                <Text as="span" weight="medium">
                  {coupon.name}
                </Text>
                <CouponTerms coupon={coupon} />
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <Text tone="muted">
          <Trans>There are no coupons for this subscription right now. If you have a code, enter it below.</Trans>
        </Text>
      )}
      <TextField
        className={css({ maxWidth: '24rem' })}
        label={coupons.length > 0 ? t`Or enter a coupon code` : t`Coupon code`}
        name="coupon-code"
        autoComplete="off"
        dir="ltr"
        value={typedCode}
        disabled={redeeming}
        errorText={codeError ? contractMessageText(i18n, codeError) : undefined}
        onValueChange={(value) => send({ type: 'user.changeCode', value })}
      />
      <div className={row}>
        <Button type="submit" disabled={redeeming} aria-busy={redeeming}>
          {redeeming ? <Trans>Redeeming coupon…</Trans> : <Trans>Redeem coupon</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** The owner's coupons: the redeemable ones to choose from, or a code to type. */
export function CouponRedemptionView({ snapshot, send }: CouponRedemptionViewProps) {
  const { coupons, redeemedCouponId } = snapshot.context;
  const redeemedName = coupons.find((coupon) => coupon.couponId === redeemedCouponId)?.name ?? redeemedCouponId;
  return (
    <Card title={<Trans>Coupons</Trans>}>
      {snapshot.matches('loading') ? (
        <Text role="status" tone="muted">
          <Trans>Loading coupons…</Trans>
        </Text>
      ) : snapshot.matches('loadFailed') ? (
        <Alert onRetry={() => send({ type: 'user.retry' })}>
          <Trans>We could not load the coupons.</Trans>
        </Alert>
      ) : snapshot.matches('redeemed') ? (
        <>
          <Alert tone="success">
            <Trans>
              Coupon <bdi>{redeemedName}</bdi> is redeemed. It applies starting with your next invoice.
            </Trans>
          </Alert>
          <div className={row}>
            <Button variant="outline" onClick={() => send({ type: 'user.redeemAnother' })}>
              <Trans>Redeem another coupon</Trans>
            </Button>
          </div>
        </>
      ) : (
        <CouponForm snapshot={snapshot} send={send} />
      )}
    </Card>
  );
}
