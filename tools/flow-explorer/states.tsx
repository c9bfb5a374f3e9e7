/**
 * The page `npm run test:states` drives (e2e/states.spec.ts): it renders the real view of every
 * reachable state of a machine (the states its generated paths pass through, as the path generator
 * tells them apart) in one look after another, and runs axe-core on each. Rendering and checking
 * happen in the page, so one call checks a machine in a look; a view whose markup is the same as
 * one already checked in that look is not checked twice.
 */
import '../../src/index.css';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import axe from 'axe-core';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { AnyMachineSnapshot } from 'xstate';
import { statePathOf, transitionPaths } from '../../machines/support/paths';
import { exploredMachines } from './catalogue';
import type { Look } from './place';
import { applyLook, ViewBoundary } from './view-frame';
import { viewI18n } from './view-i18n';

type Problem = { state: string; look: string; problem: string };
export type StatesReport = { machine: string; states: number; checked: number; problems: Problem[] };

/** A view fragment is not a page: the rules about a page's title, headings and landmarks belong to the e2e run. */
const pageRules = ['document-title', 'page-has-heading-one', 'landmark-one-main', 'region', 'bypass'];

const container = document.getElementById('view') as HTMLElement;
const root = createRoot(container);

function reachableStates(name: string): AnyMachineSnapshot[] {
  const explored = exploredMachines.find((candidate) => candidate.name === name);
  if (!explored) throw new Error(`No machine ${name}`);
  const { serializeState } = explored.paths;
  const keyOf = (snapshot: AnyMachineSnapshot) =>
    serializeState?.(snapshot) ?? JSON.stringify([snapshot.value, [...snapshot.tags].sort(), snapshot.status]);
  const states = new Map<string, AnyMachineSnapshot>();
  for (const path of transitionPaths(explored.paths))
    for (const { state } of path.steps) if (!states.has(keyOf(state))) states.set(keyOf(state), state);
  return [...states.values()];
}

/**
 * What decides a screen's colours, for the looks checked for contrast only: its elements and their
 * attributes, not the words in them nor the values typed (a state that only shows other text, or
 * holds another e-mail, has the contrast of one already checked). Identifiers are numbered by React
 * per render, so they are left out too.
 */
function colourSignature(markup: string): string {
  return markup
    .replace(/>[^<]+</g, '>text<')
    .replace(/\s(value|id|for|aria-labelledby|aria-describedby|aria-controls|href|aria-label|title)="[^"]*"/g, ' $1');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function checkMachine(name: string, looks: Pick<Look, 'theme' | 'locale'>[]): Promise<StatesReport> {
  const explored = exploredMachines.find((candidate) => candidate.name === name);
  const render = explored?.render;
  if (!render)
    return {
      machine: name,
      states: 0,
      checked: 0,
      problems: [{ state: '', look: '', problem: 'no view in its flow model' }],
    };
  const states = reachableStates(name);
  const problems: Problem[] = [];
  let checked = 0;
  for (const look of looks) {
    const lookName = `${look.theme}/${look.locale}`;
    const i18n: I18n = await viewI18n(look.locale);
    applyLook(document.documentElement, { ...look, rtl: look.locale === 'ar' });
    const seen = new Set<string>();
    for (const snapshot of states) {
      const state = statePathOf(snapshot.value);
      // Each state from scratch, as a pasted link opens it: not the last state's screen changed into it.
      flushSync(() => root.render(null));
      flushSync(() =>
        root.render(
          <I18nProvider i18n={i18n}>
            <ViewBoundary resetKey={`${lookName}/${state}/${checked}`}>{render(snapshot, () => {})}</ViewBoundary>
          </I18nProvider>,
        ),
      );
      await settle();
      const markup = document.body.innerHTML;
      if (container.querySelector('[data-view-error]'))
        problems.push({ state, look: lookName, problem: container.textContent ?? 'threw' });
      else {
        // Dialogs render into a portal at the end of the body, outside the container.
        const empty = !document.body.textContent?.trim() && !document.body.querySelector('input, img, svg, canvas');
        const meantEmpty = explored.rendersNothingIn?.some((empty) => state === empty || state.startsWith(`${empty}.`));
        if (empty !== Boolean(meantEmpty))
          problems.push({
            state,
            look: lookName,
            problem: empty ? 'renders nothing' : 'shows something where its flow model says it shows nothing',
          });
      }
      const key = look.theme === 'light' ? markup : colourSignature(markup);
      if (seen.has(key)) continue;
      seen.add(key);
      checked += 1;
      // A theme changes colours only: the dark and partner looks are checked for contrast, the light
      // ones (English and Arabic, whose words and direction differ) for every rule.
      const results = await axe.run(
        document,
        look.theme === 'light'
          ? {
              runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
              rules: Object.fromEntries(pageRules.map((rule) => [rule, { enabled: false }])),
            }
          : { runOnly: { type: 'rule', values: ['color-contrast'] } },
      );
      for (const violation of results.violations)
        problems.push({
          state,
          look: lookName,
          problem: `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        });
    }
  }
  flushSync(() => root.render(null));
  return { machine: name, states: states.length, checked, problems };
}

declare global {
  interface Window {
    flowStates: { machines: string[]; check: typeof checkMachine };
  }
}

window.flowStates = { machines: exploredMachines.map((explored) => explored.name), check: checkMachine };
