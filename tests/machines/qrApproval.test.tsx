import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { assertEvent, createActor, fromPromise, waitFor } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { type QrSignInDetails, QrSignInMessage } from '../../contract/qr-sign-in';
import { qrApprovalMachine } from '../../machines/qrApproval/qrApproval.machine';
import { refusal } from '../../machines/support/refusal';
import { QrApprovalView } from '../../src/features/qr-approval/qr-approval.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { refused } from '../support/refusals';
import { firefoxRequest, input, qrApprovalModel, requestId, shownNumber } from './qrApproval.cases';

const expectRequestShown = (screen: typeof import('@testing-library/react').screen) => {
  expect(screen.getByText('Firefox')).toBeVisible();
  expect(screen.getByText('Windows')).toBeVisible();
  expect(screen.getByText('198.51.100.0/24')).toBeVisible();
  expect(screen.getByText('Requested').nextElementSibling?.querySelector('time')).toHaveAttribute(
    'datetime',
    firefoxRequest.requestedAt,
  );
};
const numberGroup = (screen: typeof import('@testing-library/react').screen) =>
  within(screen.getByRole('group', { name: 'Which number does the other device show?' }));
const numberButtons = (screen: typeof import('@testing-library/react').screen) =>
  firefoxRequest.numberChoices.map((number) => numberGroup(screen).getByRole('button', { name: String(number) }));
const accountLinkShown = (screen: typeof import('@testing-library/react').screen) =>
  expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');

describeModel('qrApproval', {
  machine: qrApprovalMachine,
  ...qrApprovalModel,
  states: {
    loading: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Loading the sign-in request…'),
    },
    showingRequest: {
      view: (screen) => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in with a QR code');
        expectRequestShown(screen);
        // The three numbers in the server's order, and nothing says which one is right.
        expect(
          numberGroup(screen)
            .getAllByRole('button')
            .map((button) => button.textContent),
        ).toEqual(['71', '42', '18']);
        for (const button of numberButtons(screen)) expect(button).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
        expect(screen.queryByRole('button', { name: 'Approve sign-in' })).toBeNull();
      },
    },
    approving: {
      machine: (snapshot) => expect(snapshot.context.pickedNumber).toBe(shownNumber),
      view: (screen) => {
        expectRequestShown(screen);
        expect(screen.getByRole('status')).toHaveTextContent('Approving…');
        for (const button of numberButtons(screen)) {
          expect(button).toBeDisabled();
          expect(button).toHaveAttribute('aria-busy', String(button.textContent === String(shownNumber)));
        }
        expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
      },
    },
    declining: {
      view: (screen) => {
        expect(screen.getByRole('button', { name: 'Declining…' })).toHaveAttribute('aria-busy', 'true');
        for (const button of numberButtons(screen)) expect(button).toBeDisabled();
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
      machine: (snapshot) =>
        expect([QrSignInMessage.expired, QrSignInMessage.numberMismatch]).toContain(snapshot.context.failure?.message),
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.failure?.message ?? '');
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
    'user.pickNumber': async ({ user, screen, event }) => {
      assertEvent(event, 'user.pickNumber');
      await user.click(numberGroup(screen).getByRole('button', { name: String(event.number) }));
    },
    'user.decline': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Decline' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
});

describe('qrApproval machine', () => {
  it('approves the request of its link with the picked number, once', async () => {
    const approved: Array<{ id: string; number: number }> = [];
    const actor = createActor(
      qrApprovalMachine.provide({
        actors: {
          loadRequest: fromPromise(async () => firefoxRequest),
          approveRequest: fromPromise<void, { id: string; number: number }>(async ({ input }) => {
            approved.push(input);
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.matches('showingRequest'));
    actor.send({ type: 'user.pickNumber', number: shownNumber });
    actor.send({ type: 'user.pickNumber', number: 71 });
    await waitFor(actor, (state) => state.matches('approved'));
    expect(approved).toEqual([{ id: requestId, number: shownNumber }]);
  });

  it('sends no number that was not on offer', async () => {
    const actor = createActor(
      qrApprovalMachine.provide({ actors: { loadRequest: fromPromise(async () => firefoxRequest) } }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.matches('showingRequest'));
    actor.send({ type: 'user.pickNumber', number: 55 });
    expect(actor.getSnapshot().value).toBe('showingRequest');
  });

  it('keeps the server message of a refusal for the view', async () => {
    const actor = createActor(
      qrApprovalMachine.provide({
        actors: {
          loadRequest: fromPromise<QrSignInDetails, { id: string }>(async () => {
            throw refused(ErrorCode.codeUsed, QrSignInMessage.answered);
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (state) => state.matches('refused'));
    expect(actor.getSnapshot().context.failure?.message).toBe(QrSignInMessage.answered);
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
            context: {
              id: requestId,
              request: null,
              pickedNumber: null,
              failure: refusal(ErrorCode.codeExpired, 'Ask support.'),
            },
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
              pickedNumber: null,
              failure: null,
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
