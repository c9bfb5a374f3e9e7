import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type QrSignInDetails, QrSignInMessage } from '../../contract/qr-sign-in';
import { QrApprovalRefused, qrApprovalMachine } from '../../machines/qrApproval/qrApproval.machine';
import { QrApprovalView } from '../../src/features/qr-approval/qr-approval.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { firefoxRequest, qrApprovalCases, requestId } from './qrApproval.cases';

const input = { id: requestId };

const expectRequestShown = (screen: typeof import('@testing-library/react').screen) => {
  expect(screen.getByText('Firefox')).toBeVisible();
  expect(screen.getByText('Windows')).toBeVisible();
  expect(screen.getByText('198.51.100.0/24')).toBeVisible();
  expect(screen.getByText('Requested').nextElementSibling?.querySelector('time')).toHaveAttribute(
    'datetime',
    firefoxRequest.requestedAt,
  );
};
const accountLinkShown = (screen: typeof import('@testing-library/react').screen) =>
  expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');

describeModel('qrApproval', {
  machine: qrApprovalMachine,
  input,
  cases: qrApprovalCases,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.request !== null]),
  states: {
    loading: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Loading the sign-in request…'),
    },
    showingRequest: {
      view: (screen) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in with a QR code');
        expectRequestShown(screen);
        expect(screen.getByRole('button', { name: 'Approve sign-in' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
      },
    },
    approving: {
      view: (screen) => {
        expectRequestShown(screen);
        expect(screen.getByRole('button', { name: 'Approving…' })).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
      },
    },
    declining: {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Declining…' })).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('button', { name: 'Approve sign-in' })).toBeDisabled();
      },
    },
    approved: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('Approved. The other device is being signed in');
        accountLinkShown(screen);
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
    declined: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('Declined. The other device was not signed in.');
        accountLinkShown(screen);
      },
    },
    refused: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent(QrSignInMessage.expired);
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
    failed: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the portal.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    needsSignIn: {
      view: (screen) => {
        expect(screen.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute(
          'href',
          `/login?redirect=${encodeURIComponent(`/qrcode-login/${requestId}`)}`,
        );
        expect(screen.queryByRole('button')).toBeNull();
      },
    },
  },
  drivers: {
    'user.approve': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Approve sign-in' })),
    'user.decline': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Decline' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  render: (snapshot, send) => (
    <TestI18n>
      <QrApprovalView snapshot={snapshot} send={send} onNavigate={vi.fn()} />
    </TestI18n>
  ),
});

describe('qrApproval machine', () => {
  it('approves the request of its link, once', async () => {
    const approved: string[] = [];
    const actor = createActor(
      qrApprovalMachine.provide({
        actors: {
          loadRequest: fromPromise(async () => firefoxRequest),
          approveRequest: fromPromise<void, { id: string }>(async ({ input }) => {
            approved.push(input.id);
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.matches('showingRequest'));
    actor.send({ type: 'user.approve' });
    actor.send({ type: 'user.approve' });
    await waitFor(actor, (state) => state.matches('approved'));
    expect(approved).toEqual([requestId]);
  });

  it('keeps the server message of a refusal for the view', async () => {
    const actor = createActor(
      qrApprovalMachine.provide({
        actors: {
          loadRequest: fromPromise<QrSignInDetails, { id: string }>(async () => {
            throw new QrApprovalRefused(QrSignInMessage.answered);
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.matches('refused'));
    expect(actor.getSnapshot().context.failureMessage).toBe(QrSignInMessage.answered);
  });
});

describe('qrApproval view', () => {
  it('shows a refusal the portal does not know as it came, and an unknown browser as such', () => {
    const base = { hasTag: () => false };
    const { unmount } = render(
      <TestI18n>
        <QrApprovalView
          snapshot={{
            ...base,
            context: { id: requestId, request: null, failureMessage: 'Ask support.' },
            matches: ((state: string) => state === 'refused') as never,
          }}
          send={vi.fn()}
          onNavigate={vi.fn()}
        />
      </TestI18n>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ask support.');
    unmount();
    render(
      <TestI18n>
        <QrApprovalView
          snapshot={{
            ...base,
            context: {
              id: requestId,
              request: { ...firefoxRequest, browser: null, system: null, network: null },
              failureMessage: null,
            },
            matches: ((state: string) => state === 'showingRequest') as never,
          }}
          send={vi.fn()}
          onNavigate={vi.fn()}
        />
      </TestI18n>,
    );
    expect(screen.getByText('Unknown browser')).toBeVisible();
    expect(screen.getByText('Unknown system')).toBeVisible();
    expect(screen.getByText('Unknown network')).toBeVisible();
  });
});
