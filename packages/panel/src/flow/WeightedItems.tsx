import { Combobox, type ComboboxOption, NumberField, visuallyHidden } from '@cairn/ui';
import { useEditor } from './editorContext.ts';
import * as styles from './flow.css.ts';
import { type FlowErrors, removeAt, replaceAt, shares, type Weight } from './flowModel.ts';
import { PauseButton, PausedBadge, Problems, RemoveButton, ShareText } from './itemControls.tsx';

function labelOf(options: readonly ComboboxOption[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Rebuilds the rows after the combobox changed the chosen set: kept rows keep their weight and pause. */
function syncRows<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  keys: readonly string[],
  create: (key: string) => T,
): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key) ?? create(key));
}

/** A path's landers or offers: pick them in a combobox, then weigh and pause each one. */
export function WeightedItems<T extends { weight: Weight; paused: boolean }>({
  heading,
  emptyText,
  pathTitle,
  controlId,
  options,
  items,
  keyOf,
  refField,
  create,
  errors,
  onChange,
}: {
  heading: string;
  emptyText: string;
  pathTitle: string;
  controlId: string;
  options: readonly ComboboxOption[];
  items: readonly T[];
  /** The combobox value of an item. */
  keyOf: (item: T) => string;
  /** The item's reference field: its errors belong to the row as a whole. */
  refField: string;
  /** A new row for a value just chosen in the combobox. */
  create: (key: string) => T;
  errors: FlowErrors;
  onChange: (items: T[]) => void;
}) {
  const { disabled } = useEditor();
  const keys = items.map(keyOf);
  const onKeys = (next: string[]) => onChange(syncRows(items, keyOf, next, create));
  const onRow = (index: number, change: { weight?: Weight; paused?: boolean }) =>
    onChange(replaceAt(items, index, { ...(items[index] as T), ...change }));
  const onRemove = (index: number) => onChange(removeAt(items, index));
  /** The error keys (below the list) that belong to row `index` as a whole. */
  const itemErrorsKey = (index: number) => [`${index}.${refField}`, `${index}`, `${index}.paused`];
  const rowShares = shares(items);
  const singular = heading.slice(0, -1).toLowerCase();
  return (
    <div className={styles.section}>
      <Combobox
        id={controlId}
        label={
          <>
            {heading} <span className={visuallyHidden}>of {pathTitle}</span>
          </>
        }
        options={options}
        value={keys}
        disabled={disabled}
        placeholder={`Add ${singular}...`}
        error={errors['']}
        onChange={onKeys}
      />
      {items.length === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <ul className={`${styles.itemRows} ${styles.plainList}`} aria-label={`${heading} of ${pathTitle}`}>
          {items.map((row, index) => {
            const name = labelOf(options, keys[index] ?? '');
            const title = `${name} (${pathTitle})`;
            const rowProblems = itemErrorsKey(index)
              .map((key) => errors[key])
              .filter((message): message is string => Boolean(message));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the chosen order, keyed by place
              <li key={index} className={styles.itemRow}>
                <span className={styles.itemName}>
                  {name} <PausedBadge paused={row.paused} />
                </span>
                <NumberField
                  id={`${controlId}-${index}-weight`}
                  className={styles.weight}
                  label={<span className={visuallyHidden}>Weight of {title}</span>}
                  value={row.weight}
                  min={1}
                  step={1}
                  disabled={disabled}
                  error={errors[`${index}.weight`]}
                  onChange={(weight) => onRow(index, { weight })}
                />
                <ShareText percent={rowShares[index] ?? 0} paused={row.paused} />
                <PauseButton
                  title={title}
                  paused={row.paused}
                  onToggle={() => onRow(index, { paused: !row.paused })}
                />
                <RemoveButton title={title} onRemove={() => onRemove(index)} />
                {rowProblems.length > 0 && (
                  <p className={styles.problem} data-problem>
                    {rowProblems.join('\n')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Problems errors={errors} />
    </div>
  );
}
