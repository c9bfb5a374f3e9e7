import { ErrorCode } from '../../contract/errors';
import { SubscriptionMessage } from '../../contract/subscriptions';
import type { blackFridayOfferMachine } from '../../machines/blackFridayOffer/blackFridayOffer.machine';
import { BlackFridayOfferView } from '../../src/features/subscription-portal/black-friday-offer.view';
import type { PortalLink } from '../../src/features/subscription-portal/subscription-portal.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const price = { priceCents: 4_999, currency: 'USD' };

export function renderLink({ to, referenceId, className, children }: PortalLink) {
  return (
    <a href={`${to}?referenceId=${referenceId}`} className={className}>
      {children}
    </a>
  );
}

/** Sample events for generating the Black Friday offer machine's paths. */
const blackFridayOfferCases = {
  'xstate.done.actor.delistOffer': [
    { type: 'xstate.done.actor.delistOffer', output: undefined, actorId: 'delistOffer' },
  ],
  'xstate.error.actor.delistOffer': [
    {
      type: 'xstate.error.actor.delistOffer',
      error: refused(ErrorCode.subscriptionRefused, SubscriptionMessage.blackFridayNotOffered),
      actorId: 'delistOffer',
    },
    { type: 'xstate.error.actor.delistOffer', error: new Error('network down'), actorId: 'delistOffer' },
  ],
} as const;

/** What the blackFridayOffer machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const blackFridayOfferModel: FlowModel<typeof blackFridayOfferMachine> = {
  cases: blackFridayOfferCases,
  // What the person can tell apart: the state, and whether a refusal came with the server's message.
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.matches('failed') ? Boolean(snapshot.context.failure?.message) : null]),
  render: (snapshot, send) => (
    <BlackFridayOfferView snapshot={snapshot} send={send} price={price} referenceId="teams-1" renderLink={renderLink} />
  ),
};
