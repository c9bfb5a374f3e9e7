import type { DatabaseHandle } from '../../db/database';

/** Announced by migration 0031 when a request is approved or declined: its id. */
const answeredChannel = 'qr_sign_in_answered';

/** Without the notifications (not yet listening, or the listener's connection dropped), the row is read this often. */
const readAgainWhileDeafMs = 400;

/**
 * Why a wait ended: the request was answered somewhere, its time is up, or a newer wait for the
 * same request took its place (one open wait per request, however many tabs or retries ask).
 */
export type WaitEnd = 'answered' | 'timedOut' | 'replaced';

/**
 * The browsers of this process waiting for an answer to their QR sign-in request, woken by the
 * database's notification rather than reading their row again and again. While the listener is
 * not listening, a waiter is woken every few hundred milliseconds to read its row, so an answer is
 * never missed.
 */
export function createQrAnswers() {
  const waiters = new Map<string, (end: WaitEnd) => void>();
  let listening = false;
  let waitsStarted = 0;

  const wake = (id: string, end: WaitEnd) => {
    const waiter = waiters.get(id);
    if (!waiter) return;
    waiters.delete(id);
    waiter(end);
  };
  const wakeAll = () => {
    for (const id of [...waiters.keys()]) wake(id, 'answered');
  };

  return {
    /** Waits at most `ms` for the request to be answered; a newer wait for it ends this one. */
    waitFor(id: string, ms: number, signal?: AbortSignal): Promise<WaitEnd> {
      wake(id, 'replaced');
      waitsStarted += 1;
      return new Promise<WaitEnd>((resolve) => {
        const timer = setTimeout(() => finish('timedOut'), listening ? ms : Math.min(ms, readAgainWhileDeafMs));
        const onAbort = () => finish('timedOut');
        function finish(end: WaitEnd) {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (waiters.get(id) === finish) waiters.delete(id);
          resolve(end);
        }
        waiters.set(id, finish);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },

    /** Follows answers recorded by any process. */
    follow(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
      return database.listen(answeredChannel, {
        onNotify: (id) => wake(id, 'answered'),
        onReady: () => {
          listening = true;
          // An answer may have come while not listening: every waiter reads its row again.
          wakeAll();
        },
        onDrop: () => {
          listening = false;
          wakeAll();
        },
      });
    },

    /** How many browsers of this process wait, and how many waits began (for tests and diagnostics). */
    get waiting(): number {
      return waiters.size;
    },
    get waitsStarted(): number {
      return waitsStarted;
    },
  };
}

export type QrAnswers = ReturnType<typeof createQrAnswers>;
