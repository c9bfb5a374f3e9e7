import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandLogo } from '../../src/components/brand-logo';
import { Footer } from '../../src/components/footer';
import { config, flags } from '../../src/lib/config';
import { TestI18n } from '../support/i18n';

async function renderFooter() {
  const router = createRouter({
    routeTree: createRootRoute({ component: Footer }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <TestI18n>
      <RouterProvider router={router} />
    </TestI18n>,
  );
  return within(await screen.findByRole('contentinfo'));
}

function stubSystemColourScheme(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: dark, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

const mutableFlags = flags as { -readonly [Flag in keyof typeof flags]: boolean };

beforeEach(() => {
  stubSystemColourScheme(false);
});
afterEach(() => {
  mutableFlags.enableReportsPage = true;
  mutableFlags.enableThemeChooser = false;
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie
  document.cookie = 'colorMode=; Max-Age=0; Path=/';
  document.documentElement.className = '';
});

describe('footer', () => {
  it('links reports, status, privacy policy, terms of service and the follow-us channels', async () => {
    const footer = await renderFooter();
    const nav = within(footer.getByRole('navigation', { name: 'Footer' }));
    expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(nav.getByRole('link', { name: 'Status' })).toHaveAttribute('href', config.statusPageUrl);
    expect(nav.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', config.privacyPolicyUrl);
    expect(nav.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', config.termsOfServiceUrl);
    for (const channel of config.followUs) {
      expect(footer.getByRole('link', { name: channel.name })).toHaveAttribute('href', channel.url);
    }
  });

  it('leaves out reports while the reports page is switched off', async () => {
    mutableFlags.enableReportsPage = false;
    const footer = await renderFooter();
    expect(footer.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(footer.getByRole('link', { name: 'Status' })).toBeVisible();
  });

  it('offers no colour mode switch while the theme chooser is switched off, as the spec ships it', async () => {
    const footer = await renderFooter();
    expect(footer.getByRole('link', { name: 'Status' })).toBeVisible();
    expect(footer.queryByRole('group', { name: 'Colour mode' })).toBeNull();
  });

  it('switches the colour mode, remembers it in a cookie and sets the root class', async () => {
    mutableFlags.enableThemeChooser = true;
    const user = userEvent.setup();
    const footer = await renderFooter();
    const modes = within(footer.getByRole('group', { name: 'Colour mode' }));
    expect(modes.getByRole('radio', { name: 'Auto' })).toBeChecked();

    await user.click(modes.getByRole('radio', { name: 'Dark' }));
    expect(modes.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.cookie).toContain('colorMode=dark');
    expect(document.documentElement).toHaveClass('dark');

    await user.click(modes.getByRole('radio', { name: 'Light' }));
    expect(document.cookie).toContain('colorMode=light');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});

describe('brand logo', () => {
  it('is the product’s mark, and the partner’s on a partner host (miri swaps the icons)', () => {
    const { unmount } = render(<BrandLogo hostname="localhost" />);
    expect(screen.getByRole('img', { name: config.productName })).toBeVisible();
    unmount();
    render(<BrandLogo hostname="miri.localhost" />);
    expect(screen.getByRole('img', { name: /miri/i })).toBeVisible();
  });
});
