import { CircleExclamationPoint } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { Checkbox } from '../Checkbox/Checkbox.tsx';
import { Dialog } from '../Dialog/Dialog.tsx';
import { NumberField } from '../NumberField/NumberField.tsx';
import { Select, type SelectOption } from '../Select/Select.tsx';
import { Switch } from '../Switch/Switch.tsx';
import { TextField } from '../TextField/TextField.tsx';
import * as styles from './MassEditModal.css.ts';

export const MASS_EDIT_FIELD_KINDS = ['text', 'number', 'select', 'switch', 'custom'] as const;
export type MassEditFieldKind = (typeof MASS_EDIT_FIELD_KINDS)[number];

interface FieldBase {
  id: string;
  label: string;
  description?: ReactNode;
}

/** One editable field; the editor is chosen by `kind`, or rendered by `render` for `custom`. */
export type MassEditField =
  | (FieldBase & { kind: 'text'; defaultValue?: string; placeholder?: string })
  | (FieldBase & { kind: 'number'; defaultValue?: number | null; min?: number; max?: number; step?: number })
  | (FieldBase & { kind: 'select'; options: readonly SelectOption<string>[]; defaultValue?: string })
  | (FieldBase & { kind: 'switch'; defaultValue?: boolean })
  | (FieldBase & {
      kind: 'custom';
      defaultValue: unknown;
      render: (value: unknown, setValue: (value: unknown) => void, controlId: string) => ReactNode;
    });

export type MassEditChanges = Record<string, unknown>;

export interface MassEditModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many selected items the changes apply to. */
  itemCount: number;
  /** Plural noun for the items, e.g. "campaigns". */
  itemsLabel?: string;
  fields: readonly MassEditField[];
  /** Receives only the ticked fields. A rejection keeps the modal open and shows the error. */
  onSave: (changes: MassEditChanges) => void | Promise<void>;
  renderError?: (error: unknown) => ReactNode;
  title?: ReactNode;
}

const defaultOf = (field: MassEditField): unknown => {
  switch (field.kind) {
    case 'text':
      return field.defaultValue ?? '';
    case 'number':
      return field.defaultValue ?? null;
    case 'select':
      return field.defaultValue ?? field.options[0]?.value ?? '';
    case 'switch':
      return field.defaultValue ?? false;
    case 'custom':
      return field.defaultValue;
  }
};

const defaultRenderError = (error: unknown): ReactNode =>
  error instanceof Error ? error.message : String(error);

/**
 * Mass edit for N selected items: tick the fields to change, set their values, save. Only ticked
 * fields are emitted, so untouched fields keep each item's own value.
 */
export function MassEditModal({
  open,
  onOpenChange,
  itemCount,
  itemsLabel = 'items',
  fields,
  onSave,
  renderError = defaultRenderError,
  title = 'Mass edit',
}: MassEditModalProps) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const firstTick = useRef<HTMLButtonElement>(null);

  // A fresh form each time the modal opens: stale ticks could silently overwrite other items.
  useEffect(() => {
    if (!open) return;
    setTicked(new Set());
    setValues(Object.fromEntries(fields.map((field) => [field.id, defaultOf(field)])));
    setError(null);
    setPending(false);
  }, [open, fields]);

  const toggle = (id: string, on: boolean) =>
    setTicked((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const setValue = (id: string, value: unknown) => setValues((old) => ({ ...old, [id]: value }));

  const tickedFields = fields.filter((field) => ticked.has(field.id));
  const save = async () => {
    if (tickedFields.length === 0 || pending) return;
    setPending(true);
    setError(null);
    try {
      await onSave(Object.fromEntries(tickedFields.map((field) => [field.id, values[field.id]])));
      setPending(false);
      onOpenChange(false);
    } catch (caught) {
      setPending(false);
      setError(caught ?? 'Error');
    }
  };

  const summary =
    tickedFields.length === 0
      ? `Tick the fields to change for ${itemCount} ${itemsLabel}.`
      : `${itemCount} ${itemsLabel} will change: ${tickedFields.map((field) => field.label).join(', ')}.`;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Content
        title={title}
        description={`${itemCount} ${itemsLabel} selected`}
        size="md"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          firstTick.current?.focus();
        }}
        onEscapeKeyDown={(event) => {
          if (pending) event.preventDefault();
        }}
      >
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <ul className={styles.list}>
            {fields.map((field, index) => {
              const on = ticked.has(field.id);
              const controlId = `mass-edit-${field.id}`;
              return (
                <li key={field.id} className={styles.item} data-ticked={on}>
                  <Checkbox
                    ref={index === 0 ? firstTick : undefined}
                    checked={on}
                    onCheckedChange={(checked) => toggle(field.id, checked === true)}
                    aria-label={`Change ${field.label}`}
                  />
                  <div className={styles.editor}>
                    <FieldEditor
                      field={field}
                      controlId={controlId}
                      value={values[field.id]}
                      disabled={!on || pending}
                      onChange={(value) => setValue(field.id, value)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          <p className={styles.summary} aria-live="polite">
            {summary}
          </p>
          {error != null && (
            <div role="alert" className={styles.error}>
              <CircleExclamationPoint size={16} aria-hidden />
              <div>{renderError(error)}</div>
            </div>
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending} disabled={tickedFields.length === 0}>
              {tickedFields.length === 0 ? 'Save' : `Save ${itemCount} ${itemsLabel}`}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function FieldEditor({
  field,
  controlId,
  value,
  disabled,
  onChange,
}: {
  field: MassEditField;
  controlId: string;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}) {
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          id={controlId}
          label={field.label}
          description={field.description}
          placeholder={field.placeholder}
          value={String(value ?? '')}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return (
        <NumberField
          id={controlId}
          label={field.label}
          description={field.description}
          value={typeof value === 'number' ? value : null}
          min={field.min}
          max={field.max}
          step={field.step}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <Select
          id={controlId}
          label={field.label}
          description={field.description}
          options={field.options}
          value={String(value ?? '')}
          disabled={disabled}
          onValueChange={onChange}
        />
      );
    case 'switch':
      return (
        <Switch
          id={controlId}
          label={field.label}
          checked={value === true}
          disabled={disabled}
          onCheckedChange={onChange}
        />
      );
    case 'custom':
      return (
        <fieldset disabled={disabled} className={styles.customFieldset}>
          <legend className={styles.customLegend}>{field.label}</legend>
          {field.render(value, onChange, controlId)}
        </fieldset>
      );
  }
}
