import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { billingCycleOf, monthlyPriceCents, nextBillingDate, pricePerPeriodCents } from '../../../contract/pricing';
import type { UpgradeOption } from '../../../contract/subscriptions';
import {
  chosenOptionOf,
  initialQuantityOf,
  isQuantityEditable,
  quantityErrorOf,
  type UpgradePricingContext,
  type UpgradePricingEvent,
  type upgradePricingMachine,
} from '../../../machines/upgradePricing/upgradePricing.machine';
import { css, cx } from '../../../styled-system/css';
import { InvoiceLinesTable } from '../../components/invoice-lines';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { billingCycleLabels } from '../../lib/billing-labels';
import { formatDate, formatMoney } from '../../lib/format-money';
import { failureText, subscriptionMessageText } from './upgrade.messages';

export type UpgradeViewProps = {
  snapshot: Pick<SnapshotFrom<typeof upgradePricingMachine>, 'context' | 'matches' | 'hasTag' | 'can'>;
  send: (event: UpgradePricingEvent) => void;
  /** The day the options' next billing dates count from. */
  today: Date;
  dashboardLink: ReactNode;
  invoiceLink: (invoiceNumber: number) => ReactNode;
};

const muted = css({ color: 'fg.muted' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });

/** The seats an option's prices are shown for: as typed on the chosen teams option, else its default. */
function shownQuantityOf(option: UpgradeOption, context: UpgradePricingContext): number {
  const typed = context.chosenHash === option.hash && quantityErrorOf(context.quantityText, option) === null;
  return typed ? Number(context.quantityText) : initialQuantityOf(option, context.subscription.quantity);
}

function OptionCard({
  option,
  context,
  chosen,
  canChoose,
  today,
  onChoose,
}: {
  option: UpgradeOption;
  context: UpgradePricingContext;
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
    <li
      aria-labelledby={titleId}
      className={cx(
        card,
        css({ borderWidth: '2px', borderColor: chosen ? 'accent.default' : 'border', justifyContent: 'space-between' }),
      )}
    >
      <div className={css({ display: 'grid', gap: '2' })}>
        <h2 id={titleId} className={cardTitle}>
          {title}
        </h2>
        <p className={muted}>{option.productName}</p>
        {discountPriceCents === null ? (
          <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{payable}</p>
        ) : (
          <>
            <p className={css({ fontWeight: 'semibold', color: 'accent.default' })}>
              <Trans>Black Friday offer</Trans>
            </p>
            <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
              <span className={css({ srOnly: true })}>
                <Trans>
                  Black Friday price {payable} instead of {regular}
                </Trans>
              </span>
              <span aria-hidden="true">
                <s className={css({ color: 'fg.muted', fontWeight: 'normal', marginInlineEnd: '2' })}>{regular}</s>
                {payable}
              </span>
            </p>
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
          <p className={muted}>
            <Trans>{monthly} a month</Trans>
          </p>
        )}
        {nextBilling === null ? null : (
          <p className={muted}>
            <Trans>Next billing date: {nextBilling}</Trans>
          </p>
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
        {chosen ? <Trans>Chosen</Trans> : <Trans>Choose</Trans>} <span className={css({ srOnly: true })}>{title}</span>
      </Button>
    </li>
  );
}

/** The upgrade screen: the options side by side, the server's preview, then the result. */
export function UpgradeView({ snapshot, send, today, dashboardLink, invoiceLink }: UpgradeViewProps) {
  const { t, i18n } = useLingui();
  const { context } = snapshot;
  const { subscription, preview, result, failure } = context;
  const currentTitle = subscription.title;
  const chosen = chosenOptionOf(context);
  const busy = snapshot.hasTag('busy');

  const heading = (
    <header className={css({ display: 'grid', gap: '1' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        <Trans>Upgrade your subscription</Trans>
      </h1>
      <p className={muted}>
        <Trans>Your current plan: {currentTitle}</Trans>
      </p>
    </header>
  );

  if (subscription.upgradeOptions.length === 0)
    return (
      <section className={css({ display: 'grid', gap: '4' })}>
        {heading}
        <p>
          <Trans>There is nothing to upgrade to: no other plan is offered for this subscription.</Trans>
        </p>
        <p>{dashboardLink}</p>
      </section>
    );

  if (snapshot.matches('done')) {
    const newTitle = chosen?.title ?? result?.planCode ?? '';
    const invoiceNumber = result?.invoiceNumber ?? null;
    return (
      <section className={css({ display: 'grid', gap: '4' })}>
        {heading}
        <Alert tone="success">
          <Trans>Your subscription is now {newTitle}.</Trans>
        </Alert>
        {invoiceNumber === null ? null : <p>{invoiceLink(invoiceNumber)}</p>}
        <p>{dashboardLink}</p>
      </section>
    );
  }

  const choosing = snapshot.matches('choosing');
  const canChoose = snapshot.can({ type: 'user.chooseOption', hash: '' });
  const quantityError = context.quantityError ? subscriptionMessageText(i18n, context.quantityError) : undefined;
  const maxSeats = chosen?.maxSeats ?? 1;
  const previewNextBilling = preview?.nextBillingDate ? formatDate(preview.nextBillingDate, i18n.locale) : null;

  return (
    <section className={css({ display: 'grid', gap: '6' })}>
      {heading}
      <ul
        aria-label={t`Upgrade options`}
        className={css({
          listStyle: 'none',
          display: 'grid',
          gap: '4',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
        })}
      >
        {subscription.upgradeOptions.map((option) => (
          <OptionCard
            key={option.hash}
            option={option}
            context={context}
            chosen={option.hash === context.chosenHash}
            canChoose={canChoose}
            today={today}
            onChoose={() => send({ type: 'user.chooseOption', hash: option.hash })}
          />
        ))}
      </ul>

      {choosing || snapshot.matches('previewing') ? (
        <form
          noValidate
          className={css({ display: 'grid', gap: '4', maxWidth: '24rem' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.preview' });
          }}
        >
          {chosen && isQuantityEditable(chosen) ? (
            <div className={css({ display: 'grid', gap: '1' })}>
              <TextField
                label={<Trans>Seats</Trans>}
                name="quantity"
                inputMode="numeric"
                value={context.quantityText}
                disabled={!snapshot.can({ type: 'user.changeQuantity', value: '' })}
                errorText={quantityError}
                onValueChange={(value) => send({ type: 'user.changeQuantity', value })}
              />
              <p className={cx(muted, css({ fontSize: 'sm' }))}>
                <Plural value={maxSeats} one="From 1 to # seat" other="From 1 to # seats" />
              </p>
            </div>
          ) : null}
          {chosen ? null : (
            <p className={muted}>
              <Trans>Choose a plan to see what the upgrade costs today.</Trans>
            </p>
          )}
          <Button
            type="submit"
            aria-busy={busy}
            disabled={!snapshot.can({ type: 'user.preview' })}
            className={css({ justifySelf: 'start' })}
          >
            {busy ? <Trans>Calculating the price…</Trans> : <Trans>See the price</Trans>}
          </Button>
        </form>
      ) : null}

      {failure ? (
        <div className={css({ display: 'grid', gap: '3' })}>
          <Alert>{failureText(i18n, failure)}</Alert>
          <div className={actions}>
            {snapshot.can({ type: 'user.startOver' }) ? (
              <Button onClick={() => send({ type: 'user.startOver' })}>
                <Trans>Start over</Trans>
              </Button>
            ) : null}
            {snapshot.can({ type: 'user.retry' }) ? (
              <Button onClick={() => send({ type: 'user.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            ) : null}
            {snapshot.matches('previewFailed') ? (
              <Button variant="outline" onClick={() => send({ type: 'user.changeChoice' })}>
                <Trans>Change my choice</Trans>
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {preview && !snapshot.matches('conflict') ? (
        <section aria-labelledby="upgrade-preview-title" className={cx(card, css({ maxWidth: '32rem' }))}>
          <h2 id="upgrade-preview-title" className={cardTitle}>
            <Trans>What you pay today</Trans>
          </h2>
          <InvoiceLinesTable
            caption={<Trans>The upgrade's price</Trans>}
            lines={preview.lines}
            currency={preview.currency}
            totalCents={preview.totalCents}
            totalLabel={<Trans>Total due today</Trans>}
          />
          {previewNextBilling === null ? null : (
            <p className={muted}>
              <Trans>Next billing date: {previewNextBilling}</Trans>
            </p>
          )}
          <div className={actions}>
            <Button
              aria-busy={busy}
              disabled={!snapshot.can({ type: 'user.confirm' })}
              onClick={() => send({ type: 'user.confirm' })}
            >
              {busy ? <Trans>Upgrading…</Trans> : <Trans>Confirm upgrade</Trans>}
            </Button>
            <Button
              variant="outline"
              disabled={!snapshot.can({ type: 'user.changeChoice' })}
              onClick={() => send({ type: 'user.changeChoice' })}
            >
              <Trans>Change my choice</Trans>
            </Button>
          </div>
        </section>
      ) : null}
    </section>
  );
}
