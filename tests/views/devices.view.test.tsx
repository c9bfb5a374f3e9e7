import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DevicesView } from '../../src/features/devices/devices.view';
import { TestI18n } from '../support/i18n';

function renderDevices(props: Parameters<typeof DevicesView>[0]) {
  render(
    <TestI18n>
      <DevicesView {...props} />
    </TestI18n>,
  );
}

describe('DevicesView', () => {
  it('counts the devices against the limit and shows how to add one while there is room', () => {
    renderDevices({ status: 'success', count: 1, deviceLimit: 5, onNavigate: vi.fn(), children: <li>Tablet</li> });
    const section = screen.getByRole('region', { name: 'Your devices' });
    expect(section).toHaveAttribute('id', 'devices');
    expect(section).toHaveTextContent('Devices in use: 1 of 5');
    expect(screen.getByRole('listitem')).toHaveTextContent('Tablet');
    expect(screen.getByRole('link', { name: 'Activate a device' })).toHaveAttribute('href', '/activate');
  });

  it('says when every slot is taken, instead of offering activation', () => {
    renderDevices({ status: 'success', count: 5, deviceLimit: 5, onNavigate: vi.fn(), children: null });
    expect(screen.getByText(/Every device slot is taken/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Activate a device' })).toBeNull();
  });

  it('says when no device is linked yet', () => {
    renderDevices({ status: 'success', count: 0, deviceLimit: 5, onNavigate: vi.fn(), children: null });
    expect(screen.getByText('No devices are linked yet.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers to try again when the devices could not be read', () => {
    const onRetry = vi.fn();
    renderDevices({ status: 'error', onRetry, onNavigate: vi.fn() });
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
