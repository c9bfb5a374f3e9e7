import { Toast, Toaster } from '@ark-ui/react';
import { useLingui } from '@lingui/react/macro';
import { css } from '../../styled-system/css';
import type { ToastGroup } from '../lib/notify';
import { toasters } from '../lib/toasters';
import { text } from '../theme/recipes/text';

const toastStyle = css({
  width: 'toast',
  maxWidth: 'calc(100vw - 2rem)',
  paddingBlock: '3',
  paddingInline: '4',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'canvas',
  color: 'fg.default',
  boxShadow: 'lg',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1',
  '&[data-type=error]': { borderInlineStartWidth: '4px', borderInlineStartColor: 'danger.default' },
  '&[data-type=success]': { borderInlineStartWidth: '4px', borderInlineStartColor: 'success.default' },
});

// zag has no centre placement: the "c" group is the bottom group moved to the middle of the screen.
const centreRegion = css({ top: '50% !important', bottom: 'auto !important', transform: 'translateY(-50%)' });

/** zag's shortcut to the toasts, as it writes it: `altKey`, `KeyT` → `alt+T`. */
function hotkeyOf(group: ToastGroup): string {
  return toasters[group].attrs.hotkey.join('+').replace(/Key|Digit/g, '');
}

function ToastHost({ group }: { group: ToastGroup }) {
  const { t } = useLingui();
  const hotkey = hotkeyOf(group);
  // zag labels each region in English ("Notifications, top (alt+T)"); ours says the same in the reader's language.
  const regionLabel = {
    default: t`Notifications, top of the page (${hotkey})`,
    br: t`Notifications, bottom corner (${hotkey})`,
    c: t`Notifications, middle of the page (${hotkey})`,
  }[group];
  return (
    <Toaster toaster={toasters[group]} aria-label={regionLabel} className={group === 'c' ? centreRegion : undefined}>
      {(toast) => (
        <Toast.Root key={toast.id} className={toastStyle}>
          <Toast.Title className={text({ weight: 'semibold' })}>{toast.title}</Toast.Title>
          <Toast.CloseTrigger
            aria-label={t`Dismiss`}
            className={css({ gridRow: '1', gridColumn: '2', cursor: 'pointer', paddingInline: '1', color: 'fg.muted' })}
          >
            ×
          </Toast.CloseTrigger>
          {toast.description ? (
            <Toast.Description className={css({ gridColumn: '1 / -1', color: 'fg.muted' })}>
              {toast.description}
            </Toast.Description>
          ) : null}
        </Toast.Root>
      )}
    </Toaster>
  );
}

export default function Toasts() {
  return (
    <>
      <ToastHost group="default" />
      <ToastHost group="br" />
      <ToastHost group="c" />
    </>
  );
}
