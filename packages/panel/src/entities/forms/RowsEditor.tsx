import { Button } from '@cairn/ui';
import type { ReactNode } from 'react';
import * as styles from '../entities.css.ts';

/**
 * A form value that is a list of rows (a source's tokens, a network's status mapping): each row's own
 * controls with a Remove button, then an Add button below the list.
 */
export function RowsEditor<T extends object>({
  rows,
  onChange,
  disabled,
  rowClassName,
  renderRow,
  removeLabel,
  newRow,
  addLabel,
  addDisabled = false,
}: {
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  disabled: boolean;
  rowClassName: string;
  /** The row's controls; `set` merges a change into the row. */
  renderRow: (row: T, index: number, set: (change: Partial<T>) => void) => ReactNode;
  /** The Remove button's accessible name; omitted: its text. */
  removeLabel?: (index: number) => string;
  newRow: () => T;
  addLabel: ReactNode;
  addDisabled?: boolean;
}) {
  const set = (index: number, change: Partial<T>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <div className={styles.rows}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className={rowClassName}>
          {renderRow(row, index, (change) => set(index, change))}
          <Button
            type="button"
            size="sm"
            variant="ghost"
            tone="danger"
            disabled={disabled}
            aria-label={removeLabel?.(index)}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          tone="neutral"
          disabled={disabled || addDisabled}
          onClick={() => onChange([...rows, newRow()])}
        >
          {addLabel}
        </Button>
      </div>
    </div>
  );
}
