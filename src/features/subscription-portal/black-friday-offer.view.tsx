import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Subscription } from '../../../contract/account';
import { pricePerPeriodCents, upgradeQuantity } from '../../../contract/pricing';
import type {
  BlackFridayOfferEvent,
  blackFridayOfferMachine,
} from '../../../machines/blackFridayOffer/blackFridayOffer.machine';
import { type Refusal, unexplained } from '../../../machines/support/refusal';
import { wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button, buttonLook } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { refusalText } from '../../lib/contract-messages';
import { formatMoney } from '../../lib/format/money';
import { choiceGroup } from '../../theme/recipes/choice-group';
import '../../lib/refusals/subscriptions';
import { delistUnavailable } from './subscription-portal.messages';

/** The lowest Black Friday price of an upgrade, at the quantity the upgrade page starts with. */
export type BlackFridayPrice = { priceCents: number; currency: string };

/** The best Black Friday price the subscription is offered; null when it is offered none. */
export function bestBlackFridayPriceOf(subscription: Subscription): BlackFridayPrice | null {
  if (!subscription.blackfriday24Eligible) return null;
  let best: BlackFridayPrice | null = null;
  for (const option of subscription.upgradeDetails.upgradeOptions) {
    if (option.discountPriceCents === null) continue;
    const priceCents = pricePerPeriodCents(option.discountPriceCents, upgradeQuantity(option, subscription.quantity));
    if (best === null || priceCents < best.priceCents) best = { priceCents, currency: option.currency };
  }
  return best;
}

export type BlackFridayOfferViewProps = {
  snapshot: Pick<SnapshotFrom<typeof blackFridayOfferMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: BlackFridayOfferEvent) => void;
  /** Null once the account no longer offers it (after the delisting). */
  price: BlackFridayPrice | null;
  referenceId: string;
  /** The portal's router link, so the view stays free of navigation. */
  renderLink: (link: { to: '/upgrade'; referenceId: string; className: string; children: ReactNode }) => ReactNode;
};

const row = wrap({ gap: '3', align: 'center' });
const question = choiceGroup();

function FailureAlert({ failure }: { failure: Refusal | null }) {
  const { i18n } = useLingui();
  return <Alert>{refusalText(i18n, failure ?? unexplained, { unavailable: delistUnavailable })}</Alert>;
}

/**
 * The owner's Black Friday offer: the best upgrade price it gives, the way to the upgrade page, and
 * a way to turn it down, confirmed inline because the server cannot list it again.
 */
export function BlackFridayOfferView({ snapshot, send, price, referenceId, renderLink }: BlackFridayOfferViewProps) {
  const { i18n } = useLingui();
  const amount = price ? formatMoney(price.priceCents, price.currency, i18n.locale) : null;
  const delisting = snapshot.matches('delisting');
  return (
    <Card title={<Trans>Black Friday offer</Trans>}>
      {snapshot.matches('delisted') ? (
        <p role="status">
          <Trans>The Black Friday offer is hidden. It will not be offered again for this subscription.</Trans>
        </p>
      ) : (
        <>
          {amount ? (
            <p>
              <Trans>Upgrade from {amount} with the Black Friday offer.</Trans>
            </p>
          ) : null}
          {snapshot.matches('failed') ? <FailureAlert failure={snapshot.context.failure} /> : null}
          {snapshot.matches('confirming') || delisting ? (
            <fieldset className={question.root}>
              <legend className={question.legend}>
                <Trans>Hide this offer? It will not be offered again for this subscription.</Trans>
              </legend>
              <div className={row}>
                <Button
                  autoFocus
                  disabled={delisting}
                  aria-busy={delisting}
                  onClick={() => send({ type: 'user.confirmDelist' })}
                >
                  {delisting ? <Trans>Hiding offer…</Trans> : <Trans>Hide offer</Trans>}
                </Button>
                <Button variant="outline" disabled={delisting} onClick={() => send({ type: 'user.keepOffer' })}>
                  <Trans>Keep offer</Trans>
                </Button>
              </div>
            </fieldset>
          ) : snapshot.matches('failed') ? (
            <div className={row}>
              <Button onClick={() => send({ type: 'user.retry' })}>
                <Trans>Try again</Trans>
              </Button>
              <Button variant="outline" onClick={() => send({ type: 'user.keepOffer' })}>
                <Trans>Keep offer</Trans>
              </Button>
            </div>
          ) : (
            <div className={row}>
              {renderLink({
                to: '/upgrade',
                referenceId,
                className: buttonLook(),
                children: <Trans>See the offer</Trans>,
              })}
              <Button variant="outline" onClick={() => send({ type: 'user.delist' })}>
                <Trans>No thanks</Trans>
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
