import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HostedConfirmDialog } from '../../src/components/dialog-host';
import { TestI18n } from '../support/i18n';

function renderConfirm(options: Parameters<typeof HostedConfirmDialog>[0]['options']) {
  const onSettle = vi.fn();
  render(
    <TestI18n>
      <HostedConfirmDialog options={options} onSettle={onSettle} />
    </TestI18n>,
  );
  return onSettle;
}

describe('confirm dialog', () => {
  beforeAll(() => {
    // jsdom lays nothing out, so the focus trap would find nothing focusable: give elements a box.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
      () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList,
    );
  });

  it('shows the message with an icon, no header by default, and focuses accept', async () => {
    renderConfirm({ message: 'Cancel this subscription?' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Cancel this subscription?');
    expect(dialog.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus());
  });

  it('shows an optional header', async () => {
    renderConfirm({ header: 'Cancel subscription', message: 'Sure?' });
    expect(await screen.findByRole('heading', { name: 'Cancel subscription' })).toBeVisible();
  });

  it('in the "confirm-decline" group shows each line of the message as its own paragraph', async () => {
    renderConfirm({ message: 'First line\nSecond line', group: 'confirm-decline' });
    const dialog = await screen.findByRole('alertdialog');
    expect([...dialog.querySelectorAll('p')].map((paragraph) => paragraph.textContent)).toEqual([
      'First line',
      'Second line',
    ]);
  });

  it('settles true on accept and false on reject', async () => {
    const user = userEvent.setup();
    const onAccept = renderConfirm({ message: 'Go?', acceptLabel: 'Go', rejectLabel: 'Stay' });
    await user.click(await screen.findByRole('button', { name: 'Go' }));
    expect(onAccept).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onAccept).toHaveBeenLastCalledWith(false);
  });
});
