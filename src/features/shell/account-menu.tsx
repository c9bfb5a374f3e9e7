import {
  MenuContent,
  MenuItem,
  MenuItemGroup,
  MenuItemGroupLabel,
  MenuPositioner,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '@ark-ui/react/menu';
import { Trans } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { clickLinkItem, InternalLink, type Navigate } from '../../components/internal-link';
import { pageLinks } from '../../lib/page-links';
import { menu } from '../../theme/recipes/menu';
import { text } from '../../theme/recipes/text';

const menuStyles = menu();

type AccountMenuProps = {
  email: string;
  signingOut: boolean;
  onNavigate: Navigate;
  onSignOut: () => void;
};

/** Who is signed in, and what concerns the person rather than a page: their password, signing out. */
export function AccountMenu({ email, signingOut, onNavigate, onSignOut }: AccountMenuProps) {
  return (
    <MenuRoot
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
      navigate={clickLinkItem}
      onSelect={({ value }) => {
        if (value === 'sign-out') onSignOut();
      }}
    >
      <MenuTrigger
        // Signing out shows where it was asked for: the menu has closed by then.
        aria-busy={signingOut}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: '10',
          height: '10',
          flexShrink: 0,
          borderRadius: 'full',
          bg: 'accent.subtle',
          color: 'fg.default',
          fontWeight: 'semibold',
          cursor: 'pointer',
          borderWidth: '1px',
          borderColor: 'border',
          _hover: { borderColor: 'accent.default' },
          _expanded: { borderColor: 'accent.default' },
          '&[aria-busy=true]': { cursor: 'progress', opacity: 0.7 },
        })}
      >
        <span aria-hidden="true">{email.slice(0, 1).toUpperCase()}</span>
        <span className={visuallyHidden()}>
          <Trans>Account menu</Trans>
        </span>
      </MenuTrigger>
      <MenuPositioner>
        <MenuContent className={menuStyles.content}>
          <MenuItemGroup>
            <MenuItemGroupLabel className={menuStyles.itemGroupLabel}>
              <Trans>
                Signed in as{' '}
                <bdi className={text({ tone: 'default', weight: 'medium' })} dir="ltr">
                  {email}
                </bdi>
              </Trans>
            </MenuItemGroupLabel>
            <MenuSeparator className={menuStyles.separator} />
            <MenuItem value="change-password" asChild>
              <InternalLink href={pageLinks.changePassword} onNavigate={onNavigate} className={menuStyles.item}>
                <Trans>Change password</Trans>
              </InternalLink>
            </MenuItem>
            <MenuItem value="sessions" asChild>
              <InternalLink href={pageLinks.sessions} onNavigate={onNavigate} className={menuStyles.item}>
                <Trans>Your sessions</Trans>
              </InternalLink>
            </MenuItem>
            <MenuItem value="sign-out" disabled={signingOut} aria-busy={signingOut} className={menuStyles.item}>
              <Trans>Sign out</Trans>
            </MenuItem>
          </MenuItemGroup>
        </MenuContent>
      </MenuPositioner>
    </MenuRoot>
  );
}
