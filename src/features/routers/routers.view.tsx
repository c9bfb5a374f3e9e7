import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Subscription } from '../../../contract/account';
import type { Router, RouterState, RouterVendor } from '../../../contract/routers';
import { css, cx } from '../../../styled-system/css';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { textLink } from '../../components/ui/link';
import { subscriptionStateLabels } from '../../lib/billing-labels';
import { formatDate } from '../../lib/format-money';

/** Where a router coupon is redeemed. */
export const routerCouponHref = '/redeem-router-coupon';

export type RouterPlan = Pick<Subscription, 'referenceId' | 'title' | 'state' | 'currentPeriodEndsAt'>;

export type RoutersViewProps = { onNavigate: Navigate } & (
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  /** `routerPlans`: the person's router subscriptions (by product name, spec section 9). */
  | {
      status: 'success';
      routers: Router[];
      routerPlans: RouterPlan[];
      /** The partner routers' success messages, rendered by the screen with each one's machine. */
      messages?: ReactNode;
    }
);

const muted = css({ color: 'fg.muted' });
const cell = css({ paddingBlock: '2', paddingInlineEnd: '4', textAlign: 'start', verticalAlign: 'top' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '6', width: '100%' });

/** The vendors' own names: brands, the same in every language. */
const vendorNames: Record<RouterVendor, string> = { miri: 'Miri', strata: 'Strata' };

const routerStateLabels: Record<RouterState, MessageDescriptor> = {
  setup: msg({ message: 'Setting up', context: 'router state' }),
  online: msg({ message: 'Online', context: 'router state' }),
  offline: msg({ message: 'Offline', context: 'router state' }),
};

const stateStyles: Record<RouterState, string> = {
  setup: css({ color: 'fg.muted', fontWeight: 'medium' }),
  online: css({ color: 'success.default', fontWeight: 'medium' }),
  offline: css({ color: 'danger.default', fontWeight: 'medium' }),
};

function RoutersTable({ routers }: { routers: Router[] }) {
  const { i18n } = useLingui();
  const lastActive = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ width: '100%', borderCollapse: 'collapse' })}>
        <thead className={muted}>
          <tr>
            <th scope="col" className={cell}>
              <Trans>Router</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Vendor</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans context="router state">Status</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Last active</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Subscription</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Team</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {routers.map((router) => (
            <tr key={router.routerId} className={css({ borderBlockStartWidth: '1px', borderColor: 'border' })}>
              <th scope="row" className={cx(cell, css({ fontWeight: 'medium' }))}>
                <bdi>{router.name}</bdi>
                {router.isOwner ? null : (
                  <span className={cx(muted, css({ display: 'block', fontWeight: 'normal', fontSize: 'sm' }))}>
                    <Trans>Lent to your team</Trans>
                  </span>
                )}
              </th>
              <td className={cell}>{vendorNames[router.vendor]}</td>
              <td className={cx(cell, stateStyles[router.state])}>{i18n._(routerStateLabels[router.state])}</td>
              <td className={cell}>
                <time dateTime={router.lastActiveTime}>{lastActive.format(new Date(router.lastActiveTime))}</time>
              </td>
              <td className={cell}>
                {router.subscription ? (
                  <>
                    <bdi>{router.subscription.productName}</bdi>
                    {router.subscription.state === 'active' ? null : (
                      <span className={cx(muted, css({ display: 'block', fontSize: 'sm' }))}>
                        {i18n._(subscriptionStateLabels[router.subscription.state])}
                      </span>
                    )}
                  </>
                ) : (
                  <span className={muted}>
                    <Trans>No subscription</Trans>
                  </span>
                )}
              </td>
              <td className={cell}>
                {router.team ? (
                  <bdi>{router.team.name}</bdi>
                ) : (
                  <span className={muted}>
                    <Trans>Not shared</Trans>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RouterPlans({ plans, routers }: { plans: RouterPlan[]; routers: Router[] }) {
  const { i18n } = useLingui();
  if (plans.length === 0)
    return (
      <p className={muted}>
        <Trans>You have no router subscriptions yet. Redeem the coupon that came with your router to start one.</Trans>
      </p>
    );
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {plans.map((plan) => {
        const router = routers.find((candidate) => candidate.subscription?.referenceId === plan.referenceId);
        const endsAt = plan.currentPeriodEndsAt ? formatDate(plan.currentPeriodEndsAt, i18n.locale) : null;
        return (
          <li key={plan.referenceId} className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
            <span className={css({ fontWeight: 'medium' })}>
              <bdi>{plan.title}</bdi> · {i18n._(subscriptionStateLabels[plan.state])}
            </span>
            <span className={muted}>
              {router ? (
                <Trans>
                  Used by <bdi>{router.name}</bdi>
                </Trans>
              ) : (
                <Trans>Not used by a router yet</Trans>
              )}
              {endsAt ? (
                <>
                  {' · '}
                  <Trans>Until {endsAt}</Trans>
                </>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** `/routers`: the routers of the person and of their teams, and their router subscriptions. */
export function RoutersView(props: RoutersViewProps) {
  return (
    <div className={stack}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        <Trans>Routers</Trans>
      </h1>
      {props.status === 'pending' ? (
        <p role="status" className={muted}>
          <Trans>Loading your routers…</Trans>
        </p>
      ) : props.status === 'error' ? (
        <Alert>
          <p>
            <Trans>We could not load your routers.</Trans>
          </p>
          <Button variant="link" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : (
        <>
          <section aria-labelledby="routers-title" className={card}>
            <h2 id="routers-title" className={cardTitle}>
              <Trans>Your routers</Trans>
            </h2>
            {props.messages}
            {props.routers.length === 0 ? (
              <p className={muted}>
                <Trans>No routers yet. A router appears here once it is set up with your account.</Trans>
              </p>
            ) : (
              <RoutersTable routers={props.routers} />
            )}
          </section>
          <section aria-labelledby="router-plans-title" className={card}>
            <h2 id="router-plans-title" className={cardTitle}>
              <Trans>Router subscriptions</Trans>
            </h2>
            <RouterPlans plans={props.routerPlans} routers={props.routers} />
            <p>
              <InternalLink href={routerCouponHref} onNavigate={props.onNavigate} className={textLink}>
                <Trans>Redeem a router coupon</Trans>
              </InternalLink>
            </p>
          </section>
        </>
      )}
    </div>
  );
}
