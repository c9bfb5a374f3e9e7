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
 *     machine: signInMachine,
 *     ...signInModel, // input, cases, serializeState and the view, shared with the flow explorer (./flow-model.ts)
 *     states: { editing: { view: (screen) => expect(screen.getByRole('button', …)).toBeEnabled() } },
 *     drivers: { 'user.submit': ({ user, screen }) => user.click(screen.getByRole('button', …)) },
 *   });
 */
import { screen as globalScreen, type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, type AnyStateMachine, initialTransition, transition } from 'xstate';
import {
  type Event,
  getStateNodes,
  type PathModel,
  type Snapshot,
  type Step,
  statePathOf,
  transitionPaths,
} from '../../machines/support/paths';
import type { FlowModel } from './flow-model';
import { TestI18n } from './i18n';

export { statePathOf };

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

export type ModelSpec<M extends AnyStateMachine> = PathModel<M> &
  FlowModel<M> & {
    /** Keyed by state path (`signedIn.refreshingUser`); a key for a parent applies to its children. */
    states: Record<string, StateRecogniser<M>>;
    /** UI drivers for the events a person causes; any other event is applied without UI. */
    drivers: Partial<Record<string, Driver<M>>>;
  };

/** The view in English, as the tests read it. */
function renderView<M extends AnyStateMachine>(
  spec: ModelSpec<M>,
  snapshot: Snapshot<M>,
  send: (event: Event<M>) => void,
) {
  return render(<TestI18n>{spec.render(snapshot, send)}</TestI18n>);
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
      rendered = renderView(spec, snapshot, send);
      await driver({ user: userEvent.setup(), screen: globalScreen, event: step.event, snapshot });
      // The view must have sent exactly the event of this step (last, when a driver needs several inputs).
      expect(send).toHaveBeenLastCalledWith(step.event);
    }
    [snapshot] = transition(spec.machine, snapshot as never, step.event) as [Snapshot<M>, unknown];
  }
  rendered?.unmount();
  renderView(spec, snapshot, vi.fn());
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
