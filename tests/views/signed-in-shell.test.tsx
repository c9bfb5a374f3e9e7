import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignedInShellView, type SignedInShellViewProps } from '../../src/features/shell/signed-in-shell.view';
import { aSubscription } from '../support/fixtures';
import { TestI18n } from '../support/i18n';
import '../support/resize-observer';

const teams = aSubscription({ referenceId: 'teams-1', productName: 'Bonding Teams', title: 'Teams, yearly' });
const families = aSubscription({
  referenceId: 'families-1',
  productName: 'Bonding Families',
  title: 'Families, monthly',
});

function renderShell(props: Partial<SignedInShellViewProps> = {}) {
  const handlers = { onNavigate: vi.fn(), onSignOut: vi.fn() };
  render(
    <TestI18n>
      <SignedInShellView
        productName="Bondline"
        email="owner@example.com"
        administeredSubscriptions={[]}
        showReports
        location={{ pathname: '/account', search: '' }}
        signingOut={false}
        {...handlers}
        {...props}
      >
        <h1>The page</h1>
      </SignedInShellView>
    </TestI18n>,
  );
  return handlers;
}

const navigation = () => within(screen.getByRole('navigation', { name: 'Main' }));
const linksOf = (scope: ReturnType<typeof navigation>) =>
  scope.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('signed-in shell', () => {
  it('has one banner with the product’s name and one main holding the page', () => {
    renderShell();
    expect(within(screen.getByRole('banner')).getByText('Bondline')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'The page' })).toBeVisible();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('starts with a skip link whose target is the main element, and moves the focus there', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    const target = document.getElementById(skip.getAttribute('href')?.slice(1) ?? '');
    expect(target).toBe(screen.getByRole('main'));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('links Account, Routers, Reports and adding a device for someone who administers nothing', () => {
    renderShell();
    expect(linksOf(navigation())).toEqual([
      ['Account', '/account'],
      ['Routers', '/routers'],
      ['Reports', '/reports'],
      ['Add a device', '/activate'],
    ]);
  });

  it('leaves Reports out while the reports page is switched off', () => {
    renderShell({ showReports: false });
    expect(navigation().queryByRole('link', { name: 'Reports' })).toBeNull();
  });

  it('links the one subscription the person administers, by product and plan', () => {
    renderShell({ administeredSubscriptions: [teams] });
    expect(navigation().getByRole('link', { name: 'Bonding Teams · Teams, yearly' })).toHaveAttribute(
      'href',
      '/subscription?referenceId=teams-1',
    );
    expect(navigation().queryByRole('button', { name: 'Subscriptions' })).toBeNull();
  });

  it('names a subscription by its product alone when its plan title says no more', () => {
    renderShell({ administeredSubscriptions: [{ ...teams, title: 'Bonding Teams' }] });
    expect(navigation().getByRole('link', { name: 'Bonding Teams' })).toBeVisible();
  });

  it('gathers several administered subscriptions in a menu that opens by keyboard', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderShell({ administeredSubscriptions: [teams, families] });
    const trigger = navigation().getByRole('button', { name: 'Subscriptions' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menuElement = await screen.findByRole('menu');
    await waitFor(() => expect(menuElement).toHaveFocus());
    const menu = within(menuElement);
    expect(menu.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Bonding Teams · Teams, yearly', '/subscription?referenceId=teams-1'],
      ['Bonding Families · Families, monthly', '/subscription?referenceId=families-1'],
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onNavigate).toHaveBeenLastCalledWith('/subscription?referenceId=families-1');
  });

  it('marks the page being shown with aria-current', () => {
    renderShell({
      administeredSubscriptions: [teams],
      location: { pathname: '/subscription', search: '?referenceId=teams-1' },
    });
    expect(navigation().getByRole('link', { name: 'Bonding Teams · Teams, yearly' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(navigation().getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
  });

  it('does not mark another subscription’s link current', () => {
    renderShell({
      administeredSubscriptions: [teams],
      location: { pathname: '/subscription', search: '?referenceId=other' },
    });
    expect(navigation().getByRole('link', { name: 'Bonding Teams · Teams, yearly' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('hands a plain click on a link to the router, and leaves a modified click to the browser', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderShell();
    await user.click(navigation().getByRole('link', { name: 'Routers' }));
    expect(onNavigate).toHaveBeenCalledWith('/routers');
    onNavigate.mockClear();
    const routers = navigation().getByRole('link', { name: 'Routers' });
    routers.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await user.keyboard('{Control>}');
    await user.click(routers);
    await user.keyboard('{/Control}');
    expect(onNavigate).not.toHaveBeenCalled();
  });

  describe('account menu', () => {
    async function openByKeyboard() {
      const user = userEvent.setup();
      const trigger = screen.getByRole('button', { name: 'Account menu' });
      trigger.focus();
      await user.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      // The menu takes the focus on the next frame; keys pressed before would go to the button.
      await waitFor(() => expect(menu).toHaveFocus());
      return { user, trigger, menu: within(menu) };
    }

    it('opens by keyboard and shows who is signed in', async () => {
      renderShell();
      expect(screen.queryByText('owner@example.com')).toBeNull();
      const { menu } = await openByKeyboard();
      expect(menu.getByText('owner@example.com')).toBeVisible();
      expect(menu.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
        'href',
        '/account#change-password',
      );
    });

    it('sends sign-out when "Sign out" is chosen', async () => {
      const { onSignOut } = renderShell();
      const { user, menu } = await openByKeyboard();
      await user.keyboard('{End}');
      expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('data-highlighted');
      await user.keyboard('{Enter}');
      expect(onSignOut).toHaveBeenCalledOnce();
    });

    it('goes to the change-password card when "Change password" is chosen', async () => {
      const { onNavigate } = renderShell();
      const { user } = await openByKeyboard();
      await user.keyboard('{Home}{Enter}');
      expect(onNavigate).toHaveBeenCalledWith('/account#change-password');
    });

    it('closes on Escape and gives the focus back to its button', async () => {
      renderShell();
      const { user, trigger } = await openByKeyboard();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(trigger).toHaveFocus();
    });

    it('cannot sign out twice while signing out', async () => {
      const { onSignOut } = renderShell({ signingOut: true });
      const { menu } = await openByKeyboard();
      const signOut = menu.getByRole('menuitem', { name: 'Sign out' });
      expect(signOut).toHaveAttribute('aria-disabled', 'true');
      expect(signOut).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-busy', 'true');
      expect(onSignOut).not.toHaveBeenCalled();
    });
  });

  describe('menu button (a phone’s navigation)', () => {
    it('opens and closes the navigation, saying so with aria-expanded', async () => {
      const user = userEvent.setup();
      renderShell();
      const button = screen.getByRole('button', { name: 'Menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: 'Main' }).id);
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-state', 'open');
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('is keyboard complete: Escape in the navigation closes it and returns the focus to the button', async () => {
      const user = userEvent.setup();
      renderShell();
      const button = screen.getByRole('button', { name: 'Menu' });
      button.focus();
      await user.keyboard('{Enter}');
      await user.tab();
      expect(navigation().getByRole('link', { name: 'Account' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
    });

    it('folds again when another page is shown', async () => {
      const user = userEvent.setup();
      const props = {
        productName: 'Bondline',
        email: 'owner@example.com',
        administeredSubscriptions: [],
        showReports: true,
        signingOut: false,
        onNavigate: vi.fn(),
        onSignOut: vi.fn(),
        children: null,
      };
      const { rerender } = render(
        <TestI18n>
          <SignedInShellView {...props} location={{ pathname: '/account', search: '' }} />
        </TestI18n>,
      );
      const button = screen.getByRole('button', { name: 'Menu' });
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      rerender(
        <TestI18n>
          <SignedInShellView {...props} location={{ pathname: '/routers', search: '' }} />
        </TestI18n>,
      );
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes when a link is followed', async () => {
      const user = userEvent.setup();
      const { onNavigate } = renderShell();
      const button = screen.getByRole('button', { name: 'Menu' });
      await user.click(button);
      await user.click(navigation().getByRole('link', { name: 'Routers' }));
      expect(onNavigate).toHaveBeenCalledWith('/routers');
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
