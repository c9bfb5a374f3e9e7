import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ErrorCode } from '../../contract/errors';
import { QrSignInMessage } from '../../contract/qr-sign-in';
import { qrApprovalMachine } from '../../machines/qrApproval/qrApproval.machine';
import { QrApprovalView } from '../../src/features/qr-approval/qr-approval.view';
import { firefoxRequest, requestId, shownNumber } from '../machines/qrApproval.cases';
import { TestI18n } from '../support/i18n';
import { refused } from '../support/refusals';

/** The view driven by the real machine, with a portal that accepts only the number shown. */
function Approval({ picked }: { picked: number[] }) {
  const actor = useActorRef(
    qrApprovalMachine.provide({
      actors: {
        loadRequest: fromPromise(async () => firefoxRequest),
        approveRequest: fromPromise<void, { id: string; number: number }>(async ({ input }) => {
          picked.push(input.number);
          if (input.number !== shownNumber) throw refused(ErrorCode.numberMismatch, QrSignInMessage.numberMismatch);
        }),
      },
    }),
    { input: { id: requestId } },
  );
  const snapshot = useSelector(actor, (state) => state);
  return <QrApprovalView snapshot={snapshot} send={actor.send} onNavigate={vi.fn()} />;
}

function renderApproval() {
  const picked: number[] = [];
  render(
    <TestI18n>
      <Approval picked={picked} />
    </TestI18n>,
  );
  return { picked, user: userEvent.setup() };
}

const numberGroup = () => screen.findByRole('group', { name: 'Which number does the other device show?' });

describe('QrApprovalView, number matching', () => {
  it('asks which number the other device shows: three buttons named by their numbers, and a way out', async () => {
    renderApproval();
    const group = await numberGroup();
    expect(group).toHaveAccessibleDescription(
      'Pick that number to approve. If the other device shows no number, decline.',
    );
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-busy')),
    ).toEqual(['false', 'false', 'false']);
    for (const number of firefoxRequest.numberChoices)
      expect(within(group).getByRole('button', { name: String(number) })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('is answered by keyboard alone: the right number approves', async () => {
    const { picked, user } = renderApproval();
    const group = await numberGroup();
    const right = within(group).getByRole('button', { name: String(shownNumber) });
    await user.tab();
    expect(within(group).getByRole('button', { name: '71' })).toHaveFocus();
    await user.tab();
    expect(right).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Approved. The other device is being signed in');
    expect(picked).toEqual([shownNumber]);
  });

  it('a wrong number is refused with the reason, and offers no second pick', async () => {
    const { picked, user } = renderApproval();
    await numberGroup();
    await user.tab();
    await user.keyboard(' ');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That is not the number shown on the other device. The sign-in was refused; start again there.',
    );
    expect(picked).toEqual([71]);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  });
});
