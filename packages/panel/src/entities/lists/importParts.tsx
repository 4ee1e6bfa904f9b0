import { Button, Dialog, ServerMessage } from '@cairn/ui';
import * as styles from '../entities.css.ts';

// What the list imports' dialogs share: the refused lines with their reasons, and the footer that closes
// the dialog or sends the lines.

export function RefusedLines({ errors }: { errors: readonly { line: number; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className={styles.report} aria-label="Refused lines">
      {errors.map((error) => (
        <li key={error.line}>
          Line {error.line}: <ServerMessage message={error.message} />
        </li>
      ))}
    </ul>
  );
}

export function ImportFooter({ pending, empty }: { pending: boolean; empty: boolean }) {
  return (
    <Dialog.Footer>
      <Dialog.Close asChild>
        <Button variant="outline" tone="neutral" disabled={pending}>
          Close
        </Button>
      </Dialog.Close>
      <Button type="submit" loading={pending} disabled={empty}>
        Import
      </Button>
    </Dialog.Footer>
  );
}
