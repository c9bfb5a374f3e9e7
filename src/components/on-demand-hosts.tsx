import { lazy, Suspense, useSyncExternalStore } from 'react';
import { dialogStore } from '../lib/dialogs';
import { toastDemand } from '../lib/notify';

const Toasts = lazy(() => import('./toasts'));
const DialogHost = lazy(() => import('./dialog-host'));

/**
 * The toast and dialog hosts, loaded the first time something needs them: most visits never
 * show either, and their code would otherwise weigh on every first page.
 */
export function OnDemandHosts() {
  const toastsWanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.snapshot, toastDemand.snapshot);
  const dialogsOpen =
    useSyncExternalStore(dialogStore.subscribe, dialogStore.snapshot, dialogStore.snapshot).length > 0;
  return (
    <Suspense fallback={null}>
      {toastsWanted ? <Toasts /> : null}
      {dialogsOpen ? <DialogHost /> : null}
    </Suspense>
  );
}
