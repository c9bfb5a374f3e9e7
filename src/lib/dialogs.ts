import type { ReactNode } from 'react';

export type ConfirmOptions = {
  message: string;
  header?: string;
  acceptLabel?: string;
  rejectLabel?: string;
  /** "confirm-decline" shows each line of the message as its own paragraph. */
  group?: 'default' | 'confirm-decline';
};

export type OpenDialog =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; settle: (accepted: boolean) => void }
  | { id: number; kind: 'custom'; render: (close: () => void) => ReactNode };

let nextId = 1;
let dialogs: OpenDialog[] = [];
const listeners = new Set<() => void>();

function publish(next: OpenDialog[]): void {
  dialogs = next;
  for (const listener of listeners) listener();
}

export function closeDialog(id: number): void {
  publish(dialogs.filter((dialog) => dialog.id !== id));
}

/** The dynamic dialog host reads the open dialogs through these. */
export const dialogStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): OpenDialog[] => dialogs,
};

/** Asks a yes/no question; resolves true when accepted, false when rejected or dismissed. */
/** @public The dynamic dialog host's API (docs/spec.md §2). */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    publish([
      ...dialogs,
      {
        id,
        kind: 'confirm',
        options,
        settle: (accepted) => {
          closeDialog(id);
          resolve(accepted);
        },
      },
    ]);
  });
}

/** Shows any content in a dialog; the content receives a function that closes it. */
/** @public The dynamic dialog host's API (docs/spec.md §2). */
export function openDialog(render: (close: () => void) => ReactNode): () => void {
  const id = nextId++;
  publish([...dialogs, { id, kind: 'custom', render }]);
  return () => closeDialog(id);
}
