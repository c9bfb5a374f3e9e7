/**
 * The state diagram of a machine as DOT text, drawn by Graphviz both into docs/flows/ (scripts/flows.ts)
 * and in the flow explorer (tools/flow-explorer). Pure: the caller renders it.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * The SVG id of a state's box (or, for a state with children, its frame): `state:signUp.verifying`,
 * from the state node's id, so the explorer can highlight the current states.
 */
export const stateElementId = (stateNodeId: string) => `state:${stateNodeId}`;

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
      `${indent}  id=${quote(stateElementId(node.id))}; label=${quote(details ? `${node.key}\n${details}` : node.key)}; style="rounded"; color="#94a3b8"; fontname="Helvetica";`,
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
  lines.push(
    `${indent}${nodeId(node)} [id=${quote(stateElementId(node.id))}, shape=${shape}, style="rounded", label=${quote(label)}];`,
  );
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

/** The DOT text of a machine's diagram, for Graphviz. */
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
