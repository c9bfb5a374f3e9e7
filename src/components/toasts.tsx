import { Toast, Toaster } from '@ark-ui/react';
import { useLingui } from '@lingui/react/macro';
import { css } from '../../styled-system/css';
import type { ToastGroup } from '../lib/notify';
import { toasters } from '../lib/toasters';

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

function ToastHost({ group }: { group: ToastGroup }) {
  const { t } = useLingui();
  return (
    <Toaster toaster={toasters[group]} className={group === 'c' ? centreRegion : undefined}>
      {(toast) => (
        <Toast.Root key={toast.id} className={toastStyle}>
          <Toast.Title className={css({ fontWeight: 'semibold' })}>{toast.title}</Toast.Title>
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
