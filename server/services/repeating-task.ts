import type { Logger } from '../logger';

export type RepeatingTask = { stop(): Promise<void> };

/**
 * Runs `run` every `everySeconds`, one run at a time (a run that is still going when the next is due
 * makes that one a no-op); a failed run is logged as `<name> failed` and the next one goes ahead.
 * `stop` waits for the run in progress.
 */
export function startRepeatingTask({
  name,
  everySeconds,
  run,
  logger,
}: {
  name: string;
  everySeconds: number;
  run: () => Promise<void>;
  logger: Logger;
}): RepeatingTask {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
