import { assertEvent, assign, setup } from 'xstate';
import type { AccountUser, Subscription } from '../../contract/account';
import { ErrorCode } from '../../contract/errors';
import { upgradeQuantity } from '../../contract/pricing';
import {
  type SubscriptionChangeResponse,
  SubscriptionMessage,
  type UpgradeOption,
  type UpgradePreview,
  type UpgradePreviewRequest,
  type UpgradeSubscriptionRequest,
} from '../../contract/subscriptions';
import { providedByApp } from '../support/provided-by-app';
import { isExplained, type Refusal, refusalOf } from '../support/refusal';

/**
 * Why a preview or an upgrade did not happen: another change of the subscription won, the server
 * refused it with a message, or the server could not be reached.
 */
export type UpgradeFailureReason = 'conflict' | 'refused' | 'unavailable';

export function failureReasonOf(failure: Refusal): UpgradeFailureReason {
  if (failure.code === ErrorCode.subscriptionConflict) return 'conflict';
  return isExplained(failure) ? 'refused' : 'unavailable';
}

export type UpgradeInput = {
  subscription: Pick<
    Subscription,
    'referenceId' | 'planCode' | 'title' | 'type' | 'quantity' | 'blackfriday24Eligible' | 'state'
  > & { upgradeOptions: readonly UpgradeOption[] };
  account: Pick<AccountUser, 'userid' | 'email'>;
};

export type UpgradeContext = UpgradeInput & {
  chosenHash: string | null;
  /** The seats as typed: only a teams option lets the person change them. */
  quantityText: string;
  /** A SubscriptionMessage text; views translate it. */
  quantityError: string | null;
  preview: UpgradePreview | null;
  result: SubscriptionChangeResponse | null;
  /** Why the last preview or upgrade did not happen; null while none failed. */
  failure: Refusal | null;
};

export type UpgradeEvent =
  | { type: 'user.chooseOption'; hash: string }
  | { type: 'user.changeQuantity'; value: string }
  | { type: 'user.preview' }
  | { type: 'user.confirm' }
  | { type: 'user.changeChoice' }
  | { type: 'user.retry' }
  | { type: 'user.startOver' };

export type PreviewUpgradeInput = UpgradePreviewRequest & { referenceId: string };

export function chosenOptionOf(context: Pick<UpgradeContext, 'subscription' | 'chosenHash'>) {
  return context.subscription.upgradeOptions.find((option) => option.hash === context.chosenHash) ?? null;
}

/** upgradeQuantity keeps the seats asked for on teams plans only; every other plan has one. */
export function isQuantityEditable(option: Pick<UpgradeOption, 'title'>): boolean {
  return upgradeQuantity(option, 2) === 2;
}

/** The seats for an option, before the person changes them: a teams plan keeps today's seats. */
export function initialQuantityOf(option: Pick<UpgradeOption, 'title'>, currentQuantity: number): number {
  return upgradeQuantity(option, currentQuantity);
}

/** Whole seats from 1 to the option's maximum, with the contract's messages. */
export function quantityErrorOf(text: string, option: Pick<UpgradeOption, 'maxSeats'>): string | null {
  const quantity = Number(text);
  if (text.trim() === '' || !Number.isInteger(quantity) || quantity < 1) return SubscriptionMessage.quantityInvalid;
  if (quantity > option.maxSeats) return SubscriptionMessage.quantityAboveMaximum;
  return null;
}

/** The seats the preview and the upgrade ask for: as typed on teams, one on any other plan. */
function requestedQuantityOf(context: Pick<UpgradeContext, 'subscription' | 'chosenHash' | 'quantityText'>) {
  const option = chosenOptionOf(context);
  return option ? upgradeQuantity(option, Number(context.quantityText)) : 0;
}

function previewInputOf(context: UpgradeContext): PreviewUpgradeInput {
  return {
    referenceId: context.subscription.referenceId,
    newPlanCode: chosenOptionOf(context)?.planCode ?? '',
    quantity: requestedQuantityOf(context),
    blackfriday24Eligible: context.subscription.blackfriday24Eligible,
  };
}

/** The spec's payload of PUT /api/subscription/{id}. */
function upgradeInputOf(context: UpgradeContext): UpgradeSubscriptionRequest {
  return {
    userid: context.account.userid,
    email: context.account.email,
    referenceId: context.subscription.referenceId,
    storeType: 'web',
    newPlanCode: chosenOptionOf(context)?.planCode ?? '',
    quantity: requestedQuantityOf(context),
    prorate: true,
    blackfriday24Eligible: context.subscription.blackfriday24Eligible,
  };
}

/** The error of an invoked actor's failure, for the guards that tell failures apart. */
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

const changingTheChoice = {
  target: '#upgrade.choosing.optionChosen',
  actions: 'discardPreview',
} as const;

/**
 * The owner upgrades a subscription: chooses one of its upgrade options (and the seats, on a teams
 * plan), reads the server's proration preview, confirms, and gets the result with its invoice.
 */
export const upgradeMachine = setup({
  types: {
    context: {} as UpgradeContext,
    events: {} as UpgradeEvent,
    input: {} as UpgradeInput,
  },
  actors: {
    previewUpgrade: providedByApp<UpgradePreview, PreviewUpgradeInput>('previewUpgrade'),
    upgradeSubscription: providedByApp<SubscriptionChangeResponse, UpgradeSubscriptionRequest>('upgradeSubscription'),
  },
  actions: {
    chooseOption: assign(({ context, event }) => {
      assertEvent(event, 'user.chooseOption');
      const option = context.subscription.upgradeOptions.find((candidate) => candidate.hash === event.hash);
      return {
        chosenHash: event.hash,
        quantityText: option ? String(initialQuantityOf(option, context.subscription.quantity)) : '',
        quantityError: null,
      };
    }),
    changeQuantity: assign(({ event }) => {
      assertEvent(event, 'user.changeQuantity');
      return { quantityText: event.value, quantityError: null };
    }),
    showQuantityError: assign({
      quantityError: ({ context }) => {
        const option = chosenOptionOf(context);
        return option ? quantityErrorOf(context.quantityText, option) : null;
      },
    }),
    discardPreview: assign({ preview: null, failure: null }),
    clearFailure: assign({ failure: null }),
    startOver: assign({ chosenHash: null, quantityText: '', quantityError: null, preview: null, failure: null }),
    /** The account's subscriptions changed: the screen invalidates the account query. */
    subscriptionChanged: () => {},
    /** After a conflict: the screen reads the subscription again and offers its current options. */
    reloadSubscription: () => {},
  },
  guards: {
    canEditQuantity: ({ context }) => {
      const option = chosenOptionOf(context);
      return option !== null && isQuantityEditable(option);
    },
    isQuantityValid: ({ context }) => {
      const option = chosenOptionOf(context);
      return option !== null && quantityErrorOf(context.quantityText, option) === null;
    },
    isConflict: (_, error: unknown) => failureReasonOf(refusalOf(error)) === 'conflict',
  },
}).createMachine({
  id: 'upgrade',
  context: ({ input }) => ({
    ...input,
    chosenHash: null,
    quantityText: '',
    quantityError: null,
    preview: null,
    result: null,
    failure: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      initial: 'nothingChosen',
      states: {
        nothingChosen: {
          on: { 'user.chooseOption': { target: 'optionChosen', actions: 'chooseOption' } },
        },
        optionChosen: {
          on: {
            'user.chooseOption': { target: 'optionChosen', actions: 'chooseOption' },
            'user.changeQuantity': { guard: 'canEditQuantity', target: 'optionChosen', actions: 'changeQuantity' },
            'user.preview': [
              { guard: 'isQuantityValid', target: '#upgrade.previewing' },
              { target: 'quantityInvalid' },
            ],
          },
        },
        quantityInvalid: {
          tags: ['error'],
          entry: 'showQuantityError',
          on: {
            'user.chooseOption': { target: 'optionChosen', actions: 'chooseOption' },
            'user.changeQuantity': { target: 'optionChosen', actions: 'changeQuantity' },
          },
        },
      },
    },
    previewing: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'previewUpgrade',
        src: 'previewUpgrade',
        input: ({ context }) => previewInputOf(context),
        onDone: { target: 'reviewing', actions: assign({ preview: ({ event }) => event.output, failure: null }) },
        onError: [
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'conflict',
            actions: assign({ failure: ({ event }) => refusalOf(event.error) }),
          },
          { target: 'previewFailed', actions: assign({ failure: ({ event }) => refusalOf(event.error) }) },
        ],
      },
    },
    /** The preview shows; nothing is charged until the person confirms. */
    reviewing: {
      on: {
        'user.confirm': 'upgrading',
        'user.changeChoice': changingTheChoice,
      },
    },
    upgrading: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'upgradeSubscription',
        src: 'upgradeSubscription',
        input: ({ context }) => upgradeInputOf(context),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, failure: null }) },
        onError: [
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'conflict',
            actions: assign({ failure: ({ event }) => refusalOf(event.error) }),
          },
          { target: 'upgradeFailed', actions: assign({ failure: ({ event }) => refusalOf(event.error) }) },
        ],
      },
    },
    done: {
      type: 'final',
      entry: 'subscriptionChanged',
    },
    previewFailed: {
      tags: ['error'],
      on: {
        'user.retry': 'previewing',
        'user.changeChoice': changingTheChoice,
      },
    },
    upgradeFailed: {
      tags: ['error'],
      on: {
        'user.retry': 'upgrading',
        'user.changeChoice': changingTheChoice,
      },
    },
    /** The subscription changed meanwhile (another tab, another upgrade): its options may be others now. */
    conflict: {
      tags: ['error'],
      on: {
        'user.startOver': { target: 'choosing', actions: ['startOver', 'reloadSubscription'] },
      },
    },
  },
});
