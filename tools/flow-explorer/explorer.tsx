/**
 * The flow explorer (issue 25): every machine of machines/, its diagram with the current state
 * highlighted, the events it can take now, and its generated paths played step by step. A developer
 * and QA tool, in English only, outside the customers' bundles and the portal's catalogues.
 * The machine is stepped purely with `transition()`, as the path generator does: the app's side
 * effects never run, their results are events to take like any other.
 */
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { stateElementId, toDot } from '../../machines/diagram';
import { eventsFor, getStateNodes, statePathOf, type TransitionPath, transitionPaths } from '../../machines/paths';
import { Button } from '../../src/components/ui/button';
import { type ExploredMachine, exploredMachines } from './catalogue';

type Place = { machine?: string; path?: string; step?: number };

function placeOf(search: string): Place {
  const params = new URLSearchParams(search);
  const step = params.get('step');
  return {
    machine: params.get('machine') ?? undefined,
    path: params.get('path') ?? undefined,
    step: step === null ? undefined : Number(step),
  };
}

function hrefOf(place: Place): string {
  const params = new URLSearchParams();
  if (place.machine) params.set('machine', place.machine);
  if (place.path !== undefined) params.set('path', place.path);
  if (place.step !== undefined) params.set('step', String(place.step));
  return `?${params}`;
}

const graphviz = Graphviz.load();

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

function counts(machine: AnyStateMachine): { states: number; events: number } {
  const nodes = getStateNodes(machine.root) as AnyStateNode[];
  const events = new Set(nodes.flatMap((node) => [...node.transitions.keys()]));
  return { states: nodes.length, events: events.size };
}

export function Explorer() {
  const [place, setPlace] = useState(() => placeOf(window.location.search));
  const [query, setQuery] = useState('');
  useEffect(() => {
    const onPop = () => setPlace(placeOf(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (next: Place) => {
    window.history.pushState(null, '', hrefOf(next));
    setPlace(next);
  };
  const follow = (next: Place) => (event: MouseEvent) => {
    event.preventDefault();
    go(next);
  };

  const chosen = exploredMachines.find((explored) => explored.name === place.machine);
  const shown = exploredMachines.filter((explored) => explored.name.toLowerCase().includes(query.toLowerCase()));

  return (
    <div className="explorer">
      <nav aria-label="Machines">
        <h1>Flow explorer</h1>
        <label htmlFor="machine-search">Search machines</label>
        <input id="machine-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <ul className="machine-list">
          {shown.map((explored) => {
            const { states, events } = counts(explored.model.machine);
            return (
              <li key={explored.name}>
                <a
                  href={hrefOf({ machine: explored.name })}
                  aria-current={explored === chosen ? 'page' : undefined}
                  onClick={follow({ machine: explored.name })}
                >
                  {explored.name} <span className="counts">{`${states} states · ${events} events`}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main>
        {chosen ? (
          <MachinePanel key={chosen.name} explored={chosen} place={place} go={go} follow={follow} />
        ) : (
          <p>Choose a machine to see its diagram, its events and its generated paths.</p>
        )}
      </main>
    </div>
  );
}

type PanelProps = {
  explored: ExploredMachine;
  place: Place;
  go: (place: Place) => void;
  follow: (place: Place) => (event: MouseEvent) => void;
};

function MachinePanel({ explored, place, go, follow }: PanelProps) {
  const { name, model } = explored;
  const { machine } = model;
  const generated = useMemo((): TransitionPath<AnyStateMachine>[] | Error => {
    try {
      return transitionPaths(model);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [model]);
  const paths = generated instanceof Error ? [] : generated;
  const pathIndex =
    place.path === undefined
      ? -1
      : paths.findIndex((path, index) => String(index) === place.path || path.name === place.path);
  const path = paths[pathIndex];
  const lastStep = path ? path.steps.length - 1 : 0;
  const step = Math.min(Math.max(place.step ?? 0, 0), lastStep);

  // Events taken by hand since the place in the address.
  const [taken, setTaken] = useState<EventObject[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new place starts with no events taken by hand
  useEffect(() => setTaken([]), [place.path, place.step]);

  const snapshot = useMemo((): AnyMachineSnapshot | Error => {
    try {
      let current = path ? path.steps[step]?.state : initialTransition(machine, model.input as never)[0];
      for (const event of taken) current = transition(machine, current as never, event)[0];
      return current as AnyMachineSnapshot;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [machine, model.input, path, step, taken]);

  return (
    <>
      <h2>{name}</h2>
      {snapshot instanceof Error ? (
        <p role="alert">{`This machine does not start without the input its screen gives it: ${snapshot.message}`}</p>
      ) : (
        <>
          <p aria-live="polite">
            Current state: <strong>{statePathOf(snapshot.value)}</strong>
            {snapshot.status === 'done' ? ' (final)' : ''}
          </p>
          <Diagram machine={machine} snapshot={snapshot} />
          <h2>Events from here</h2>
          <ul className="events">
            {eventsFor(model, snapshot).map((event, index) => {
              const guards = guardsOf(snapshot, event.type);
              const can = snapshot.can(event);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: two samples of one event may look alike
                <li key={`${event.type}-${index}`}>
                  <Button variant="outline" disabled={!can} onClick={() => setTaken([...taken, event])}>
                    {event.type} {payloadOf(event)}
                    <small>{`${guards.length > 0 ? `guard ${guards.join(', ')} · ` : ''}${can ? 'can be taken' : 'cannot be taken now'}`}</small>
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <h2>Generated paths</h2>
      {explored.sharesTestModel ? null : (
        <p>{`Generated with an empty input and the default state comparison: until tests/machines/${name}.cases.ts exports ${name}Model (as signUp does), these paths and names may differ from the path tests'.`}</p>
      )}
      {generated instanceof Error ? (
        <p>{`No paths without the input its screen gives it: ${generated.message}`}</p>
      ) : null}
      {path ? (
        <div className="player">
          <span>{`Path ${pathIndex}: step ${step} of ${lastStep}`}</span>
          <Button
            variant="outline"
            disabled={step === 0}
            onClick={() => go({ machine: name, path: String(pathIndex), step: step - 1 })}
          >
            Back
          </Button>
          <Button
            variant="outline"
            disabled={step === lastStep}
            onClick={() => go({ machine: name, path: String(pathIndex), step: step + 1 })}
          >
            Next
          </Button>
          <Button
            variant="outline"
            disabled={step === lastStep}
            onClick={() => go({ machine: name, path: String(pathIndex), step: lastStep })}
          >
            To the end
          </Button>
        </div>
      ) : null}
      <ol className="path-list" start={0} aria-label={`Generated paths of ${name}`}>
        {paths.map((candidate, index) => (
          <li key={candidate.name}>
            <a
              href={hrefOf({ machine: name, path: String(index), step: 0 })}
              aria-current={index === pathIndex ? 'true' : undefined}
              onClick={follow({ machine: name, path: String(index), step: 0 })}
            >
              {candidate.name}
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}

function Diagram({ machine, snapshot }: { machine: AnyStateMachine; snapshot: AnyMachineSnapshot }) {
  const [svg, setSvg] = useState('');
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let current = true;
    void graphviz.then((drawer) => {
      if (current) setSvg(drawer.dot(toDot(machine)));
    });
    return () => {
      current = false;
    };
  }, [machine]);
  useEffect(() => {
    const root = container.current;
    if (!root || !svg) return;
    for (const element of root.querySelectorAll('.current')) element.classList.remove('current');
    for (const node of snapshot._nodes as AnyStateNode[])
      document.getElementById(stateElementId(node.id))?.classList.add('current');
  }, [svg, snapshot]);
  return (
    <figure aria-label={`Diagram of ${machine.id}`} className="diagram">
      {/* Graphviz's own output for the project's own machine: no outside text reaches it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
      <div ref={container} dangerouslySetInnerHTML={{ __html: svg }} />
    </figure>
  );
}
