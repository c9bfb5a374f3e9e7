import { MenuContent, MenuItem, MenuPositioner, MenuRoot, MenuTrigger } from '@ark-ui/react/menu';
import { Trans } from '@lingui/react/macro';
import { clickLinkItem, InternalLink, type Navigate } from '../../components/internal-link';
import { menu } from '../../theme/recipes/menu';

const menuStyles = menu();

export type SubscriptionNavItem = { referenceId: string; href: string; label: string; current: boolean };

/** Several administered subscriptions: one entry in the navigation that opens the list. */
export function SubscriptionsMenu({
  items,
  onNavigate,
  triggerClassName,
}: {
  items: readonly SubscriptionNavItem[];
  onNavigate: Navigate;
  triggerClassName: string;
}) {
  const onOneOfThem = items.some((item) => item.current);
  return (
    <MenuRoot lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }} navigate={clickLinkItem}>
      <MenuTrigger className={triggerClassName} data-current={onOneOfThem || undefined}>
        <Trans>Subscriptions</Trans>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
          <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.75" fill="none" strokeLinecap="round" />
        </svg>
      </MenuTrigger>
      <MenuPositioner>
        <MenuContent className={menuStyles.content}>
          {items.map((item) => (
            <MenuItem key={item.referenceId} value={item.referenceId} asChild>
              <InternalLink
                href={item.href}
                onNavigate={onNavigate}
                aria-current={item.current ? 'page' : undefined}
                className={menuStyles.item}
              >
                {item.label}
              </InternalLink>
            </MenuItem>
          ))}
        </MenuContent>
      </MenuPositioner>
    </MenuRoot>
  );
}
