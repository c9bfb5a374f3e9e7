import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { Subscription } from '../../../contract/account';
import { css, cx } from '../../../styled-system/css';
import { flex, hstack, stack } from '../../../styled-system/patterns';
import { BrandLogo } from '../../components/brand-logo';
import { InternalLink, isCurrentPage, type Navigate } from '../../components/internal-link';
import { mainContentId, PageMain } from '../../components/page-main';
import { Button, buttonLook } from '../../components/ui/button';
import { pageLinks } from '../../lib/page-links';
import { AccountMenu } from './account-menu';
import { type SubscriptionNavItem, SubscriptionsMenu } from './subscriptions-menu';

export type SignedInShellViewProps = {
  productName: string;
  email: string;
  /** The subscriptions this person administers (owner, or admin of its team): the route decides. */
  administeredSubscriptions: readonly Pick<Subscription, 'referenceId' | 'productName' | 'title'>[];
  showReports: boolean;
  location: { pathname: string; search: string };
  signingOut: boolean;
  onNavigate: Navigate;
  onSignOut: () => void;
  /** The page, placed in <main>. */
  children: ReactNode;
};

const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minHeight: '10',
  paddingInline: '2.5',
  borderRadius: 'l1',
  color: 'fg.muted',
  fontWeight: 'medium',
  textDecoration: 'none',
  cursor: 'pointer',
  borderBlockEndWidth: '2px',
  borderColor: 'transparent',
  _hover: { color: 'fg.default', bg: 'surface' },
  '&[aria-current=page], &[data-current]': { color: 'fg.default', borderColor: 'accent.default' },
});

// The solid button's look, out of sight above the banner until it has the focus.
const skipLink = cx(
  buttonLook(),
  css({
    position: 'absolute',
    insetBlockStart: '2',
    insetInlineStart: '2',
    zIndex: 40,
    transform: 'translateY(-200%)',
    _focus: { transform: 'none' },
  }),
);

/**
 * The frame of every signed-in page: a skip link, the banner with the product, the navigation to
 * what this person may open and their account menu, then the page in <main>. On a phone the
 * navigation folds behind a "Menu" button (a disclosure: Escape closes it and returns the focus).
 */
export function SignedInShellView({
  productName,
  email,
  administeredSubscriptions,
  showReports,
  location,
  signingOut,
  onNavigate,
  onSignOut,
  children,
}: SignedInShellViewProps) {
  const { t } = useLingui();
  const mainRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navigationId = useId();
  // Open on the page where it was opened: going to another page (by any link) folds it again.
  const page = `${location.pathname}${location.search}`;
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const navigationOpen = openOnPage === page;
  const setNavigationOpen = (open: boolean) => setOpenOnPage(open ? page : null);

  const navigate: Navigate = (href) => {
    setNavigationOpen(false);
    onNavigate(href);
  };
  const closeNavigationOnEscape = (event: KeyboardEvent) => {
    // Escape inside an open menu closes that menu only.
    const inMenu = event.target instanceof Element && event.target.closest('[role="menu"]') !== null;
    if (event.key !== 'Escape' || !navigationOpen || inMenu) return;
    setNavigationOpen(false);
    menuButtonRef.current?.focus();
  };
  const current = (href: string) => (isCurrentPage(href, location) ? ('page' as const) : undefined);
  const subscriptionItems: SubscriptionNavItem[] = administeredSubscriptions.map(
    ({ referenceId, productName: product, title: plan }) => {
      const href = pageLinks.subscription(referenceId);
      const label = plan && plan !== product ? t`${product} · ${plan}` : product;
      return { referenceId, href, label, current: isCurrentPage(href, location) };
    },
  );
  const [onlySubscription] = subscriptionItems;

  return (
    <>
      <a
        href={`#${mainContentId}`}
        className={skipLink}
        onClick={(event) => {
          // Focus rather than follow: a changed URL hash would make the router navigate.
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        <Trans>Skip to main content</Trans>
      </a>
      <header
        className={css({ position: 'relative', borderBlockEndWidth: '1px', borderColor: 'border', bg: 'canvas' })}
      >
        <div
          className={hstack({
            gap: '3',
            maxWidth: '60rem',
            marginInline: 'auto',
            paddingInline: '4',
            paddingBlock: '2',
          })}
        >
          <span className={hstack({ gap: '2', fontWeight: 'bold' })}>
            {/* The name is written beside it; the mark alone would be read twice. */}
            <span aria-hidden="true" className={flex()}>
              <BrandLogo />
            </span>
            {productName}
          </span>
          <Button
            ref={menuButtonRef}
            variant="outline"
            aria-expanded={navigationOpen}
            aria-controls={navigationId}
            onClick={() => setNavigationOpen(!navigationOpen)}
            onKeyDown={closeNavigationOnEscape}
            // Only on a phone, at the banner's end: from md on the navigation is in the banner.
            className={css({ display: { base: 'inline-flex', md: 'none' }, marginInlineStart: 'auto' })}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
              <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
            </svg>
            <Trans>Menu</Trans>
          </Button>
          <nav
            id={navigationId}
            aria-label={t`Main`}
            data-state={navigationOpen ? 'open' : 'closed'}
            onKeyDown={closeNavigationOnEscape}
            className={css({
              // On a phone: a panel under the banner while open. From md on: inline in the banner.
              display: 'none',
              position: 'absolute',
              insetInline: '0',
              insetBlockStart: '100%',
              zIndex: 20,
              bg: 'canvas',
              borderBlockEndWidth: '1px',
              borderColor: 'border',
              paddingInline: '4',
              paddingBlock: '2',
              '&[data-state=open]': { display: 'block' },
              md: {
                display: 'block',
                position: 'static',
                borderBlockEndWidth: '0',
                paddingInline: '0',
                paddingBlock: '0',
                marginInlineStart: '4',
                flex: '1',
              },
            })}
          >
            <ul
              className={stack({
                direction: { base: 'column', md: 'row' },
                align: { base: 'stretch', md: 'center' },
                gap: '1',
                flexWrap: 'wrap',
                listStyle: 'none',
              })}
            >
              <li>
                <InternalLink
                  href={pageLinks.account}
                  aria-current={current(pageLinks.account)}
                  onNavigate={navigate}
                  className={navLink}
                >
                  <Trans>Account</Trans>
                </InternalLink>
              </li>
              {onlySubscription && subscriptionItems.length === 1 ? (
                <li>
                  <InternalLink
                    href={onlySubscription.href}
                    aria-current={onlySubscription.current ? 'page' : undefined}
                    onNavigate={navigate}
                    className={navLink}
                  >
                    {onlySubscription.label}
                  </InternalLink>
                </li>
              ) : null}
              {subscriptionItems.length > 1 ? (
                <li>
                  <SubscriptionsMenu items={subscriptionItems} onNavigate={navigate} triggerClassName={navLink} />
                </li>
              ) : null}
              <li>
                <InternalLink
                  href={pageLinks.routers}
                  aria-current={current(pageLinks.routers)}
                  onNavigate={navigate}
                  className={navLink}
                >
                  <Trans>Routers</Trans>
                </InternalLink>
              </li>
              {showReports ? (
                <li>
                  <InternalLink
                    href={pageLinks.reports}
                    aria-current={current(pageLinks.reports)}
                    onNavigate={navigate}
                    className={navLink}
                  >
                    <Trans>Reports</Trans>
                  </InternalLink>
                </li>
              ) : null}
              <li>
                <InternalLink
                  href={pageLinks.activate}
                  aria-current={current(pageLinks.activate)}
                  onNavigate={navigate}
                  className={navLink}
                >
                  <Trans>Add a device</Trans>
                </InternalLink>
              </li>
            </ul>
          </nav>
          {/* At the banner's end: after the menu button on a phone, after the growing navigation from md on. */}
          <span>
            <AccountMenu email={email} signingOut={signingOut} onNavigate={onNavigate} onSignOut={onSignOut} />
          </span>
        </div>
      </header>
      <PageMain ref={mainRef}>{children}</PageMain>
    </>
  );
}
