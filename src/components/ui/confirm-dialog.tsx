import { Dialog, Portal } from '@ark-ui/react';
import { type ReactNode, useRef } from 'react';
import { dialog } from '../../theme/recipes/dialog';
import { Button } from './button';

const dialogStyles = dialog({ size: 'wide' });

export type ConfirmDialogProps = {
  /** Open exactly while the flow's machine confirms or carries the answer out. */
  open: boolean;
  /** The answer is being carried out: nothing can be pressed and the dialog cannot be dismissed. */
  busy: boolean;
  /** The header; a question may go without one. */
  title?: ReactNode;
  description: ReactNode;
  /** Between the description and the buttons: the server's refusal, a form. */
  children?: ReactNode;
  rejectLabel: ReactNode;
  acceptLabel: ReactNode;
  onReject: () => void;
  /** What accepting does; or, with `acceptForm`, the accept button submits that form instead. */
  onAccept?: () => void;
  acceptForm?: string;
  /**
   * Where the focus goes as it closes, when not back where it was: the answer may remove the
   * control that opened the dialog. Null: back where it was.
   */
  finalFocusEl?: () => HTMLElement | null;
};

/**
 * The spec's confirm dialog (a header, reject and accept, the focus on accept) for flows whose
 * machine holds the question: built on Ark's Dialog rather than `confirm()` of lib/dialogs, which
 * answers a promise outside the machine and could show neither a form nor the server's refusal.
 * Escape and a click outside reject, unless the answer is being carried out.
 */
export function ConfirmDialog({
  open,
  busy,
  title,
  description,
  children,
  rejectLabel,
  acceptLabel,
  onReject,
  onAccept,
  acceptForm,
  finalFocusEl,
}: ConfirmDialogProps) {
  const acceptRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      onOpenChange={(details) => !details.open && onReject()}
      initialFocusEl={() => acceptRef.current}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop className={dialogStyles.backdrop} />
        <Dialog.Positioner className={dialogStyles.positioner}>
          <Dialog.Content className={dialogStyles.content}>
            {title ? <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title> : null}
            <Dialog.Description asChild>
              <div>{description}</div>
            </Dialog.Description>
            {children}
            <div className={dialogStyles.footer}>
              <Button variant="outline" disabled={busy} onClick={onReject}>
                {rejectLabel}
              </Button>
              <Button
                ref={acceptRef}
                type={acceptForm ? 'submit' : 'button'}
                form={acceptForm}
                disabled={busy}
                aria-busy={busy}
                onClick={acceptForm ? undefined : onAccept}
              >
                {acceptLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
