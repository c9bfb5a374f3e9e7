import { ErrorCode } from '../../contract/errors';
import { FederatedSignInMessage } from '../../contract/federated-sign-in';
import type { LinkConfirmationContext } from '../../machines/linkConfirmation/linkConfirmation.machine';
import { refused } from '../support/refusals';
import { existingAccount, secondFactorRequired } from './signInCallback.cases';

/** Sample events for generating the link confirmation machine's paths. */
export const linkConfirmationCases = {
  // After a refusal there is nothing to confirm: the page offers only the way back.
  'user.confirm': (snapshot: { context: LinkConfirmationContext; matches: (state: string) => boolean }) =>
    snapshot.matches('failed') && snapshot.context.failure?.message ? [] : [{ type: 'user.confirm' }],
  'xstate.done.actor.confirmLink': [
    { type: 'xstate.done.actor.confirmLink', output: existingAccount, actorId: 'confirmLink' },
    { type: 'xstate.done.actor.confirmLink', output: secondFactorRequired, actorId: 'confirmLink' },
  ],
  'xstate.error.actor.confirmLink': [
    {
      type: 'xstate.error.actor.confirmLink',
      error: refused(ErrorCode.linkExpired, FederatedSignInMessage.linkExpired),
      actorId: 'confirmLink',
    },
    { type: 'xstate.error.actor.confirmLink', error: new Error('network down'), actorId: 'confirmLink' },
  ],
} as const;
