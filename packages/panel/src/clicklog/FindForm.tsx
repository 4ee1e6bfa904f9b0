import { Button, TextField } from '@cairn/ui';
import { type FormEvent, useState } from 'react';
import * as styles from './clickDetail.css.ts';

// The search line of the logs (click log, postbacks): a value typed or pasted exactly, Find, and a way
// back to everything while a search is on.

export function FindForm({
  formLabel,
  label,
  description,
  active,
  clearLabel,
  onFind,
  onClear,
}: {
  /** The form's accessible name. */
  formLabel: string;
  label: string;
  description: string;
  /** A search is on: the clear button shows. */
  active: boolean;
  clearLabel: string;
  onFind: (text: string) => void;
  onClear: () => void;
}) {
  const [typed, setTyped] = useState('');
  const find = (event: FormEvent) => {
    event.preventDefault();
    onFind(typed);
  };
  return (
    <form className={styles.search} onSubmit={find} aria-label={formLabel}>
      <TextField
        label={label}
        description={description}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <Button type="submit">Find</Button>
      {active && (
        <Button
          type="button"
          variant="outline"
          tone="neutral"
          onClick={() => {
            setTyped('');
            onClear();
          }}
        >
          {clearLabel}
        </Button>
      )}
    </form>
  );
}
