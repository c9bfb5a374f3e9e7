import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { RequestServerRequest } from '../../contract/teams';
import { providedByApp } from '../support/provided-by-app';
import { type Refusal, refusalOfEvent } from '../support/refusal';

export type ServerRequestContext = {
  /** The daily maintenance window's start and end as `HH:MM` in UTC (what a time input gives). */
  from: string;
  to: string;
  /** A contract TeamMessage text; views translate it. */
  windowError: string | null;
  /** Why the last request did not happen; null while none failed. */
  failure: Refusal | null;
};

export type ServerRequestEvent =
  | { type: 'user.changeFrom'; value: string }
  | { type: 'user.changeTo'; value: string }
  | { type: 'user.submit' };

/** The two times as the API's `timeInterval`: `HH:MM-HH:MM`. */
function timeIntervalOf(context: Pick<ServerRequestContext, 'from' | 'to'>): string {
  return `${context.from}-${context.to}`;
}

/** The contract's check of the window, as its message text, or null. */
export function windowErrorOf(context: Pick<ServerRequestContext, 'from' | 'to'>): string | null {
  const result = v.safeParse(RequestServerRequest.entries.timeInterval, timeIntervalOf(context));
  return result.success ? null : result.issues[0].message;
}

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
    requestServer: providedByApp<void, { timeInterval: string }>('requestServer'),
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
  context: { from: '', to: '', windowError: null, failure: null },
  initial: 'editing',
  states: {
    editing: { on: editing },
    requesting: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'requestServer',
        src: 'requestServer',
        input: ({ context }) => ({ timeInterval: timeIntervalOf(context) }),
        onDone: 'requested',
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => refusalOfEvent(event) }),
        },
      },
    },
    /** The window stays as chosen beside the server's answer. */
    failed: { tags: ['error'], on: editing },
    /** Accepted (202): the server is set up later; the team's servers list shows it as requested. */
    requested: { type: 'final' },
  },
});
