import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { Pricing } from '../../contract/subscriptions';
import { planPricesOf } from '../../src/features/upgrade/plan-prices';
import { type PlanPricesProps, PlansAndPricesView } from '../../src/features/upgrade/plans-and-prices.view';
import { expectNoAxeViolations } from '../support/axe';

/** GET /api/pricing as the server answers it (server/data/plans.json), read with the contract's schema. */
const pricing = v.parse(Pricing, {
  'personal-monthly': 9.99,
  'personal-yearly': 89.99,
  'personal-yearly.blackfriday24': 59.99,
  'teams-3year': 359.99,
  'dedicated-server-monthly': 49,
  'router-lifetime': 249,
  'satellite-monthly': 5,
});

function renderPlans(prices: PlanPricesProps, locale = 'en') {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } });
  return render(
    <I18nProvider i18n={i18n}>
      <PlansAndPricesView prices={prices} dashboardLink={<a href="/account">Back to your account</a>} />
    </I18nProvider>,
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the plans and prices of the marketing upgrade route', () => {
  it('says the plan is not among the person’s subscriptions and lists every plan with its billing and price', () => {
    renderPlans({ status: 'success', plans: planPricesOf(pricing) });
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('We could not find that plan among your subscriptions.');
    const plans = within(screen.getByRole('region', { name: 'Plans and prices' }));
    // The Black Friday price is an offer to an eligible subscription, not a plan of the list.
    expect(rowsOf(plans.getByRole('table', { name: 'Prices of every plan' }))).toEqual([
      'PlanBillingPrice',
      'Personalbilled monthly$9.99',
      'Personalbilled yearly$89.99',
      'Teamsbilled every three years$359.99',
      'Dedicated serverbilled monthly$49.00',
      'Routerbilled once$249.00',
      'satellite-monthlybilled monthly$5.00',
    ]);
    expect(plans.getByRole('rowheader', { name: 'Teams' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/account');
  });

  it('writes the prices as the reader writes money', () => {
    renderPlans({ status: 'success', plans: planPricesOf(v.parse(Pricing, { 'teams-3year': 359.99 })) }, 'de');
    expect(screen.getByRole('cell', { name: /359,99/ })).toHaveTextContent('359,99 $');
  });

  it('says the plans are loading, and offers to try again when they could not be read', async () => {
    const { unmount } = renderPlans({ status: 'pending' });
    expect(screen.getByText('Loading the plans…')).toHaveAttribute('role', 'status');
    unmount();
    const onRetry = vi.fn();
    renderPlans({ status: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the plans and their prices.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('passes axe', async () => {
    const { container } = renderPlans({ status: 'success', plans: planPricesOf(pricing) });
    await expectNoAxeViolations(container);
  });
});
