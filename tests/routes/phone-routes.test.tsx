import { i18n } from '@lingui/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { anAccount, someClaims } from '../support/fixtures';
import { type ApiAnswer, type ApiCall, openSignedIn } from '../support/route-harness';

/**
 * /phone-number-input and /phone-number-verification in the real route tree, with the API stubbed:
 * one pathless layout renders one screen and one actor for both, so the move from the number's
 * address to the code's keeps the code field, its focus and what was typed into it.
 */

const user = someClaims({ sub: 'person-id', email: 'sam@example.com' });
const account = anAccount(user, []);
const e164 = '+12015550123';
const codeAddress = `/api/phone/${encodeURIComponent(e164)}/verification-code`;

function phoneApi({ method, path }: ApiCall): ApiAnswer | undefined {
  if (path === codeAddress && method === 'POST')
    return { status: 200, body: { success: true, expiresAt: '2026-11-25T12:05:00.000Z' } };
  if (path === codeAddress && method === 'PATCH') return { status: 200, body: { success: true } };
  if (path === '/api/account/add-phone-verification-data' && method === 'POST')
    return { status: 200, body: { user: { ...user, phone: e164 } } };
  return undefined;
}

const open = (path: string) => openSignedIn(path, { user, account, answers: phoneApi });

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the phone pages', () => {
  it('keep the code field, its focus and a key typed into it while the address moves to the code’s', async () => {
    const { calls, history, location, router } = await open('/phone-number-input?redirect=%2Faccount');
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('Phone number'), '(201) 555-0123');
    // The move to /phone-number-verification waits until the test lets it go: keys land meanwhile.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const unblock = history.block({ blockerFn: () => held.then(() => false) });
    await person.click(screen.getByRole('button', { name: 'Send code' }));
    const codeField = await screen.findByLabelText('Verification code');
    await person.type(codeField, '48');
    expect(location()).toBe('/phone-number-input?redirect=%2Faccount');

    letGo();
    await waitFor(() => expect(router.state.location.pathname).toBe('/phone-number-verification'));
    unblock();
    expect(router.state.location.search).toEqual({ phone: e164, redirect: '/account' });
    await waitFor(() => expect(document.title).toMatch(/^Verify your phone number \| /));
    expect(screen.getByLabelText('Verification code')).toBe(codeField);
    expect(codeField).toHaveFocus();
    expect(codeField).toHaveValue('48');

    await person.type(codeField, '2913{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone number verified' })).toBeVisible();
    expect(location()).toBe('/phone-number-verification-success?redirect=%2Faccount');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'POST', path: codeAddress, body: undefined },
      { method: 'PATCH', path: codeAddress, body: { code: '482913' } },
      { method: 'POST', path: '/api/account/add-phone-verification-data', body: { phone: e164 } },
    ]);
  });

  it('go back to the number as typed with "Use another number", and the browser’s Back to its code', async () => {
    const { history, location } = await open('/phone-number-input');
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('Phone number'), '(201) 555-0123');
    await person.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(location()).toBe(`/phone-number-verification?phone=${encodeURIComponent(e164)}`));

    await person.click(screen.getByRole('link', { name: 'Use another number' }));
    await waitFor(() => expect(location()).toBe('/phone-number-input'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a phone number' })).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toHaveValue('(201) 555-0123');

    history.back();
    await waitFor(() => expect(location()).toBe(`/phone-number-verification?phone=${encodeURIComponent(e164)}`));
    expect(await screen.findByLabelText('Verification code')).toHaveValue('');
  });

  it('open at the code for the number in the address, or at the number without a valid one', async () => {
    await open(`/phone-number-verification?phone=${encodeURIComponent(e164)}`);
    expect(await screen.findByLabelText('Verification code')).toHaveValue('');
    expect(screen.getByText(/^We sent a six-digit code to/)).toHaveTextContent('+1 201 555 0123');
    cleanup();

    await open('/phone-number-verification?phone=12345');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a phone number' })).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
  });
});
