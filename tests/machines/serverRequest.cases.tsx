import { ErrorCode } from '../../contract/errors';
import { TeamMessage } from '../../contract/teams';
import type { ServerRequestContext, serverRequestMachine } from '../../machines/serverRequest/serverRequest.machine';
import { DedicatedServerRequestView } from '../../src/features/servers/servers.view';
import type { FlowModel } from '../support/flow-model';
import { refused } from '../support/refusals';

/** Sample events for generating the server request machine's paths. */
const serverRequestCases = {
  // A person can only change a time to something other than what it holds; clearing it is a change too.
  'user.changeFrom': ({ context }: { context: ServerRequestContext }) =>
    ['22:00', '']
      .filter((value) => value !== context.from)
      .map((value) => ({ type: 'user.changeFrom' as const, value })),
  'user.changeTo': ({ context }: { context: ServerRequestContext }) =>
    ['02:30', ''].filter((value) => value !== context.to).map((value) => ({ type: 'user.changeTo' as const, value })),
  'xstate.done.actor.requestServer': [
    { type: 'xstate.done.actor.requestServer', output: undefined, actorId: 'requestServer' },
  ],
  'xstate.error.actor.requestServer': [
    {
      type: 'xstate.error.actor.requestServer',
      error: refused(ErrorCode.subscriptionRefused, TeamMessage.notDedicatedServerPlan),
      actorId: 'requestServer',
    },
    { type: 'xstate.error.actor.requestServer', error: new Error('network down'), actorId: 'requestServer' },
  ],
} as const;

/** What the serverRequest machine's paths are generated from, and its view (the path tests and the flow explorer). */
export const serverRequestModel: FlowModel<typeof serverRequestMachine> = {
  cases: serverRequestCases,
  // What decides where a submit goes: the state, which times are chosen, and whether a failure came
  // with the server's message.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.from !== '',
      snapshot.context.to !== '',
      snapshot.matches('failed') ? Boolean(snapshot.context.failure?.message) : null,
    ]),
  render: (snapshot, send) => <DedicatedServerRequestView snapshot={snapshot} send={send} />,
};
