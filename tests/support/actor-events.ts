/**
 * The events an invoked actor's result becomes, as the flow models' sample events (no vitest here:
 * the flow explorer bundles the cases modules for the browser).
 */

/** The event of an invoked actor that finished with this output. */
export const actorDone = (actorId: string, output?: unknown) => ({
  type: `xstate.done.actor.${actorId}`,
  output,
  actorId,
});

/** The event of an invoked actor that threw this error, usually a refusal (see `refused`). */
export const actorRefused = (actorId: string, error: Error) => ({
  type: `xstate.error.actor.${actorId}`,
  error,
  actorId,
});

/** The event of an invoked actor that failed with nothing to explain it, such as the network being down. */
export const actorFailed = (actorId: string) => actorRefused(actorId, new Error('network down'));
