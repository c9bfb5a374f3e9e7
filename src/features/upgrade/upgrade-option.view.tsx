import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { billingCycleOf, monthlyPriceCents, nextBillingDate, pricePerPeriodCents } from '../../../contract/pricing';
import type { UpgradeOption } from '../../../contract/subscriptions';
import {
  initialQuantityOf,
  isQuantityEditable,
  quantityErrorOf,
  type UpgradeContext,
} from '../../../machines/upgrade/upgrade.machine';
import { css, cx } from '../../../styled-system/css';
import { stack, visuallyHidden, wrap } from '../../../styled-system/patterns';
import { Button } from '../../components/ui/button';
import { Heading, Text } from '../../components/ui/text';
import { billingCycleLabels } from '../../lib/billing-labels';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { card } from '../../theme/recipes/card';
import { text } from '../../theme/recipes/text';

/**
 * An option is a card of a list, its "Choose" button at the foot however long the others are; the
 * chosen one is ringed in the accent colour (an outline, so the card keeps its size).
 */
const optionFrame = css({
  justifyContent: 'space-between',
  _selected: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.default', outlineOffset: '-1px' },
});

/** The seats an option's prices are shown for: as typed on the chosen teams option, else its default. */
function shownQuantityOf(option: UpgradeOption, context: UpgradeContext): number {
  const typed = context.chosenHash === option.hash && quantityErrorOf(context.quantityText, option) === null;
  return typed ? Number(context.quantityText) : initialQuantityOf(option, context.subscription.quantity);
}

/** One plan to upgrade to: its price for the seats shown, a month's share of it, the next billing date. */
export function UpgradeOptionCard({
  option,
  context,
  chosen,
  canChoose,
  today,
  onChoose,
}: {
  option: UpgradeOption;
  context: UpgradeContext;
  chosen: boolean;
  canChoose: boolean;
  today: Date;
  onChoose: () => void;
}) {
  const { i18n } = useLingui();
  const money = (cents: number) => formatMoney(cents, option.currency, i18n.locale);
  const quantity = shownQuantityOf(option, context);
  const discountPriceCents = context.subscription.blackfriday24Eligible ? option.discountPriceCents : null;
  const regular = money(pricePerPeriodCents(option.priceCents, quantity));
  const payableCents = pricePerPeriodCents(discountPriceCents ?? option.priceCents, quantity);
  const payable = money(payableCents);
  const monthlyCents = monthlyPriceCents(payableCents, option.durationMonths);
  const monthly = monthlyCents === null ? null : money(monthlyCents);
  const cycle = billingCycleOf(option);
  const nextBilling =
    cycle === 'once' ? null : formatDate(nextBillingDate(today, option.durationMonths).toISOString(), i18n.locale);
  const titleId = `upgrade-option-${option.hash}`;
  const title = option.title;

  return (
    <li aria-labelledby={titleId} data-selected={chosen ? '' : undefined} className={cx(card().root, optionFrame)}>
      <div className={stack({ gap: '2' })}>
        <Heading as="h2" id={titleId}>
          {title}
        </Heading>
        <Text tone="muted">{option.productName}</Text>
        {discountPriceCents === null ? (
          <Text size="xl" weight="bold">
            {payable}
          </Text>
        ) : (
          <>
            <Text tone="accent" weight="semibold">
              <Trans>Black Friday offer</Trans>
            </Text>
            <Text size="xl" weight="bold">
              <span className={visuallyHidden()}>
                <Trans>
                  Black Friday price {payable} instead of {regular}
                </Trans>
              </span>
              <span aria-hidden="true" className={wrap({ columnGap: '2', align: 'baseline' })}>
                <s className={text({ tone: 'muted', weight: 'normal' })}>{regular}</s>
                {payable}
              </span>
            </Text>
          </>
        )}
        <p>
          {i18n._(billingCycleLabels[cycle])}
          {isQuantityEditable(option) ? (
            <>
              {' · '}
              <Plural value={quantity} one="for # seat" other="for # seats" />
            </>
          ) : null}
        </p>
        {monthly === null ? null : (
          <Text tone="muted">
            <Trans>{monthly} a month</Trans>
          </Text>
        )}
        {nextBilling === null ? null : (
          <Text tone="muted">
            <Trans>Next billing date: {nextBilling}</Trans>
          </Text>
        )}
      </div>
      <Button
        variant={chosen ? 'solid' : 'outline'}
        aria-pressed={chosen}
        disabled={!canChoose}
        onClick={() => {
          // Choosing the chosen plan again would only reset its seats.
          if (!chosen) onChoose();
        }}
      >
        {chosen ? <Trans>Chosen</Trans> : <Trans>Choose</Trans>} <span className={visuallyHidden()}>{title}</span>
      </Button>
    </li>
  );
}
