import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { flowExplorerPort } from './support/ports';

/**
 * `npm run test:states`: the real view of every reachable state of every machine, in light, dark and
 * miri and in Arabic (right to left), checked by axe-core in Chromium; a view that throws or renders
 * nothing fails too. The flow explorer's states page (tools/flow-explorer/states.tsx) renders and
 * checks a machine in one call per machine.
 */
const statesPage = `http://localhost:${flowExplorerPort}/states.html`;
const looks = [
  { theme: 'light', locale: 'en' },
  { theme: 'dark', locale: 'en' },
  { theme: 'miri', locale: 'en' },
  { theme: 'light', locale: 'ar' },
] as const;
const machines = readdirSync(new URL('../machines', import.meta.url), { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() &&
      readdirSync(new URL(`../machines/${entry.name}`, import.meta.url)).includes(`${entry.name}.machine.ts`),
  )
  .map((entry) => entry.name);

test.describe.configure({ mode: 'parallel' });

for (const machine of machines)
  test(`every state of ${machine} renders and passes axe in light, dark, miri and Arabic`, async ({ page }) => {
    await page.goto(statesPage);
    await page.waitForFunction(() => 'flowStates' in window);
    const report = await page.evaluate(([name, chosen]) => window.flowStates.check(name, [...chosen]), [
      machine,
      looks,
    ] as const);
    console.log(
      `${machine}: ${report.states} states, ${report.checked} distinct screens checked in ${looks.length} looks`,
    );
    expect(report.states).toBeGreaterThan(0);
    expect(report.problems).toEqual([]);
  });
