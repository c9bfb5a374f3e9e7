import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { Coupon } from '../../../contract/subscriptions';
import type {
  CouponRedemptionEvent,
  couponRedemptionMachine,
} from '../../../machines/couponRedemption/couponRedemption.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { formatDate, formatMoney } from '../../lib/format-money';
import { redemptionUnavailable, subscriptionMessageText } from './subscription-portal.messages';

export type CouponRedemptionViewProps = {
  snapshot: Pick<SnapshotFrom<typeof couponRedemptionMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: CouponRedemptionEvent) => void;
};

const muted = css({ color: 'fg.muted' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });

/** "20% off once", "$5.00 off every invoice", and when it expires. */
function CouponTerms({ coupon }: { coupon: Coupon }) {
  const { i18n } = useLingui();
  const percent = coupon.percentOff;
  const amount = formatMoney(coupon.amountOffCents ?? 0, coupon.currency, i18n.locale);
  const expiry = coupon.expiresAt ? formatDate(coupon.expiresAt, i18n.locale) : null;
  return (
    <span className={muted}>
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
    </span>
  );
}

function CouponForm({ snapshot, send }: CouponRedemptionViewProps) {
  const { t, i18n } = useLingui();
  const { coupons, chosenCouponId, typedCode, codeError, failureMessage } = snapshot.context;
  const redeeming = snapshot.matches('redeeming');
  return (
    <form
      noValidate
      className={css({ display: 'grid', gap: '4' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.redeem' });
      }}
    >
      {snapshot.matches('failed') ? (
        <Alert>{failureMessage ? subscriptionMessageText(i18n, failureMessage) : i18n._(redemptionUnavailable)}</Alert>
      ) : null}
      {coupons.length > 0 ? (
        <fieldset disabled={redeeming} className={css({ display: 'grid', gap: '2', border: 'none' })}>
          <legend className={css({ fontWeight: 'medium', marginBlockEnd: '2' })}>
            <Trans>Coupons you can redeem</Trans>
          </legend>
          {coupons.map((coupon) => (
            <label key={coupon.couponId} className={css({ display: 'flex', gap: '2', alignItems: 'baseline' })}>
              <input
                type="radio"
                name="coupon"
                value={coupon.couponId}
                checked={chosenCouponId === coupon.couponId && typedCode === ''}
                onChange={() => send({ type: 'user.chooseCoupon', couponId: coupon.couponId })}
                className={css({ accentColor: 'accent.default', width: '4', height: '4', flexShrink: 0 })}
              />
              <span className={css({ display: 'grid' })}>
                <span className={css({ fontWeight: 'medium' })}>{coupon.name}</span>
                <CouponTerms coupon={coupon} />
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={muted}>
          <Trans>There are no coupons for this subscription right now. If you have a code, enter it below.</Trans>
        </p>
      )}
      <div className={css({ maxWidth: '24rem' })}>
        <TextField
          label={coupons.length > 0 ? t`Or enter a coupon code` : t`Coupon code`}
          name="coupon-code"
          autoComplete="off"
          dir="ltr"
          value={typedCode}
          disabled={redeeming}
          errorText={codeError ? subscriptionMessageText(i18n, codeError) : undefined}
          onValueChange={(value) => send({ type: 'user.changeCode', value })}
        />
      </div>
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
    <section aria-labelledby="coupons-title" className={card}>
      <h2 id="coupons-title" className={cardTitle}>
        <Trans>Coupons</Trans>
      </h2>
      {snapshot.matches('loading') ? (
        <p role="status" className={muted}>
          <Trans>Loading coupons…</Trans>
        </p>
      ) : snapshot.matches('loadFailed') ? (
        <Alert>
          <span className={row}>
            <Trans>We could not load the coupons.</Trans>
            <Button variant="link" onClick={() => send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </span>
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
    </section>
  );
}
