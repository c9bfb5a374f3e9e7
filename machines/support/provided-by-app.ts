import { fromCallback, fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A machine's side effect that the app supplies with `machine.provide({ actors })` (the API call,
 * the browser's dialog): the machine names it and types what it takes and gives; unprovided, it
 * fails with an error naming it, so a forgotten `provide` is found at once.
 */
export function providedByApp<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is provided by the app`);
  });
}

/**
 * A clock the app supplies, sending `clock.tick` every second while it runs: unprovided it stays
 * silent, so a test sends the ticks it needs itself.
 */
export function clockProvidedByApp() {
  return fromCallback(() => () => {});
}
