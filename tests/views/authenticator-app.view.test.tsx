import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { SecondFactorStatus } from '../../contract/second-factor';
import { authenticatorAppEnrolmentMachine } from '../../machines/authenticatorAppEnrolment/authenticatorAppEnrolment.machine';
import { AuthenticatorAppView } from '../../src/features/authenticator-app/authenticator-app.view';
import { keyInBlocks } from '../../src/features/authenticator-app/authenticator-app-setup.view';
import type { SecondFactorStatusRead } from '../../src/features/authenticator-app/authenticator-app-status.view';
import { SecondFactorRequiredBannerScreen } from '../../src/features/authenticator-app/second-factor-required-banner.screen';
import { SecondFactorRequiredBannerView } from '../../src/features/authenticator-app/second-factor-required-banner.view';
import { recoveryCodes, setup } from '../machines/authenticatorAppEnrolment.cases';
import { expectNoAxeViolations } from '../support/axe';
import { TestI18n } from '../support/i18n';

const machine = authenticatorAppEnrolmentMachine;
const [idle] = initialTransition(machine);
const on: SecondFactorStatusRead = {
  status: 'success',
  authenticatorApp: { enabled: true, enabledAt: '2026-11-20T08:30:00.000Z' },
  recoveryCodes: { remaining: 7, createdAt: '2026-11-20T08:30:00.000Z' },
  requiredByTeam: null,
};
const off: SecondFactorStatusRead = {
  status: 'success',
  authenticatorApp: { enabled: false, enabledAt: null },
  recoveryCodes: { remaining: 0, createdAt: null },
  requiredByTeam: null,
};

function view(snapshot: typeof idle, read: SecondFactorStatusRead) {
  return (
    <TestI18n>
      <AuthenticatorAppView snapshot={snapshot} send={vi.fn()} read={read} />
    </TestI18n>
  );
}

describe('AuthenticatorAppView', () => {
  it('is the #two-step-sign-in section, and tells since when the app is on and how many codes are left', () => {
    render(view(idle, on));
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toHaveAttribute('id', 'two-step-sign-in');
    expect(screen.getByText(/^On since/)).toHaveTextContent(/^On since Nov 20, 2026/);
    expect(screen.getByText('7 left')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set up an authenticator app' })).toBeNull();
  });

  it('offers the setup while the app is off, and says nothing of recovery codes', () => {
    render(view(idle, off));
    expect(screen.getByText('Off')).toBeVisible();
    expect(screen.queryByText('Recovery codes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
  });

  it('says when the status cannot be read, and offers to read it again', async () => {
    const onRetry = vi.fn();
    render(view(idle, { status: 'error', onRetry }));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your two-step sign-in.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('groups the key in blocks of four for typing by hand', () => {
    expect(keyInBlocks('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });

  it('moves the focus to each new step’s heading, and back to the section at the end', () => {
    let [snapshot] = transition(machine, idle, { type: 'user.setUp' });
    const { rerender } = render(view(snapshot, off));
    [snapshot] = transition(machine, snapshot, {
      type: 'xstate.done.actor.startSetup',
      output: setup,
      actorId: 'startSetup',
    } as never);
    rerender(view(snapshot, off));
    expect(screen.getByRole('heading', { level: 3, name: 'Set up your authenticator app' })).toHaveFocus();
    [snapshot] = transition(machine, snapshot, { type: 'user.changeCode', value: '123456' });
    [snapshot] = transition(machine, snapshot, { type: 'user.submit' });
    [snapshot] = transition(machine, snapshot, {
      type: 'xstate.done.actor.confirmSetup',
      output: recoveryCodes,
      actorId: 'confirmSetup',
    } as never);
    rerender(view(snapshot, on));
    expect(screen.getByRole('heading', { level: 3, name: 'Your recovery codes' })).toHaveFocus();
    [snapshot] = transition(machine, snapshot, { type: 'user.done' });
    rerender(view(snapshot, on));
    expect(screen.getByRole('heading', { level: 3, name: 'Two-step sign-in' })).toHaveFocus();
  });

  it('asks for a code first to turn the app off, with the focus in its field', () => {
    const [proving] = transition(machine, idle, { type: 'user.turnOff' });
    const { rerender } = render(view(idle, on));
    rerender(view(proving, on));
    expect(screen.getByRole('heading', { level: 3, name: 'Turn off your authenticator app' })).toBeVisible();
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  });
});

describe('a team that requires two-step sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is named on the card while the app is off, above the way to set it up', async () => {
    const { container } = render(view(idle, { ...off, requiredByTeam: 'Northwind' }));
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toHaveTextContent(
      'Northwind requires two-step sign-in. Set up an authenticator app to reach the team’s pages.',
    );
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it('is not named once the app is on', () => {
    render(view(idle, { ...on, requiredByTeam: 'Northwind' }));
    expect(screen.queryByText(/requires two-step sign-in/)).toBeNull();
  });

  it('has a banner that says so and links to the account page’s two-step section', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const { container } = render(
      <TestI18n>
        <SecondFactorRequiredBannerView team="Northwind" onNavigate={onNavigate} />
      </TestI18n>,
    );
    expect(screen.getByText(/requires two-step sign-in/).closest('p')).toHaveTextContent(
      'Northwind requires two-step sign-in. Set it up now.',
    );
    const link = screen.getByRole('link', { name: 'Set it up now.' });
    expect(link).toHaveAttribute('href', '/account#two-step-sign-in');
    await user.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/account#two-step-sign-in');
    await expectNoAxeViolations(container);
  });

  /** The banner's screen with GET /api/account/second-factor answering `status`. */
  function renderBanner(status: SecondFactorStatus) {
    const fetchStub = vi.fn(
      async () =>
        new Response(JSON.stringify(status), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <TestI18n>
          <SecondFactorRequiredBannerScreen onNavigate={vi.fn()} />
          <p>The page</p>
        </TestI18n>
      </QueryClientProvider>,
    );
    return fetchStub;
  }

  it('shows the banner from the account’s two-step status when it names a team', async () => {
    const fetchStub = renderBanner({ ...off, requiredByTeam: 'Northwind' } as SecondFactorStatus);
    expect(await screen.findByRole('link', { name: 'Set it up now.' })).toBeVisible();
    expect(fetchStub).toHaveBeenCalledOnce();
    expect(String(fetchStub.mock.calls[0]?.at(0))).toBe('/api/account/second-factor');
  });

  it('shows no banner when no team requires it', async () => {
    const fetchStub = renderBanner({ ...off, requiredByTeam: null } as SecondFactorStatus);
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Set it up now.' })).toBeNull();
    expect(screen.getByText('The page')).toBeVisible();
  });
});
