import { Dialog, Portal } from '@ark-ui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useSyncExternalStore } from 'react';
import { css } from '../../styled-system/css';
import { hstack, stack } from '../../styled-system/patterns';
import { type ConfirmOptions, closeDialog, dialogStore, type OpenDialog } from '../lib/dialogs';
import { dialog } from '../theme/recipes/dialog';
import { ConfirmDialog } from './ui/confirm-dialog';

const dialogStyles = dialog();

function DialogFrame({ onDismiss, children }: { onDismiss: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onDismiss()}>
      <Portal>
        <Dialog.Backdrop className={dialogStyles.backdrop} />
        <Dialog.Positioner className={dialogStyles.positioner}>
          <Dialog.Content className={dialogStyles.content}>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A question asked through `confirm()` (docs/spec.md §2): the portal's one confirm dialog, with an
 * optional header, an icon and the message ("confirm-decline" splits it on line breaks, without the
 * icon), accept focused first.
 */
export function HostedConfirmDialog({
  options,
  onSettle,
}: {
  options: ConfirmOptions;
  onSettle: (accepted: boolean) => void;
}) {
  const paragraphs =
    options.group === 'confirm-decline' ? options.message.split(/\r?\n/).filter(Boolean) : [options.message];
  return (
    <ConfirmDialog
      open
      busy={false}
      title={options.header}
      description={
        <div className={hstack({ gap: '3', alignItems: 'flex-start' })}>
          {options.group === 'confirm-decline' ? null : (
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="24"
              height="24"
              className={css({ flexShrink: 0, color: 'accent.default' })}
            >
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          )}
          <div className={stack({ gap: '2' })}>
            {paragraphs.map((paragraph, index) => (
              // Paragraphs of one message: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static list
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </div>
      }
      rejectLabel={options.rejectLabel ?? <Trans>No</Trans>}
      acceptLabel={options.acceptLabel ?? <Trans>Yes</Trans>}
      onReject={() => onSettle(false)}
      onAccept={() => onSettle(true)}
    />
  );
}

function HostedDialog({ dialog }: { dialog: OpenDialog }) {
  if (dialog.kind === 'confirm') return <HostedConfirmDialog options={dialog.options} onSettle={dialog.settle} />;
  const close = () => closeDialog(dialog.id);
  return <DialogFrame onDismiss={close}>{dialog.render(close)}</DialogFrame>;
}

/** Renders whatever dialogs are open: confirmations and dynamic content alike. */
export default function DialogHost() {
  const dialogs = useSyncExternalStore(dialogStore.subscribe, dialogStore.snapshot, dialogStore.snapshot);
  return (
    <>
      {dialogs.map((dialog) => (
        <HostedDialog key={dialog.id} dialog={dialog} />
      ))}
    </>
  );
}
