import { createToaster } from '@ark-ui/react';

/**
 * Three toast hosts (spec section 2): top-center is the default, "br" bottom-right and "c" the
 * centre of the screen.
 */
export const toasters = {
  default: createToaster({ placement: 'top', overlap: false, gap: 12, max: 4 }),
  br: createToaster({ placement: 'bottom-end', overlap: false, gap: 12, max: 4 }),
  c: createToaster({ placement: 'top', overlap: false, gap: 12, max: 2 }),
} as const;

export type ToastGroup = keyof typeof toasters;
export type ToastTone = 'success' | 'error' | 'info';

export type Notification = {
  title: string;
  description?: string;
  tone?: ToastTone;
  group?: ToastGroup;
  /** Milliseconds; errors stay until dismissed. */
  duration?: number;
};

export function notify({ title, description, tone = 'info', group = 'default', duration }: Notification): void {
  toasters[group].create({
    title,
    description,
    type: tone === 'error' ? 'error' : tone === 'success' ? 'success' : 'info',
    duration: duration ?? (tone === 'error' ? Number.POSITIVE_INFINITY : 5000),
  });
}
