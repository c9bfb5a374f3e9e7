/**
 * `npm run flows` draws every machine in machines/ as an SVG state diagram in docs/flows/, with an
 * index for QA. `--check` redraws in memory and fails when a committed diagram is out of date.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const machinesDir = 'machines';
const outDir = 'docs/flows';
const check = process.argv.includes('--check');

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;
}

const quote = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
const nodeId = (node: AnyStateNode) => quote(node.id);

/** `xstate.done.actor.signIn` → `signIn done`; `xstate.after.codeLifetime.…` → `after codeLifetime`. */
function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} failed`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard)
    return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

function drawNode(node: AnyStateNode, lines: string[], indent: string): void {
  const children = Object.values(node.states) as AnyStateNode[];
  const invokes = node.invoke.map((invoke) => `invoke ${String(invoke.src)}`);
  const tags = [...node.tags].map((tag) => `#${tag}`);
  const details = [...invokes, ...tags].join('\n');
  if (children.length > 0) {
    lines.push(`${indent}subgraph ${quote(`cluster_${node.id}`)} {`);
    lines.push(
      `${indent}  label=${quote(details ? `${node.key}\n${details}` : node.key)}; style="rounded"; color="#94a3b8"; fontname="Helvetica";`,
    );
    if (node.initial) {
      const start = `${node.id}.__initial`;
      lines.push(`${indent}  ${quote(start)} [shape=point, width=0.12, label=""];`);
    }
    for (const child of children) drawNode(child, lines, `${indent}  `);
    lines.push(`${indent}}`);
    return;
  }
  const shape = node.type === 'final' ? 'doublecircle' : 'box';
  const label = details ? `${node.key}\n${details}` : node.key;
  lines.push(`${indent}${nodeId(node)} [shape=${shape}, style="rounded", label=${quote(label)}];`);
}

const isCompound = (node: AnyStateNode) => Object.keys(node.states).length > 0;

/** The node an edge should point at: a compound state's initial marker stands for it. */
function anchorOf(node: AnyStateNode): string {
  return isCompound(node) ? quote(`${node.id}.__initial`) : nodeId(node);
}

/** Edges to and from a compound state end at its frame, not at the marker inside. */
function clipping(from: AnyStateNode, to: AnyStateNode): string {
  const attributes = [];
  if (isCompound(from) && from.parent) attributes.push(`ltail=${quote(`cluster_${from.id}`)}`);
  if (isCompound(to) && to !== from) attributes.push(`lhead=${quote(`cluster_${to.id}`)}`);
  return attributes.map((attribute) => `, ${attribute}`).join('');
}

function drawEdges(node: AnyStateNode, lines: string[]): void {
  if (node.initial) {
    const initialTarget = node.initial.target[0] as AnyStateNode | undefined;
    if (initialTarget) {
      const from = node.parent ? quote(`${node.id}.__initial`) : quote('__start');
      lines.push(`  ${from} -> ${anchorOf(initialTarget)};`);
    }
  }
  const eventless = (node.always ?? []).map((transition) => ['at once', transition] as const);
  const byEvent = [...node.transitions].flatMap(([eventType, transitions]) =>
    transitions.map((transition) => [eventType, transition] as const),
  );
  // The machine's own transitions are taken in any state: they start at an "any state" box.
  const from = node.parent ? anchorOf(node) : quote('__any');
  for (const [eventType, transition] of [...eventless, ...byEvent]) {
    const label = `${eventLabel(eventType)}${guardLabel(transition.guard)}`;
    const targets = (transition.target ?? []) as AnyStateNode[];
    if (targets.length === 0) {
      lines.push(`  ${from} -> ${from} [label=${quote(label)}, style=dashed${clipping(node, node)}];`);
    }
    for (const target of targets) {
      lines.push(`  ${from} -> ${anchorOf(target)} [label=${quote(label)}${clipping(node, target)}];`);
    }
  }
  for (const child of Object.values(node.states) as AnyStateNode[]) drawEdges(child, lines);
}

export function toDot(machine: AnyStateMachine): string {
  const lines = [
    `digraph ${quote(machine.id)} {`,
    '  rankdir=LR; compound=true; fontname="Helvetica"; node [fontname="Helvetica", fontsize=11]; edge [fontname="Helvetica", fontsize=9];',
    `  label=${quote(`${machine.id} machine`)}; labelloc=t; fontsize=16;`,
    `  ${quote('__start')} [shape=point, width=0.15, label=""];`,
  ];
  for (const child of Object.values(machine.root.states) as AnyStateNode[]) drawNode(child, lines, '  ');
  if (machine.root.transitions.size > 0)
    lines.push(`  ${quote('__any')} [shape=box, style="rounded,dashed", color="#94a3b8", label="any state"];`);
  drawEdges(machine.root, lines);
  lines.push('}');
  return lines.join('\n');
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
