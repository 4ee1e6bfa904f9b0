import { Button, Dialog, TextField } from '@cairn/ui';
import { type FormEvent, useEffect, useState } from 'react';
import * as styles from './files.css.ts';

// One name to enter (a new folder, a folder's or a file's new name); the server's refusal shows under it.

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  description?: string;
  onClose: () => void;
  /** Resolves to the problem to show, or undefined when done. */
  onSubmit: (name: string) => Promise<string | undefined>;
}

export function NameDialog({
  open,
  title,
  label,
  initial,
  submitLabel,
  description,
  onClose,
  onSubmit,
}: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setProblem(undefined);
    }
  }, [open, initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || name.trim() === '') return;
    setPending(true);
    const refused = await onSubmit(name.trim());
    setPending(false);
    if (refused) setProblem(refused);
    else onClose();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <Dialog.Content title={title} description={description} size="sm">
        <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={label}
            value={name}
            error={problem}
            onChange={(event) => setName(event.target.value)}
          />
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending} disabled={name.trim() === ''}>
              {submitLabel}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
