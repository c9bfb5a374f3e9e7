import { Trans } from '@lingui/react/macro';
import type { AccountUser } from '../../../contract/account';
import { grid, stack } from '../../../styled-system/patterns';
import type { Navigate } from '../../components/internal-link';
import { Card } from '../../components/ui/card';
import { Heading, Text } from '../../components/ui/text';
import { textLink } from '../../theme/recipes/link';
import { subscriptionCardOf } from './subscription-card';
import { SubscriptionCardView } from './subscription-card.view';

/** The person's subscriptions, a card each; or, with none yet, the way to the order site. */
export function SubscriptionsView({
  account,
  orderSiteUrl,
  onNavigate,
}: {
  account: AccountUser;
  orderSiteUrl: string;
  onNavigate: Navigate;
}) {
  return (
    <section aria-labelledby="subscriptions-title" className={stack({ gap: '3' })}>
      <Heading as="h2" level="group" id="subscriptions-title">
        <Trans>Subscriptions</Trans>
      </Heading>
      {account.subscriptions.length === 0 ? (
        <Card>
          <p>
            <Trans>You have no subscription yet.</Trans>
          </p>
          <Text tone="muted">
            <Trans>Choose a plan on our order site. Once it is paid for, it shows here.</Trans>
          </Text>
          <p>
            <a href={orderSiteUrl} className={textLink}>
              <Trans>See the plans</Trans>
            </a>
          </p>
        </Card>
      ) : (
        <ul className={grid({ columns: { base: 1, md: 2 }, gap: '4' })}>
          {account.subscriptions.map((subscription) => (
            // A grid of its own, so the card fills the row's height.
            <li key={subscription.referenceId} className={grid()}>
              <SubscriptionCardView
                subscriptionCard={subscriptionCardOf(account, subscription)}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
