import { Button, Checkbox, Dialog } from '@cairn/ui';
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
}

/**
 * Which columns a table shows, from a long list (the click log records 60+): a dialog of checkboxes,
 * applied together. The chosen ones keep the order of `choices`.
 */
export function ColumnChooser({ title, choices, value, defaults, onChange }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([...value]);
  const toggle = (id: string, on: boolean) =>
    setDraft((old) => (on ? [...old, id] : old.filter((other) => other !== id)));
  const ordered = (ids: readonly string[]) =>
    choices.map((choice) => choice.id).filter((id) => ids.includes(id));
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
      <Dialog.Content title={title} description="Choose what the table shows." size="lg">
        <div className={styles.chooserGrid}>
          {choices.map((choice) => (
            <Checkbox
              key={choice.id}
              label={choice.label}
              checked={draft.includes(choice.id)}
              onCheckedChange={(checked) => toggle(choice.id, checked === true)}
            />
          ))}
        </div>
        <Dialog.Footer>
          <Button variant="ghost" tone="neutral" onClick={() => setDraft(ordered(defaults))}>
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
              onChange(ordered(draft));
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
