import { CircleExclamationPoint } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { Dialog } from '../Dialog/Dialog.tsx';
import * as styles from './ConfirmDialog.css.ts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for destructive actions (delete, archive). */
  tone?: 'accent' | 'danger';
  /**
   * Runs on confirm. While its promise is pending the button shows a spinner; a rejection keeps
   * the dialog open and shows the error's message (or the rendered node it was rejected with).
   */
  onConfirm: () => void | Promise<void>;
  /** Turns a caught error into what the dialog shows (e.g. a <ServerMessage>). */
  renderError?: (error: unknown) => ReactNode;
}

const defaultRenderError = (error: unknown): ReactNode =>
  error instanceof Error ? error.message : String(error);

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'accent',
  onConfirm,
  renderError = defaultRenderError,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) setError(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onOpenChange(false);
    } catch (caught) {
      setPending(false);
      setError(caught ?? 'Error');
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Content title={title} description={description} size="sm" role="alertdialog" closeLabel={null}>
        {error != null && (
          <div role="alert" className={styles.error}>
            <CircleExclamationPoint size={16} aria-hidden />
            <div>{renderError(error)}</div>
          </div>
        )}
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="outline" tone="neutral" disabled={pending}>
              {cancelLabel}
            </Button>
          </Dialog.Close>
          <Button tone={tone} loading={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
