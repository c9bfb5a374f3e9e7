import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import { upgradeTargetFor } from '../../app/guards';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser, requireOwner } from '../../app/route-checks';
import { UpgradeScreen } from '../../features/upgrade/upgrade.screen';
import { accountUserQuery } from '../../lib/queries';

const title = msg`Upgrade`;

/**
 * The marketing upgrade push (LegacyUpgradePortalShortcut): finds the subscription to upgrade from
 * the optional currentPlan, and opens the upgrade portal for it.
 */
export const Route = createFileRoute('/_signedIn/account/upgrade')({
  validateSearch: v.object({ currentPlan: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search }) => {
    refreshStaleUser(context, context.user);
    const account = await context.queryClient.ensureQueryData(accountUserQuery);
    const target = upgradeTargetFor(account.subscriptions, search.currentPlan);
    if (target.kind === 'dashboard') throw redirect({ to: '/account', replace: true });
    await requireOwner(context, target.kind === 'subscription' ? target.referenceId : undefined);
    return { upgradeTarget: target };
  },
  head: () => titleHead(i18n._(title)),
  component: LegacyUpgradePortalShortcut,
});

function LegacyUpgradePortalShortcut() {
  const { upgradeTarget } = Route.useRouteContext();
  if (upgradeTarget.kind === 'subscription') return <UpgradeScreen referenceId={upgradeTarget.referenceId} />;
  return (
    <section className={css({ display: 'grid', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{i18n._(title)}</h1>
      <p role="status">{i18n._(msg`We could not find that plan among your subscriptions.`)}</p>
      <p>
        <Link to="/account" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
          <Trans>Back to your account</Trans>
        </Link>
      </p>
    </section>
  );
}
