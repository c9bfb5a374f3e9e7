import { createToaster } from '@ark-ui/react';

/** The toast stores; loaded with the first notification (see notify.ts). */
export type ToastGroup = 'default' | 'br' | 'c';
type ToastTone = 'success' | 'error' | 'info';

export type Notification = {
  title: string;
  description?: string;
  tone?: ToastTone;
  group?: ToastGroup;
  /** Milliseconds; errors stay until dismissed. */
  duration?: number;
};

/**
 * Each group needs its own placement: zag names a group's region after it (`toast-group:top`) and
 * finds it again by that id. The centre group is the bottom group, moved to the middle (toasts.tsx).
 */
export const toasters: Record<ToastGroup, ReturnType<typeof createToaster>> = {
  default: createToaster({ placement: 'top', overlap: false, gap: 12, max: 4 }),
  br: createToaster({ placement: 'bottom-end', overlap: false, gap: 12, max: 4 }),
  c: createToaster({ placement: 'bottom', overlap: false, gap: 12, max: 2 }),
};

export function showToast({ title, description, tone = 'info', group = 'default', duration }: Notification): void {
  toasters[group].create({
    title,
    description,
    type: tone,
    duration: duration ?? (tone === 'error' ? Number.POSITIVE_INFINITY : 5000),
  });
}
