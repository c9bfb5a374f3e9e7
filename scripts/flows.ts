/**
 * `npm run flows` draws every machine in machines/ as an SVG state diagram in docs/flows/, with an
 * index for QA. `--check` redraws in memory and fails when a committed diagram is out of date.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { AnyStateMachine } from 'xstate';
import { toDot } from '../machines/support/diagram';

const machinesDir = 'machines';
const outDir = 'docs/flows';
const check = process.argv.includes('--check');

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;
}

async function main(): Promise<void> {
  const graphviz = await Graphviz.load();
  const drawn: { id: string; file: string; source: string; description: string }[] = [];
  for (const folder of readdirSync(machinesDir).sort()) {
    const file = join(machinesDir, folder, `${folder}.machine.ts`);
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(join(process.cwd(), file)).href)) as Record<string, unknown>;
    for (const machine of Object.values(module).filter(isMachine)) {
      const source = readFileSync(file, 'utf8');
      const description =
        /\/\*\*\s*\n?\s*\*?\s*([^\n*][^\n]*)/.exec(source.slice(0, source.indexOf('createMachine')))?.[1]?.trim() ?? '';
      drawn.push({ id: machine.id, file, source: graphviz.dot(toDot(machine)), description });
    }
  }

  const index = [
    '# Flow diagrams',
    '',
    'Every state machine of the portal, drawn from its code by `npm run flows` (CI fails when one is out of date).',
    'Open the SVG files in any browser. Boxes are states (nested states sit inside their parent), arrows are the',
    'events that move between them, `[guard]` is the condition an arrow needs, `invoke` is work running while in a',
    'state, `after` is a timer, `at once` is taken as soon as the state is entered, `#busy`/`#error` are tags the',
    'screens use, and a double circle is an end state.',
    '',
    'To move through a machine by its events, see the real screen of each state in any theme and language, and',
    'play the generated paths, open the flow explorer (`npm run flows:explore`, or `/dev/flows/` of a portal',
    'started with `npm start`): see [For QA: the flow explorer](../../README.md#for-qa-the-flow-explorer).',
    '',
    '| flow | machine | diagram |',
    '| --- | --- | --- |',
    ...drawn.map((flow) => `| ${flow.id} | \`${flow.file}\` | [${flow.id}.svg](${flow.id}.svg) |`),
    '',
  ].join('\n');

  const outputs = new Map<string, string>([
    ...drawn.map((flow) => [join(outDir, `${flow.id}.svg`), flow.source] as const),
    [join(outDir, 'README.md'), index],
  ]);
  if (check) {
    const stale = [...outputs]
      .filter(([path, content]) => !existsSync(path) || readFileSync(path, 'utf8') !== content)
      .map(([path]) => path);
    if (stale.length > 0) {
      console.error(`Flow diagrams out of date: ${stale.join(', ')}. Run \`npm run flows\` and commit.`);
      process.exit(1);
    }
    console.log(`${drawn.length} flow diagrams up to date.`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [path, content] of outputs) writeFileSync(path, content);
  console.log(`Drew ${drawn.length} flow diagrams into ${outDir}/.`);
}

await main();
