import { ErrorCode } from '../../contract/errors';
import {
  chosenOptionOf,
  failureReasonOf,
  isQuantityEditable,
  quantityErrorOf,
  type UpgradeContext,
  type UpgradeInput,
  type upgradeMachine,
} from '../../machines/upgrade/upgrade.machine';
import { UpgradeView } from '../../src/features/upgrade/upgrade.view';
import { anUpgradeOption, aOneTimeOption, aPreview } from '../support/billing-fixtures';
import { aSubscription } from '../support/fixtures';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** A teams subscription of five seats, offered a teams plan (seats editable) and a one-time plan. */
export const upgradeInput: UpgradeInput = {
  subscription: {
    ...aSubscription({
      referenceId: 'teams-1',
      type: 'teams',
      planCode: 'teams-monthly',
      title: 'Teams, monthly',
      quantity: 5,
    }),
    upgradeOptions: [anUpgradeOption(), aOneTimeOption()],
  },
  account: { userid: 'owner-id', email: 'owner@example.com' },
};

/** The day the view counts from. */
const today = new Date('2026-11-23T12:00:00.000Z');

const conflict = refused(
  ErrorCode.subscriptionConflict,
  'This subscription was changed at the same time. Please review it and try again.',
);
const refusal = refused(
  ErrorCode.subscriptionRefused,
  'You cannot have fewer seats than are in use. Remove members or invitations first.',
);

/** Sample events for generating the upgrade machine's paths. */
const upgradeCases = {
  // A person chooses another option than the chosen one.
  'user.chooseOption': ({ context }: { context: UpgradeContext }) =>
    context.subscription.upgradeOptions
      .filter((option) => option.hash !== context.chosenHash)
      .map((option) => ({ type: 'user.chooseOption' as const, hash: option.hash })),
  // Seats only on a teams option: a valid number, none, and more than the plan allows.
  'user.changeQuantity': ({ context }: { context: UpgradeContext }) => {
    const option = chosenOptionOf(context);
    if (!option || !isQuantityEditable(option)) return [];
    return ['12', '0', '501']
      .filter((value) => value !== context.quantityText)
      .map((value) => ({ type: 'user.changeQuantity' as const, value }));
  },
  'xstate.done.actor.previewUpgrade': [
    { type: 'xstate.done.actor.previewUpgrade', output: aPreview(), actorId: 'previewUpgrade' },
  ],
  'xstate.error.actor.previewUpgrade': [
    { type: 'xstate.error.actor.previewUpgrade', error: refusal, actorId: 'previewUpgrade' },
    { type: 'xstate.error.actor.previewUpgrade', error: conflict, actorId: 'previewUpgrade' },
    { type: 'xstate.error.actor.previewUpgrade', error: new Error('network down'), actorId: 'previewUpgrade' },
  ],
  'xstate.done.actor.upgradeSubscription': [
    {
      type: 'xstate.done.actor.upgradeSubscription',
      output: { success: true, state: 'active', planCode: 'teams-yearly', quantity: 5, invoiceNumber: 1003 },
      actorId: 'upgradeSubscription',
    },
  ],
  'xstate.error.actor.upgradeSubscription': [
    { type: 'xstate.error.actor.upgradeSubscription', error: conflict, actorId: 'upgradeSubscription' },
    { type: 'xstate.error.actor.upgradeSubscription', error: refusal, actorId: 'upgradeSubscription' },
    {
      type: 'xstate.error.actor.upgradeSubscription',
      error: new Error('network down'),
      actorId: 'upgradeSubscription',
    },
  ],
} as const;

/** What the upgrade machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const upgradeModel: FlowModel<typeof upgradeMachine> = {
  input: upgradeInput,
  cases: upgradeCases,
  // What the person can tell apart: the state, the option, whether its seats are valid (not which
  // number was typed), a shown seat error, the failure's reason and whether a preview is held.
  serializeState: (snapshot) => {
    const option = chosenOptionOf(snapshot.context);
    return JSON.stringify([
      snapshot.value,
      snapshot.status,
      snapshot.context.chosenHash,
      option ? quantityErrorOf(snapshot.context.quantityText, option) : null,
      snapshot.context.quantityError,
      snapshot.context.failure ? failureReasonOf(snapshot.context.failure) : null,
      snapshot.context.preview !== null,
    ]);
  },
  render: (snapshot, send) => (
    <UpgradeView
      snapshot={snapshot}
      send={send}
      today={today}
      dashboardLink={<a href="/account">Back to your account</a>}
      invoiceLink={(invoiceNumber) => <a href={`/billing/invoices/${invoiceNumber}`}>View invoice {invoiceNumber}</a>}
    />
  ),
};
