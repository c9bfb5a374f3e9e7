import { ErrorCode } from '../../contract/errors';
import { FederatedSignInMessage } from '../../contract/federated-sign-in';
import type {
  LinkConfirmationContext,
  linkConfirmationMachine,
} from '../../machines/linkConfirmation/linkConfirmation.machine';
import { LinkConfirmationView } from '../../src/features/federated-sign-in/link-confirmation.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';
import { existingAccount, secondFactorRequired } from './signInCallback.cases';

/** Sample events for generating the link confirmation machine's paths. */
const linkConfirmationCases = {
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

/** The token of the link in the mail. */
export const token = 'Qm9uZGxpbmUtbGluay10b2tlbi0wMTIzNDU2Nzg5YWJj';

/** What the link confirmation machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const linkConfirmationModel: FlowModel<typeof linkConfirmationMachine> = {
  input: { token },
  cases: linkConfirmationCases,
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.matches('failed') ? Boolean(snapshot.context.failure?.message) : null]),
  render: (snapshot, send) => <LinkConfirmationView snapshot={snapshot} send={send} onNavigate={() => {}} />,
};
