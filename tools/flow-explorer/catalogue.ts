/**
 * Every machine of machines/ with what its path tests generate its paths from, found at build time, so
 * a new machine appears in the explorer without a line here: `tests/machines/<name>.cases.ts` exports
 * either `<name>Model` (input, sample events and what tells two states apart) or only `<name>Cases`.
 */
import type { AnyStateMachine } from 'xstate';
import type { PathModel } from '../../machines/paths';

/** `sharesTestModel`: the paths are the path tests' own, under their names (else an empty input and the default state comparison). */
export type ExploredMachine = { name: string; model: PathModel<AnyStateMachine>; sharesTestModel: boolean };

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*/*.machine.ts', { eager: true });
const caseModules = import.meta.glob<Record<string, unknown>>('../../tests/machines/*.cases.ts', { eager: true });

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;
}

function explored(name: string, machine: AnyStateMachine): ExploredMachine {
  const cases = caseModules[`../../tests/machines/${name}.cases.ts`] ?? {};
  const model = cases[`${name}Model`] as Omit<PathModel<AnyStateMachine>, 'machine'> | undefined;
  if (model) return { name, model: { ...model, machine }, sharesTestModel: true };
  const samples = (cases[`${name}Cases`] ?? {}) as PathModel<AnyStateMachine>['cases'];
  return { name, model: { machine, input: {}, cases: samples }, sharesTestModel: false };
}

export const exploredMachines: ExploredMachine[] = Object.entries(machineModules)
  .flatMap(([file, module]) => {
    const name = /\/([^/]+)\.machine\.ts$/.exec(file)?.[1] ?? file;
    return Object.values(module)
      .filter(isMachine)
      .map((machine) => explored(name, machine));
  })
  .sort((a, b) => a.name.localeCompare(b.name));
