/**
 * The paths generated from a machine's graph (docs/design.md §5), shared by the path tests
 * (tests/support/model-based.tsx) and the flow explorer (tools/flow-explorer): one path per
 * transition of the graph, named as the tests print it. Pure: no test runner, no React.
 * The one module that imports @xstate/graph, so a move to `xstate/graph` is one line.
 */
import { getAdjacencyMap, getShortestPaths, type Step } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
} from 'xstate';

export type { Step } from '@xstate/graph';
export { getStateNodes } from '@xstate/graph';

// Generic machine snapshots do not narrow in TypeScript; recognisers see any machine's snapshot.
export type Snapshot<_M extends AnyStateMachine> = AnyMachineSnapshot;
export type Event<M extends AnyStateMachine> = EventFromLogic<M>;

/**
 * Sample events per event type; a function may choose by the current snapshot. Actor results and
 * timers (`xstate.done.actor.…`) are events too, outside the machine's declared event type.
 */
type Cases<M extends AnyStateMachine> = Partial<
  Record<string, ReadonlyArray<EventObject> | ((snapshot: Snapshot<M>) => ReadonlyArray<EventObject>)>
>;

/** What the paths of a machine are generated from. */
export type PathModel<M extends AnyStateMachine> = {
  machine: M;
  input?: unknown;
  cases: Cases<M>;
  /** What makes two snapshots different states for path generation (default: value + tags). */
  serializeState?: (snapshot: Snapshot<M>) => string;
};

export type TransitionPath<M extends AnyStateMachine> = { name: string; steps: Step<Snapshot<M>, Event<M>>[] };

/** `{ signedIn: 'idle' }` → `signedIn.idle`. */
export function statePathOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const [[key, child]] = Object.entries(value as Record<string, unknown>) as [[string, unknown]];
  return `${key}.${statePathOf(child)}`;
}

/** The sample events a snapshot accepts; an event type without samples is sent bare. */
export function eventsFor<M extends AnyStateMachine>(model: PathModel<M>, snapshot: Snapshot<M>): Event<M>[] {
  if (snapshot.status !== 'active') return [];
  return __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type) => {
    const samples = model.cases[type];
    if (!samples) return [{ type } as Event<M>];
    return [...(typeof samples === 'function' ? samples(snapshot) : samples)] as Event<M>[];
  });
}

function traversalOptions<M extends AnyStateMachine>(model: PathModel<M>) {
  return {
    input: model.input,
    events: (snapshot: Snapshot<M>) => eventsFor(model, snapshot),
    serializeState: (snapshot: Snapshot<M>) =>
      model.serializeState?.(snapshot) ?? JSON.stringify([snapshot.value, [...snapshot.tags].sort(), snapshot.status]),
  };
}

/** One path per edge of the graph: the shortest way to its source, then the edge. */
export function transitionPaths<M extends AnyStateMachine>(model: PathModel<M>): TransitionPath<M>[] {
  const options = traversalOptions(model);
  // biome-ignore lint/suspicious/noExplicitAny: @xstate/graph's option types do not follow machine generics
  const adjacency = getAdjacencyMap(model.machine, options as any);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const shortest = getShortestPaths(model.machine, options as any);
  const pathTo = new Map(shortest.map((path) => [options.serializeState(path.state as Snapshot<M>), path]));
  const paths: TransitionPath<M>[] = [];
  for (const [serialized, { state, transitions }] of Object.entries(adjacency) as [
    string,
    { state: unknown; transitions: Record<string, { event: unknown; state: unknown }> },
  ][]) {
    const prefix = pathTo.get(serialized);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const steps = [...prefix.steps, { event, state: next }] as Step<Snapshot<M>, Event<M>>[];
      const from = statePathOf((state as Snapshot<M>).value);
      const to =
        (next as Snapshot<M>).status === 'done'
          ? `${statePathOf((next as Snapshot<M>).value)} (final)`
          : statePathOf((next as Snapshot<M>).value);
      paths.push({ name: `${from} --${JSON.stringify(event)}--> ${to} (${steps.length - 1} steps)`, steps });
    }
  }
  return paths;
}
