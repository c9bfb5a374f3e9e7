/**
 * The flow explorer (issue 25): every machine of machines/, its diagram with the current state
 * highlighted, the events it can take now, its real view for the current snapshot in any theme and
 * language, and its generated paths played step by step. A developer and QA tool, in English only,
 * outside the customers' bundles and the portal's catalogues.
 */
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { stateElementId, toDot } from '../../machines/support/diagram';
import { getStateNodes, statePathOf, type TransitionPath, transitionPaths } from '../../machines/support/paths';
import { Button } from '../../src/components/ui/button';
import type { Theme } from '../../src/lib/theme';
import { type ExploredMachine, exploredMachines } from './catalogue';
import { explorerBase, hrefOf, type Look, type Place, placeOf } from './place';
import { ViewBoundary, ViewFrame } from './view-frame';
import { directionOf, type Locale, locales } from './view-i18n';
import { type OfferedEvent, offeredEvents, walk } from './walk';

const graphviz = Graphviz.load();
const base = explorerBase(
  window.location.pathname,
  exploredMachines.map((explored) => explored.name),
);
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

function counts(machine: AnyStateMachine): { states: number; events: number } {
  const nodes = getStateNodes(machine.root) as AnyStateNode[];
  const events = new Set(nodes.flatMap((node) => [...node.transitions.keys()]));
  return { states: nodes.length, events: events.size };
}

type Go = (place: Place, options?: { replace?: boolean }) => void;

export function Explorer() {
  const [place, setPlace] = useState(() => placeOf(window.location, base));
  const [query, setQuery] = useState('');
  useEffect(() => {
    const onPop = () => setPlace(placeOf(window.location, base));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go: Go = (next, { replace = false } = {}) => {
    window.history[replace ? 'replaceState' : 'pushState'](null, '', hrefOf(next, base));
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
            const { states, events } = counts(explored.machine);
            const target: Place = { machine: explored.name, taken: [], look: place.look };
            return (
              <li key={explored.name}>
                <a
                  href={hrefOf(target, base)}
                  aria-current={explored === chosen ? 'page' : undefined}
                  onClick={follow(target)}
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
          <p>Choose a machine to see its diagram, its events, its screen in each state and its generated paths.</p>
        )}
      </main>
    </div>
  );
}

type PanelProps = {
  explored: ExploredMachine;
  place: Place;
  go: Go;
  follow: (place: Place) => (event: MouseEvent) => void;
};

/** The generated path and step that a pasted `state=` names, when the address gives no path. */
function pointOf(paths: TransitionPath<AnyStateMachine>[], place: Place): { path?: number; step: number } {
  if (place.path !== undefined || !place.state) return { path: place.path, step: place.step ?? 0 };
  let best: { path?: number; step: number } = { step: 0 };
  paths.forEach((path, index) => {
    const step = path.steps.findIndex((candidate) => statePathOf(candidate.state.value) === place.state);
    if (step >= 0 && (best.path === undefined || step < best.step)) best = { path: index, step };
  });
  return best;
}

function MachinePanel({ explored, place, go, follow }: PanelProps) {
  const { name, machine, paths: model } = explored;
  const generated = useMemo((): TransitionPath<AnyStateMachine>[] | Error => {
    try {
      return transitionPaths(model);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [model]);
  const paths = generated instanceof Error ? [] : generated;
  const point = pointOf(paths, place);
  const path = point.path === undefined ? undefined : paths[point.path];
  const lastStep = path ? path.steps.length - 1 : 0;
  const step = Math.min(Math.max(point.step, 0), lastStep);
  const [refused, setRefused] = useState<string>();

  const snapshot = useMemo((): AnyMachineSnapshot | Error => {
    try {
      return walk(model, path, step, place.taken);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [model, path, step, place.taken]);

  // The point on the chosen path (or the machine's start), which events taken by hand continue from.
  const here = (next: Partial<Place>): Place => ({
    ...place,
    machine: name,
    path: point.path,
    step: point.path === undefined ? undefined : step,
    ...next,
  });
  const take = (item: number | EventObject) => {
    const taken = [...place.taken, item];
    setRefused(undefined);
    go(here({ taken, state: statePathOf(walk(model, path, step, taken).value) }), { replace: true });
  };
  const setLook = (look: Partial<Look>) => go(here({ look: { ...place.look, ...look } }), { replace: true });
  const toStep = (index: number) => go(here({ step: index, taken: [], state: undefined }));
  const toPath = (index: number) => here({ path: index, step: 0, taken: [], state: undefined });

  return (
    <>
      <h2>{name}</h2>
      {snapshot instanceof Error ? (
        <p role="alert">{`This point of the machine cannot be reached: ${snapshot.message}`}</p>
      ) : (
        <>
          <p aria-live="polite" className="current-state">
            Current state: <strong>{statePathOf(snapshot.value)}</strong>
            {snapshot.status === 'done' ? ' (final)' : ''}{' '}
            <a href={hrefOf(here({ state: statePathOf(snapshot.value) }), base)}>Link to this state</a>
          </p>
          <div className="panes">
            <div className="machine-pane">
              <Diagram machine={machine} snapshot={snapshot} />
              <Events model={explored} snapshot={snapshot} onTake={(offer) => take(offer.index)} />
            </div>
            <div className="view-pane">
              <LookControls look={place.look} onChange={setLook} />
              {refused ? <p role="status">{refused}</p> : null}
              {explored.render ? (
                <ViewFrame look={place.look} title={`The view of ${name} in this state`}>
                  <ViewBoundary resetKey={JSON.stringify(snapshot.value)}>
                    {explored.render(snapshot, (event) => {
                      if (snapshot.can(event)) take(event);
                      else setRefused(`The view sent ${event.type}, which this state does not take.`);
                    })}
                  </ViewBoundary>
                </ViewFrame>
              ) : (
                <p>{`tests/machines/${name}.cases.tsx exports no ${name}Model with the view yet.`}</p>
              )}
            </div>
          </div>
        </>
      )}
      <h2>Generated paths</h2>
      {generated instanceof Error ? <p role="alert">{`No paths could be generated: ${generated.message}`}</p> : null}
      {path ? (
        <div className="player">
          <span>{`Path ${point.path}: step ${step} of ${lastStep}`}</span>
          <Button variant="outline" disabled={step === 0} onClick={() => toStep(step - 1)}>
            Back
          </Button>
          <Button variant="outline" disabled={step === lastStep} onClick={() => toStep(step + 1)}>
            Next
          </Button>
          <Button variant="outline" disabled={step === lastStep} onClick={() => toStep(lastStep)}>
            To the end
          </Button>
          {path.steps[step + 1] ? <span>{`Next event: ${path.steps[step + 1]?.event.type}`}</span> : null}
        </div>
      ) : null}
      <p>The names are the ones the path tests print, so a failed test's path can be found here and watched.</p>
      <ol className="path-list" start={0} aria-label={`Generated paths of ${name}`}>
        {paths.map((candidate, index) => {
          const target = toPath(index);
          return (
            <li key={candidate.name}>
              <a
                href={hrefOf(target, base)}
                aria-current={index === point.path ? 'true' : undefined}
                onClick={follow(target)}
              >
                {candidate.name}
              </a>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function EventButton({ offer, onTake }: { offer: OfferedEvent; onTake: (offer: OfferedEvent) => void }) {
  return (
    <li>
      <Button variant="outline" disabled={!offer.can} onClick={() => onTake(offer)}>
        {offer.label}
        <small>{`${offer.guards.length > 0 ? `guard ${offer.guards.join(', ')} · ` : ''}${offer.can ? 'can be taken' : 'cannot be taken now'}`}</small>
      </Button>
    </li>
  );
}

function Events({
  model,
  snapshot,
  onTake,
}: {
  model: ExploredMachine;
  snapshot: AnyMachineSnapshot;
  onTake: (offer: OfferedEvent) => void;
}) {
  const { person, pending, time } = offeredEvents(model.paths, snapshot);
  return (
    <section aria-labelledby="events-heading">
      <h3 id="events-heading">Events from here</h3>
      {person.length + pending.length + time.length === 0 ? <p>None: the flow has ended.</p> : null}
      {person.length > 0 ? (
        <ul className="events" aria-label="What the person does">
          {person.map((offer) => (
            <EventButton key={offer.index} offer={offer} onTake={onTake} />
          ))}
        </ul>
      ) : null}
      {pending.map((work) => (
        <div key={work.id} className="pending">
          <h4>{`Waiting for ${work.src}`}</h4>
          <ul className="events" aria-label={`Answers of ${work.src}`}>
            {work.answers.map((offer) => (
              <EventButton key={offer.index} offer={offer} onTake={onTake} />
            ))}
          </ul>
        </div>
      ))}
      {time.length > 0 ? (
        <ul className="events" aria-label="Time">
          {time.map((offer) => (
            <EventButton key={offer.index} offer={offer} onTake={onTake} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const themes: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'miri', label: 'Miri (partner)' },
];

function LookControls({ look, onChange }: { look: Look; onChange: (look: Partial<Look>) => void }) {
  return (
    <fieldset className="look">
      <legend>Look of the view</legend>
      <div role="radiogroup" aria-label="Theme">
        {themes.map((theme) => (
          <label key={theme.value}>
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={look.theme === theme.value}
              onChange={() => onChange({ theme: theme.value })}
            />
            {theme.label}
          </label>
        ))}
      </div>
      <label>
        Language{' '}
        <select
          value={look.locale}
          onChange={(event) => {
            const locale = event.target.value as Locale;
            onChange({ locale, rtl: directionOf(locale) === 'rtl' });
          }}
        >
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {`${languageNames.of(locale) ?? locale} (${locale})`}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={look.rtl} onChange={(event) => onChange({ rtl: event.target.checked })} />
        Right to left
      </label>
      <label>
        <input type="checkbox" checked={look.phone} onChange={(event) => onChange({ phone: event.target.checked })} />
        Phone width
      </label>
    </fieldset>
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
