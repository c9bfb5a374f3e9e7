import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { RequestServerRequest } from '../../contract/teams';

export type ServerRequestContext = {
  /** The daily maintenance window's start and end as `HH:MM` in UTC (what a time input gives). */
  from: string;
  to: string;
  /** A contract TeamMessage text; views translate it. */
  windowError: string | null;
  /** The server's `message` for a refused request; null when it sent none (network, 5xx). */
  failureMessage: string | null;
};

export type ServerRequestEvent =
  | { type: 'user.changeFrom'; value: string }
  | { type: 'user.changeTo'; value: string }
  | { type: 'user.submit' };

/** A request the server refused with `{ error, message }`: the message is shown as it is. */
export class ServerRequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerRequestRefused';
  }
}

/** The two times as the API's `timeInterval`: `HH:MM-HH:MM`. */
export function timeIntervalOf(context: Pick<ServerRequestContext, 'from' | 'to'>): string {
  return `${context.from}-${context.to}`;
}

/** The contract's check of the window, as its message text, or null. */
export function windowErrorOf(context: Pick<ServerRequestContext, 'from' | 'to'>): string | null {
  const result = v.safeParse(RequestServerRequest.entries.timeInterval, timeIntervalOf(context));
  return result.success ? null : result.issues[0].message;
}

const failureMessageOf = (error: unknown) => (error instanceof ServerRequestRefused ? error.message : null);

const editing = {
  'user.changeFrom': { target: '#serverRequest.editing', actions: 'changeFrom' },
  'user.changeTo': { target: '#serverRequest.editing', actions: 'changeTo' },
  'user.submit': [
    { guard: 'isWindowValid', target: '#serverRequest.requesting' },
    { target: '#serverRequest.editing', actions: 'showWindowError' },
  ],
} as const;

/** The owner of a dedicated server subscription asks for the server, with its daily maintenance window. */
export const serverRequestMachine = setup({
  types: {
    context: {} as ServerRequestContext,
    events: {} as ServerRequestEvent,
  },
  actors: {
    requestServer: fromPromise<void, { timeInterval: string }>(async () => {
      throw new Error('requestServer is provided by the app');
    }),
  },
  actions: {
    changeFrom: assign(({ event }) => {
      assertEvent(event, 'user.changeFrom');
      return { from: event.value, windowError: null };
    }),
    changeTo: assign(({ event }) => {
      assertEvent(event, 'user.changeTo');
      return { to: event.value, windowError: null };
    }),
    showWindowError: assign({ windowError: ({ context }) => windowErrorOf(context) }),
  },
  guards: {
    isWindowValid: ({ context }) => windowErrorOf(context) === null,
  },
}).createMachine({
  id: 'serverRequest',
  context: { from: '', to: '', windowError: null, failureMessage: null },
  initial: 'editing',
  states: {
    editing: { on: editing },
    requesting: {
      tags: ['busy'],
      entry: assign({ failureMessage: null }),
      invoke: {
        id: 'requestServer',
        src: 'requestServer',
        input: ({ context }) => ({ timeInterval: timeIntervalOf(context) }),
        onDone: 'requested',
        onError: {
          target: 'failed',
          actions: assign({ failureMessage: ({ event }) => failureMessageOf(event.error) }),
        },
      },
    },
    /** The window stays as chosen beside the server's answer. */
    failed: { tags: ['error'], on: editing },
    /** Accepted (202): the server is set up later; the team's servers list shows it as requested. */
    requested: { type: 'final' },
  },
});
