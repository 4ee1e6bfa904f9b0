import { Button, Checkbox, Dialog, IconButton, reordered, useDragReorder } from '@cairn/ui';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useState } from 'react';
import * as styles from '../reports.css.ts';

export interface ColumnChoice {
  id: string;
  label: string;
}

export interface ColumnChooserProps {
  /** Name of the button and title of the dialog ("Metrics", "Columns"). */
  title: string;
  choices: readonly ColumnChoice[];
  value: readonly string[];
  /** What "Use defaults" returns to. */
  defaults: readonly string[];
  onChange: (value: string[]) => void;
  /** What the dialog says under its title. */
  description?: string;
  /** How many may be chosen at most. */
  max?: number;
}

/**
 * Which columns a table shows and in what order, from a long list (the click log records 60+): a dialog
 * of checkboxes, and the chosen ones in their order, moved by drag or by their arrows; applied together.
 * A column checked anew goes last.
 */
export function ColumnChooser({
  title,
  choices,
  value,
  defaults,
  onChange,
  description = 'Choose what the table shows, and drag to order it.',
  max,
}: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([...value]);
  const toggle = (id: string, on: boolean) =>
    setDraft((old) => (on ? [...old, id] : old.filter((other) => other !== id)));
  const moveTo = (id: string, to: number) => setDraft((old) => [...reordered(old, id, to)]);
  const drag = useDragReorder(moveTo);
  const labelOf = (id: string) => choices.find((choice) => choice.id === id)?.label ?? id;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft([...value]);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" tone="neutral">
          {title} ({value.length})
        </Button>
      </Dialog.Trigger>
      <Dialog.Content title={title} description={description} size="lg">
        <ol className={styles.chooserOrder} aria-label="Order">
          {draft.map((id, index) => (
            <li
              key={id}
              className={styles.chooserOrderItem}
              {...drag.itemProps(id, index)}
              data-dragged={drag.dragged === id ? '' : undefined}
            >
              <GripVertical size={14} aria-hidden />
              <span className={styles.chooserOrderLabel}>{labelOf(id)}</span>
              <IconButton
                label={`Move ${labelOf(id)} up`}
                size="sm"
                disabled={index === 0}
                onClick={() => moveTo(id, index - 1)}
              >
                <ArrowUp size={14} aria-hidden />
              </IconButton>
              <IconButton
                label={`Move ${labelOf(id)} down`}
                size="sm"
                disabled={index === draft.length - 1}
                onClick={() => moveTo(id, index + 1)}
              >
                <ArrowDown size={14} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ol>
        <div className={styles.chooserGrid}>
          {choices.map((choice) => (
            <Checkbox
              key={choice.id}
              label={choice.label}
              checked={draft.includes(choice.id)}
              disabled={max !== undefined && draft.length >= max && !draft.includes(choice.id)}
              onCheckedChange={(checked) => toggle(choice.id, checked === true)}
            />
          ))}
        </div>
        <Dialog.Footer>
          <Button variant="ghost" tone="neutral" onClick={() => setDraft([...defaults])}>
            Use defaults
          </Button>
          <Dialog.Close asChild>
            <Button variant="outline" tone="neutral">
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            disabled={draft.length === 0}
            onClick={() => {
              onChange(draft);
              setOpen(false);
            }}
          >
            Apply
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
