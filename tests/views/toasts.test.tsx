import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId as messageId } from '@lingui/message-utils/generateMessageId';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnDemandHosts } from '../../src/components/on-demand-hosts';
import { notify } from '../../src/lib/notify';
import { toasters } from '../../src/lib/toasters';
import { TestI18n } from '../support/i18n';

function renderHosts() {
  render(
    <TestI18n>
      <OnDemandHosts />
    </TestI18n>,
  );
}

function regionOf(placement: string): HTMLElement {
  const region = screen
    .getAllByRole('region')
    .find((candidate) => candidate.getAttribute('data-placement') === placement);
  if (!region) throw new Error(`No toast region at ${placement}`);
  return region;
}

afterEach(() => {
  act(() => {
    for (const toaster of Object.values(toasters)) toaster.remove();
  });
});

describe('toasts', () => {
  it('mount on the first notification, at top-center by default', async () => {
    renderHosts();
    expect(screen.queryByRole('region')).toBeNull();
    act(() => notify({ title: 'Password Changed', tone: 'success' }));
    const toast = await screen.findByText('Password Changed');
    expect(regionOf('top')).toContainElement(toast);
  });

  it('show the "br" group bottom-right and the "c" group in a region of its own', async () => {
    renderHosts();
    act(() => {
      notify({ title: 'Saved', group: 'br' });
      notify({ title: 'Centred', group: 'c' });
    });
    expect(regionOf('bottom-end')).toContainElement(await screen.findByText('Saved'));
    expect(regionOf('bottom')).toContainElement(await screen.findByText('Centred'));
    // Each group is its own region: zag finds a group again by an id made from its placement.
    const ids = screen.getAllByRole('region').map((region) => region.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('name each region through the catalogue, with its keyboard shortcut', async () => {
    renderHosts();
    act(() => {
      notify({ title: 'On top' });
      notify({ title: 'Saved', group: 'br' });
      notify({ title: 'Centred', group: 'c' });
    });
    await screen.findByText('Centred');
    expect(regionOf('top')).toHaveAccessibleName('Notifications, top of the page (alt+T)');
    expect(regionOf('bottom-end')).toHaveAccessibleName('Notifications, bottom corner (alt+T)');
    expect(regionOf('bottom')).toHaveAccessibleName('Notifications, middle of the page (alt+T)');
  });

  it("name the regions in the reader's language", async () => {
    const i18n = setupI18n({
      locale: 'de',
      messages: {
        de: {
          [messageId('Notifications, top of the page ({hotkey})')]: compileMessage('Mitteilungen, oben ({hotkey})'),
        },
      },
    });
    render(
      <I18nProvider i18n={i18n}>
        <OnDemandHosts />
      </I18nProvider>,
    );
    act(() => notify({ title: 'Gespeichert' }));
    await screen.findByText('Gespeichert');
    expect(regionOf('top')).toHaveAccessibleName('Mitteilungen, oben (alt+T)');
  });

  it('keep an error until it is dismissed, with its support contact', async () => {
    const user = userEvent.setup();
    renderHosts();
    act(() =>
      notify({
        title: 'Something went wrong',
        description: 'Please contact support at support@bondline.example.',
        tone: 'error',
      }),
    );
    const title = await screen.findByText('Something went wrong');
    const toast = title.closest('[data-type]') as HTMLElement;
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(toast).toHaveAttribute('data-state', 'open');
    expect(within(toast).getByText('Please contact support at support@bondline.example.')).toBeVisible();
    await user.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    // jsdom plays no exit animation, so the toast stays in the tree in its closed state.
    await vi.waitFor(() => expect(toast).toHaveAttribute('data-state', 'closed'));
  });
});
