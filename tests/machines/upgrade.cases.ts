import { ErrorCode } from '../../contract/errors';
import {
  chosenOptionOf,
  isQuantityEditable,
  type UpgradeContext,
  type UpgradeInput,
} from '../../machines/upgrade/upgrade.machine';
import { anUpgradeOption, aOneTimeOption, aPreview } from '../support/billing-fixtures';
import { aSubscription } from '../support/fixtures';
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

const conflict = refused(
  ErrorCode.subscriptionConflict,
  'This subscription was changed at the same time. Please review it and try again.',
);
const refusal = refused(
  ErrorCode.subscriptionRefused,
  'You cannot have fewer seats than are in use. Remove members or invitations first.',
);

/** Sample events for generating the upgrade machine's paths. */
export const upgradeCases = {
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
