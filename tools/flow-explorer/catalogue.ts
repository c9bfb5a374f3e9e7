/**
 * Every machine of machines/ with its flow model (tests/support/flow-model.ts), found at build time,
 * so a new machine appears in the explorer without a line here: `tests/machines/<name>.cases.tsx`
 * exports `<name>Model`, the input, sample events, state comparison and view its path tests use.
 */
import type { AnyStateMachine } from 'xstate';
import type { PathModel } from '../../machines/support/paths';
import type { FlowModel } from '../../tests/support/flow-model';

export type ExploredMachine = {
  name: string;
  machine: AnyStateMachine;
  /** What its paths are generated from: the path tests' own model. */
  paths: PathModel<AnyStateMachine>;
  /** Its view for a snapshot; missing only for a machine whose cases module has no model yet. */
  render: FlowModel<AnyStateMachine>['render'] | undefined;
  rendersNothingIn?: readonly string[];
};

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*/*.machine.ts', { eager: true });
const caseModules = import.meta.glob<Record<string, unknown>>('../../tests/machines/*.cases.tsx', {
  eager: true,
});

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;
}

function explored(name: string, machine: AnyStateMachine): ExploredMachine {
  const cases = caseModules[`../../tests/machines/${name}.cases.tsx`] ?? {};
  const model = cases[`${name}Model`] as FlowModel<AnyStateMachine> | undefined;
  if (!model) return { name, machine, paths: { machine, input: {}, cases: {} }, render: undefined };
  const { render, rendersNothingIn, ...paths } = model;
  return { name, machine, paths: { ...paths, machine }, render, rendersNothingIn };
}

export const exploredMachines: ExploredMachine[] = Object.entries(machineModules)
  .flatMap(([file, module]) => {
    const name = /\/([^/]+)\.machine\.ts$/.exec(file)?.[1] ?? file;
    return Object.values(module)
      .filter(isMachine)
      .map((machine) => explored(name, machine));
  })
  .sort((a, b) => a.name.localeCompare(b.name));
