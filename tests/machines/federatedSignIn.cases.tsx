import { ErrorCode } from '../../contract/errors';
import { FederatedSignInMessage, type SignInProvider } from '../../contract/federated-sign-in';
import type {
  FederatedSignInContext,
  federatedSignInMachine,
} from '../../machines/federatedSignIn/federatedSignIn.machine';
import { FederatedSignInView } from '../../src/features/federated-sign-in/federated-sign-in.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

export const authorizationUrl = 'https://accounts.example/authorize?client_id=portal&state=s';

/** The providers the page offers: one of the well-known ones, and a company's own. */
export const providers: SignInProvider[] = [
  { id: 'google', name: 'Google' },
  { id: 'enterprise', name: 'Northwind' },
];

/** Sample events for generating the federated sign-in machine's paths. */
const federatedSignInCases = {
  'user.chooseProvider': [{ type: 'user.chooseProvider', provider: 'google' }],
  // A work address and a malformed one, each only when it is not already typed.
  'user.changeWorkEmail': ({ context }: { context: FederatedSignInContext }) =>
    ['casey@northwind.example', 'casey@']
      .filter((value) => value !== context.workEmail)
      .map((value) => ({ type: 'user.changeWorkEmail' as const, value })),
  'xstate.done.actor.startProviderSignIn': [
    { type: 'xstate.done.actor.startProviderSignIn', output: { authorizationUrl }, actorId: 'startProviderSignIn' },
  ],
  'xstate.error.actor.startProviderSignIn': [
    {
      type: 'xstate.error.actor.startProviderSignIn',
      error: refused(ErrorCode.providerUnavailable, FederatedSignInMessage.providerUnavailable),
      actorId: 'startProviderSignIn',
    },
    {
      type: 'xstate.error.actor.startProviderSignIn',
      error: new Error('network down'),
      actorId: 'startProviderSignIn',
    },
  ],
  'xstate.done.actor.startCompanySignIn': [
    { type: 'xstate.done.actor.startCompanySignIn', output: { authorizationUrl }, actorId: 'startCompanySignIn' },
  ],
  'xstate.error.actor.startCompanySignIn': [
    {
      type: 'xstate.error.actor.startCompanySignIn',
      error: refused(ErrorCode.unknownDomain, FederatedSignInMessage.unknownDomain),
      actorId: 'startCompanySignIn',
    },
    { type: 'xstate.error.actor.startCompanySignIn', error: new Error('network down'), actorId: 'startCompanySignIn' },
  ],
} as const;

/** What the federatedSignIn machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const federatedSignInModel: FlowModel<typeof federatedSignInMachine> = {
  input: { redirect: '/activate' },
  cases: federatedSignInCases,
  // What the person can tell apart: the state, which provider is starting, whether a work address is
  // typed and its error shows, and whether a refusal came with the server's message.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.provider,
      snapshot.context.workEmail !== '',
      snapshot.context.workEmailError !== null,
      snapshot.context.failure === null ? null : snapshot.context.failure.message !== null,
    ]),
  render: (snapshot, send) => <FederatedSignInView snapshot={snapshot} send={send} providers={providers} />,
};
