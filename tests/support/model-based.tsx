/**
 * Model-based tests generated from a machine's graph (docs/design.md §5).
 *
 * Give `describeModel` a machine, sample events (`cases`: payloads for user events, outputs and
 * errors of invoked actors, and timers), a recogniser per state, a UI driver per user event and
 * the view. It computes, with @xstate/graph, one path per transition of the graph (the shortest
 * path to the transition's source, then the transition) and runs each path twice:
 * - against the machine alone, stepping it purely with `transition()`, and checking each state's
 *   recogniser on the way;
 * - against the view: for every step, the view is rendered from the step's snapshot, the driver
 *   causes the event through the UI (Testing Library + user-event), and the test asserts the view
 *   sent exactly that event; events that have no UI (actor results, timers) are applied directly.
 *   At the end the view's recogniser for the final state runs against the rendered screen.
 * Two coverage tests assert that every state node is reached, and that every event a reached state
 * accepts was taken by some path.
 *
 * Usage (see tests/machines/signIn.test.tsx):
 *   describeModel({
 *     machine: signInMachine, input: {},
 *     cases: signInCases,
 *     states: { editing: { view: (screen) => expect(screen.getByRole('button', …)).toBeEnabled() } },
 *     drivers: { 'user.submit': ({ user, screen }) => user.click(screen.getByRole('button', …)) },
 *     render: (snapshot, send) => <SignInView snapshot={snapshot} send={send} />,
 *   });
 */
import { screen as globalScreen, type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type Step } from './graph';

// Generic machine snapshots do not narrow in TypeScript; recognisers see any machine's snapshot.
type Snapshot<_M extends AnyStateMachine> = AnyMachineSnapshot;
type Event<M extends AnyStateMachine> = EventFromLogic<M>;

/**
 * Sample events per event type; a function may choose by the current snapshot. Actor results and
 * timers (`xstate.done.actor.…`) are events too, outside the machine's declared event type.
 */
type Cases<M extends AnyStateMachine> = Partial<
  Record<string, ReadonlyArray<EventObject> | ((snapshot: Snapshot<M>) => ReadonlyArray<EventObject>)>
>;

type StateRecogniser<M extends AnyStateMachine> = {
  /** Invariants of the snapshot in this state. */
  machine?: (snapshot: Snapshot<M>) => void;
  /** What the person sees in this state. */
  view?: (screen: typeof globalScreen, snapshot: Snapshot<M>) => void;
};

export type Driver<M extends AnyStateMachine> = (tools: {
  user: UserEvent;
  screen: typeof globalScreen;
  event: Event<M>;
  snapshot: Snapshot<M>;
}) => Promise<void>;

export type ModelSpec<M extends AnyStateMachine> = {
  machine: M;
  input?: unknown;
  cases: Cases<M>;
  /** Keyed by state path (`signedIn.refreshingUser`); a key for a parent applies to its children. */
  states: Record<string, StateRecogniser<M>>;
  /** UI drivers for the events a person causes; any other event is applied without UI. */
  drivers: Partial<Record<string, Driver<M>>>;
  render: (snapshot: Snapshot<M>, send: (event: Event<M>) => void) => ReactElement;
  /** What makes two snapshots different states for path generation (default: value + tags). */
  serializeState?: (snapshot: Snapshot<M>) => string;
};

/** `{ signedIn: 'idle' }` → `signedIn.idle`. */
export function statePathOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const [[key, child]] = Object.entries(value as Record<string, unknown>) as [[string, unknown]];
  return `${key}.${statePathOf(child)}`;
}

function eventsFor<M extends AnyStateMachine>(spec: ModelSpec<M>, snapshot: Snapshot<M>): Event<M>[] {
  if (snapshot.status !== 'active') return [];
  return __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type) => {
    const samples = spec.cases[type];
    if (!samples) return [{ type } as Event<M>];
    return [...(typeof samples === 'function' ? samples(snapshot) : samples)] as Event<M>[];
  });
}

function traversalOptions<M extends AnyStateMachine>(spec: ModelSpec<M>) {
  return {
    input: spec.input,
    events: (snapshot: Snapshot<M>) => eventsFor(spec, snapshot),
    serializeState: (snapshot: Snapshot<M>) =>
      spec.serializeState?.(snapshot) ?? JSON.stringify([snapshot.value, [...snapshot.tags].sort(), snapshot.status]),
  };
}

type TransitionPath<M extends AnyStateMachine> = { name: string; steps: Step<Snapshot<M>, Event<M>>[] };

/** One path per edge of the graph: the shortest way to its source, then the edge. */
function transitionPaths<M extends AnyStateMachine>(spec: ModelSpec<M>): TransitionPath<M>[] {
  const options = traversalOptions(spec);
  // biome-ignore lint/suspicious/noExplicitAny: @xstate/graph's option types do not follow machine generics
  const adjacency = getAdjacencyMap(spec.machine, options as any);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const shortest = getShortestPaths(spec.machine, options as any);
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

function recognisersFor<M extends AnyStateMachine>(spec: ModelSpec<M>, snapshot: Snapshot<M>): StateRecogniser<M>[] {
  const path = statePathOf(snapshot.value).split('.');
  return path
    .map((_, index) => spec.states[path.slice(0, index + 1).join('.')])
    .filter((recogniser) => recogniser !== undefined);
}

async function runOnMachine<M extends AnyStateMachine>(spec: ModelSpec<M>, steps: Step<Snapshot<M>, Event<M>>[]) {
  // biome-ignore lint/suspicious/noExplicitAny: the input type is the machine's own
  let [snapshot]: [Snapshot<M>, unknown] = initialTransition(spec.machine, spec.input as any);
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    [snapshot] = transition(spec.machine, snapshot as never, step.event) as [Snapshot<M>, unknown];
    expect(statePathOf(snapshot.value)).toBe(statePathOf(step.state.value));
    for (const recogniser of recognisersFor(spec, snapshot)) recogniser.machine?.(snapshot);
  }
}

async function runOnView<M extends AnyStateMachine>(spec: ModelSpec<M>, steps: Step<Snapshot<M>, Event<M>>[]) {
  // biome-ignore lint/suspicious/noExplicitAny: the input type is the machine's own
  let [snapshot]: [Snapshot<M>, unknown] = initialTransition(spec.machine, spec.input as any);
  let rendered: RenderResult | undefined;
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    const driver = spec.drivers[step.event.type];
    if (driver) {
      const send = vi.fn<(event: Event<M>) => void>();
      rendered?.unmount();
      rendered = render(spec.render(snapshot, send));
      await driver({ user: userEvent.setup(), screen: globalScreen, event: step.event, snapshot });
      // The view must have sent exactly the event of this step (last, when a driver needs several inputs).
      expect(send).toHaveBeenLastCalledWith(step.event);
    }
    [snapshot] = transition(spec.machine, snapshot as never, step.event) as [Snapshot<M>, unknown];
  }
  rendered?.unmount();
  render(spec.render(snapshot, vi.fn()));
  const recognisers = recognisersFor(spec, snapshot);
  expect(
    recognisers.some((recogniser) => recogniser.view),
    `no view recogniser for ${statePathOf(snapshot.value)}`,
  ).toBe(true);
  for (const recogniser of recognisers) recogniser.view?.(globalScreen, snapshot);
}

/** Declares the generated tests of one machine. */
export function describeModel<M extends AnyStateMachine>(name: string, spec: ModelSpec<M>): void {
  const paths = transitionPaths(spec);

  describe(`${name}: generated paths on the machine`, () => {
    it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
      await runOnMachine(spec, path.steps);
    });
  });

  describe(`${name}: generated paths through the view`, () => {
    it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
      await runOnView(spec, path.steps);
    });
  });

  describe(`${name}: coverage`, () => {
    it('reaches every state node', () => {
      const reached = new Set(
        paths
          .flatMap((path) => path.steps.map((step) => step.state))
          .flatMap((snapshot) => [...snapshot._nodes].map((node) => node.id)),
      );
      // A transient state (only eventless transitions) is left in the same step it is entered.
      const all = getStateNodes(spec.machine.root)
        .filter((node) => !(node.always?.length && Object.keys(node.on).length === 0))
        .map((node) => node.id);
      expect(all.filter((id) => !reached.has(id))).toEqual([]);
    });

    it('takes every event that every reached state accepts', () => {
      const taken = new Set(
        paths.map((path) => {
          const last = path.steps.at(-1);
          const previous = path.steps.at(-2);
          return `${previous ? statePathOf(previous.state.value) : '(initial)'}|${last?.event.type}`;
        }),
      );
      const accepted = new Set(
        paths
          .flatMap((path) => path.steps.map((step) => step.state))
          .filter((snapshot) => snapshot.status === 'active')
          .flatMap((snapshot) =>
            __unsafe_getAllOwnEventDescriptors(snapshot).map((type) => `${statePathOf(snapshot.value)}|${type}`),
          ),
      );
      expect([...accepted].filter((edge) => !taken.has(edge))).toEqual([]);
    });
  });
}
