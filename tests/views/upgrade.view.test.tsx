import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { UpgradeOption } from '../../contract/subscriptions';
import { type UpgradeEvent, type UpgradeInput, upgradeMachine } from '../../machines/upgrade/upgrade.machine';
import { UpgradeView } from '../../src/features/upgrade/upgrade.view';
import { upgradeInput } from '../machines/upgrade.cases';
import { anUpgradeOption, aOneTimeOption, aPreview } from '../support/billing-fixtures';
import { TestI18n } from '../support/i18n';

const today = new Date('2026-11-23T12:00:00.000Z');

function inputWith(options: UpgradeOption[], overrides: Partial<UpgradeInput['subscription']> = {}) {
  return {
    ...upgradeInput,
    subscription: { ...upgradeInput.subscription, ...overrides, upgradeOptions: options },
  };
}

function snapshotAfter(input: UpgradeInput, events: UpgradeEvent[] = []) {
  let [snapshot] = initialTransition(upgradeMachine, input);
  for (const event of events) [snapshot] = transition(upgradeMachine, snapshot, event);
  return snapshot;
}

function renderUpgrade(snapshot: ReturnType<typeof snapshotAfter>) {
  const send = vi.fn();
  render(
    <TestI18n>
      <UpgradeView
        snapshot={snapshot}
        send={send}
        today={today}
        dashboardLink={<a href="/account">Back to your account</a>}
        invoiceLink={(invoiceNumber) => <a href={`/billing/invoices/${invoiceNumber}`}>View invoice {invoiceNumber}</a>}
      />
    </TestI18n>,
  );
  return send;
}

const card = (title: string) => within(screen.getByRole('listitem', { name: title }));

describe('upgrade view', () => {
  it('shows each option with its cycle, price for the seats, monthly price and next billing date', () => {
    renderUpgrade(
      snapshotAfter(
        inputWith([
          anUpgradeOption(),
          anUpgradeOption({
            hash: 'offer-teams-3year',
            planCode: 'teams-3year',
            title: 'Teams, three years',
            priceCents: 35_999,
            durationMonths: 36,
          }),
          anUpgradeOption({
            hash: 'offer-families-monthly',
            planCode: 'families-monthly',
            productName: 'Bonding Families',
            title: 'Families, monthly',
            type: 'families',
            priceCents: 1_999,
            durationMonths: 1,
            maxSeats: 1,
          }),
        ]),
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade your subscription' })).toBeVisible();
    expect(screen.getByText('Your current plan: Teams, monthly')).toBeVisible();

    // Teams keep today's five seats: 5 × $149.99, spread over 12 months.
    const yearly = card('Teams, yearly');
    expect(yearly.getByText('Bonding Teams')).toBeVisible();
    expect(yearly.getByText('$749.95')).toBeVisible();
    expect(yearly.getByText('billed yearly · for 5 seats')).toBeVisible();
    expect(yearly.getByText('$62.50 a month')).toBeVisible();
    expect(yearly.getByText('Next billing date: November 23, 2027')).toBeVisible();

    const threeYears = card('Teams, three years');
    expect(threeYears.getByText('$1,799.95')).toBeVisible();
    expect(threeYears.getByText('billed every three years · for 5 seats')).toBeVisible();
    expect(threeYears.getByText('$50.00 a month')).toBeVisible();
    expect(threeYears.getByText('Next billing date: November 23, 2029')).toBeVisible();

    // A families plan is one, whatever the seats of today's plan.
    const families = card('Families, monthly');
    expect(families.getByText('$19.99')).toBeVisible();
    expect(families.getByText('billed monthly')).toBeVisible();
    expect(families.getByText('$19.99 a month')).toBeVisible();
    expect(families.getByText('Next billing date: December 23, 2026')).toBeVisible();
  });

  it('shows a one-time option billed once, with neither a monthly price nor a next billing date', () => {
    renderUpgrade(snapshotAfter(inputWith([aOneTimeOption()])));
    const lifetime = card('Router with lifetime service');
    expect(lifetime.getByText('$299.99')).toBeVisible();
    expect(lifetime.getByText('billed once')).toBeVisible();
    expect(lifetime.queryByText(/a month/)).toBeNull();
    expect(lifetime.queryByText(/Next billing date/)).toBeNull();
  });

  it('shows the Black Friday price with the regular one struck through, and says it in words', () => {
    const offer = anUpgradeOption({
      hash: 'offer-personal-yearly',
      planCode: 'personal-yearly',
      productName: 'Bonding Personal',
      title: 'Personal, yearly',
      type: 'others',
      priceCents: 8_999,
      discountPriceCents: 5_999,
      maxSeats: 1,
    });
    renderUpgrade(snapshotAfter(inputWith([offer], { blackfriday24Eligible: true, quantity: 1 })));
    const personal = card('Personal, yearly');
    expect(personal.getByText('Black Friday offer')).toBeVisible();
    expect(personal.getByText('Black Friday price $59.99 instead of $89.99')).toBeInTheDocument();
    const struck = personal.getByText('$89.99');
    expect(struck.tagName).toBe('S');
    expect(struck.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(personal.getByText('$5.00 a month')).toBeVisible();
  });

  it('shows no Black Friday price to a subscription that is not offered it', () => {
    const offer = anUpgradeOption({ title: 'Personal, yearly', priceCents: 8_999, discountPriceCents: 5_999 });
    renderUpgrade(snapshotAfter(inputWith([offer], { blackfriday24Eligible: false })));
    expect(screen.queryByText('Black Friday offer')).toBeNull();
    expect(screen.queryByText(/\$59\.99/)).toBeNull();
  });

  it('lets the seats of a chosen teams option change, and prices them', async () => {
    const snapshot = snapshotAfter(upgradeInput, [
      { type: 'user.chooseOption', hash: 'offer-teams-yearly' },
      { type: 'user.changeQuantity', value: '12' },
    ]);
    const send = renderUpgrade(snapshot);
    expect(screen.getByLabelText('Seats')).toHaveValue('12');
    expect(screen.getByText('From 1 to 500 seats')).toBeVisible();
    const yearly = card('Teams, yearly');
    expect(yearly.getByText('$1,799.88')).toBeVisible();
    expect(yearly.getByText('billed yearly · for 12 seats')).toBeVisible();
    expect(yearly.getByText('$149.99 a month')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'See the price' }));
    expect(send).toHaveBeenCalledWith({ type: 'user.preview' });
  });

  it('offers no seats field for a one-time option', () => {
    renderUpgrade(snapshotAfter(upgradeInput, [{ type: 'user.chooseOption', hash: 'offer-router-lifetime' }]));
    expect(screen.queryByLabelText('Seats')).toBeNull();
  });

  it('shows the preview line by line before the person confirms', () => {
    renderUpgrade(
      snapshotAfter(upgradeInput, [
        { type: 'user.chooseOption', hash: 'offer-teams-yearly' },
        { type: 'user.preview' },
        { type: 'xstate.done.actor.previewUpgrade', output: aPreview(), actorId: 'previewUpgrade' } as never,
      ]),
    );
    const preview = within(screen.getByRole('region', { name: 'What you pay today' }));
    expect(preview.getByRole('row', { name: 'Teams, yearly, 5 seats $749.95' })).toBeVisible();
    expect(preview.getByRole('row', { name: 'Credit for the unused time of Teams, monthly -$37.48' })).toBeVisible();
    expect(preview.getByRole('row', { name: 'Coupon: WELCOME10 -$71.25' })).toBeVisible();
    expect(preview.getByRole('row', { name: 'Total due today $641.22' })).toBeVisible();
    expect(preview.getByText('Next billing date: November 23, 2027')).toBeVisible();
  });

  it('says before confirming that upgrading a canceled subscription makes it renew again, and only then', () => {
    const previewed = (input: UpgradeInput) =>
      snapshotAfter(input, [
        { type: 'user.chooseOption', hash: 'offer-teams-yearly' },
        { type: 'user.preview' },
        { type: 'xstate.done.actor.previewUpgrade', output: aPreview(), actorId: 'previewUpgrade' } as never,
      ]);
    const renews = /^This subscription is canceled\. Upgrading takes the cancellation back/;
    renderUpgrade(previewed(inputWith([...upgradeInput.subscription.upgradeOptions], { state: 'canceled' })));
    const preview = within(screen.getByRole('region', { name: 'What you pay today' }));
    expect(preview.getByText(renews)).toBeVisible();
    expect(preview.getByRole('button', { name: 'Confirm upgrade' })).toBeEnabled();
    cleanup();
    renderUpgrade(previewed(upgradeInput));
    expect(screen.queryByText(renews)).toBeNull();
  });

  it('names the new plan as the current one once upgraded', () => {
    renderUpgrade(
      snapshotAfter(upgradeInput, [
        { type: 'user.chooseOption', hash: 'offer-teams-yearly' },
        { type: 'user.preview' },
        { type: 'xstate.done.actor.previewUpgrade', output: aPreview(), actorId: 'previewUpgrade' } as never,
        { type: 'user.confirm' },
        {
          type: 'xstate.done.actor.upgradeSubscription',
          output: { success: true, state: 'active', planCode: 'teams-yearly', quantity: 5, invoiceNumber: 1042 },
          actorId: 'upgradeSubscription',
        } as never,
      ]),
    );
    expect(screen.getByText('Your current plan: Teams, yearly')).toBeVisible();
    expect(screen.getByText('Your subscription is now Teams, yearly.')).toBeVisible();
    expect(screen.queryByText('Your current plan: Teams, monthly')).toBeNull();
  });

  it('says there is nothing to upgrade to, and leads back to the dashboard', () => {
    renderUpgrade(snapshotAfter(inputWith([])));
    expect(screen.getByText(/There is nothing to upgrade to/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
