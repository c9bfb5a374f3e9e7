/**
 * Stepping a machine as the path generator does, purely with `transition()`: the app's side effects
 * never run, and their results (an actor's success or refusal, a timer) are events to take like
 * any other. Also what QA see of those events: grouped into what the person does, the work that
 * waits for an answer, and time passing.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { eventsFor, type PathModel, type TransitionPath } from '../../machines/support/paths';
import { refusalOfEvent } from '../../machines/support/refusal';

/** The state after a generated path's first `step` steps and the events taken by hand since. */
export function walk(
  model: PathModel<AnyStateMachine>,
  path: TransitionPath<AnyStateMachine> | undefined,
  step: number,
  taken: ReadonlyArray<number | EventObject>,
): AnyMachineSnapshot {
  let current =
    (path ? path.steps[step]?.state : undefined) ?? initialTransition(model.machine, model.input as never)[0];
  for (const item of taken) {
    const event = typeof item === 'number' ? eventsFor(model, current)[item] : item;
    if (!event) throw new Error(`No event ${JSON.stringify(item)} is offered in this state`);
    current = transition(model.machine, current as never, event)[0];
  }
  return current as AnyMachineSnapshot;
}

export type OfferedEvent = { event: EventObject; index: number; label: string; guards: string[]; can: boolean };

/** An invoked actor the machine waits on, with the answers it can get. */
type PendingWork = { id: string; src: string; answers: OfferedEvent[] };

export type OfferedEvents = { person: OfferedEvent[]; pending: PendingWork[]; time: OfferedEvent[] };

function guardName(guard: unknown): string | undefined {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return guard ? 'inline guard' : undefined;
}

/** The guards of the transitions that the event's type has in the current states. */
function guardsOf(snapshot: AnyMachineSnapshot, type: string): string[] {
  return (snapshot._nodes as AnyStateNode[]).flatMap((node) =>
    (node.transitions.get(type) ?? [])
      .map((candidate) => guardName(candidate.guard))
      .filter((name) => name !== undefined),
  );
}

function payloadOf(event: EventObject): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  const text = JSON.stringify(payload);
  return text === '{}' ? '' : text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function answerLabel(event: EventObject): string {
  if (event.type.startsWith('xstate.done.actor.')) {
    const { output } = event as EventObject & { output?: unknown };
    const shown = output === undefined ? '' : JSON.stringify(output);
    return `Succeeds${shown ? ` with ${shown.length > 50 ? `${shown.slice(0, 49)}…` : shown}` : ''}`;
  }
  const refusal = refusalOfEvent(event);
  if (refusal.code)
    return `Refused: ${refusal.code}${refusal.retryAfterSeconds ? ` (retry after ${refusal.retryAfterSeconds} s)` : ''}`;
  const { error } = event as EventObject & { error?: unknown };
  return `Fails unexplained${error instanceof Error ? ` (${error.message})` : ''}`;
}

export function offeredEvents(model: PathModel<AnyStateMachine>, snapshot: AnyMachineSnapshot): OfferedEvents {
  const offered = eventsFor(model, snapshot).map(
    (event, index): OfferedEvent => ({
      event,
      index,
      label: `${event.type} ${payloadOf(event)}`.trim(),
      guards: guardsOf(snapshot, event.type),
      can: snapshot.can(event),
    }),
  );
  const invoked = (snapshot._nodes as AnyStateNode[]).flatMap((node) =>
    node.invoke.map((invoke) => ({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : invoke.id })),
  );
  const answerOf = (id: string) => (offer: OfferedEvent) =>
    offer.event.type === `xstate.done.actor.${id}` || offer.event.type === `xstate.error.actor.${id}`;
  // An actor that only sends events (a clock's ticks) has no answer to wait for.
  const pending = invoked
    .map(({ id, src }) => ({
      id,
      src,
      answers: offered.filter(answerOf(id)).map((offer) => ({ ...offer, label: answerLabel(offer.event) })),
    }))
    .filter((work) => work.answers.length > 0);
  const isTime = (offer: OfferedEvent) => offer.event.type.startsWith('xstate.after.');
  const time = offered.filter(isTime).map((offer) => {
    // `xstate.after.<delay>.<state id>`: the delay is milliseconds or the name of a delay the machine declares.
    const delay = offer.event.type.split('.')[2] ?? '';
    return { ...offer, label: /^\d+$/.test(delay) ? `${delay} ms pass` : `The delay ${delay} passes` };
  });
  const person = offered.filter((offer) => !isTime(offer) && !invoked.some(({ id }) => answerOf(id)(offer)));
  return { person, pending, time };
}
