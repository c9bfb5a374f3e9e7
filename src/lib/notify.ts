/**
 * Toasts (docs/spec.md §2): top-center is the default host, "br" bottom-right and "c" the centre
 * of the screen. The toast machinery loads on the first notification, not with every page.
 */
export type { Notification, ToastGroup } from './toasters';

import type { Notification } from './toasters';

let requested = false;
const listeners = new Set<() => void>();

/** Whether a toast was ever asked for: the host mounts from then on. */
export const toastDemand = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): boolean => requested,
};

export function notify(notification: Notification): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('./toasters').then(({ showToast }) => showToast(notification));
}
