import { TRACKING_MACROS } from '@cairn/contract';
import {
  Button,
  Combobox,
  countryOptions,
  NumberField,
  Select,
  Switch,
  TextArea,
  TextField,
} from '@cairn/ui';
import { memo, type ReactNode } from 'react';
import * as styles from '../entities.css.ts';
import { NONE, refSelectOptions, useRefOptions } from '../refs.ts';
import type { FieldErrors, FormFieldSpec, RefSpec } from '../types.ts';
import { errorsUnder, fieldMessage } from './draft.ts';

// Built once: the list of about 250 countries does not change while the panel runs.
const countries = countryOptions();

export interface FieldControlProps {
  field: FormFieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  /** All the form's errors; the control picks its own. */
  errors: FieldErrors;
  disabled?: boolean;
  /** Id of the control (the form uses `field-<name>`, so tests and labels find it). */
  id: string;
}

/** The tracker's macros next to a URL field; a click appends one to the URL. */
function MacrosHelp({ onInsert, disabled }: { onInsert: (macro: string) => void; disabled: boolean }) {
  return (
    <details className={styles.macros}>
      <summary>
        Macros: {'{clickid}'}, {'{campaign_id}'}, {'{country_code}'} ... (click to insert)
      </summary>
      <div className={styles.macroList}>
        {TRACKING_MACROS.filter((macro) => !/^(t|event)([2-9]|\d\d)$/.test(macro.name)).map((macro) => (
          <Button
            key={macro.name}
            type="button"
            size="sm"
            variant="ghost"
            tone="neutral"
            disabled={disabled}
            title={macro.description}
            onClick={() => onInsert(`{${macro.name}}`)}
          >
            {`{${macro.name}}`}
          </Button>
        ))}
        <span>
          … and {'{t1}'}..{'{t30}'}, {'{event1}'}..{'{event30}'}
        </span>
      </div>
    </details>
  );
}

export function RefSelect({
  id,
  label,
  description,
  error,
  refSpec,
  noneLabel,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  refSpec: RefSpec;
  noneLabel: string;
  value: unknown;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}) {
  const { options } = useRefOptions(refSpec);
  return (
    <Select
      id={id}
      label={label}
      description={description}
      error={error}
      options={refSelectOptions(options, noneLabel, value)}
      value={typeof value === 'number' ? String(value) : NONE}
      disabled={disabled ?? false}
      onValueChange={(next) => onChange(next === NONE ? null : Number(next))}
    />
  );
}

/** One form control for a field description: the same renderer serves every kind's form. */
export const FieldControl = memo(function FieldControl({
  field,
  value,
  onChange,
  errors,
  disabled = false,
  id,
}: FieldControlProps) {
  const own = errorsUnder(errors, field.name);
  const error = fieldMessage(own);
  const common = { id, label: field.label, description: field.description, error };
  switch (field.kind) {
    case 'text':
      return field.multiline ? (
        <TextArea
          {...common}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
        />
      ) : (
        <TextField
          {...common}
          required={field.required}
          placeholder={field.placeholder}
          value={String(value ?? '')}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'url': {
      const text = String(value ?? '');
      return (
        <div>
          <TextField
            {...common}
            required={field.required}
            placeholder={field.placeholder ?? 'https://'}
            value={text}
            disabled={disabled}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
          {field.macros !== false && (
            <MacrosHelp disabled={disabled} onInsert={(macro) => onChange(text + macro)} />
          )}
        </div>
      );
    }
    case 'number':
      return (
        <NumberField
          {...common}
          value={typeof value === 'number' ? value : null}
          {...(field.min !== undefined ? { min: field.min } : {})}
          {...(field.max !== undefined ? { max: field.max } : {})}
          {...(field.step !== undefined ? { step: field.step } : {})}
          {...(field.suffix ? { suffix: field.suffix } : {})}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'money':
      return (
        <TextField
          {...common}
          inputMode="decimal"
          value={String(value ?? '')}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'switch':
      return (
        <div>
          <Switch
            id={id}
            label={field.label}
            checked={value === true}
            disabled={disabled}
            onCheckedChange={onChange}
            {...(error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {})}
          />
          {error && (
            <p id={`${id}-error`} className={styles.problem}>
              {error}
            </p>
          )}
        </div>
      );
    case 'select':
      return (
        <Select
          {...common}
          options={field.options}
          value={String(value ?? field.defaultValue)}
          disabled={disabled}
          onValueChange={onChange}
        />
      );
    case 'ref':
      return (
        <RefSelect
          {...common}
          refSpec={field.ref}
          noneLabel={field.noneLabel}
          value={value}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'country':
      return (
        <Combobox
          {...common}
          options={countries}
          value={typeof value === 'string' ? [value] : []}
          placeholder="Any country"
          disabled={disabled}
          // One country per offer: picking another replaces it.
          onChange={(next) => onChange(next.length > 0 ? (next[next.length - 1] ?? null) : null)}
        />
      );
    case 'lines':
      return (
        <TextArea
          {...common}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          monospace
          {...(field.placeholder ? { placeholder: field.placeholder } : {})}
        />
      );
    case 'custom':
      return (
        <fieldset disabled={disabled} className={styles.fieldset}>
          <legend className={styles.sectionTitle}>{field.label}</legend>
          {field.description && <p className={styles.muted}>{field.description}</p>}
          {field.render({ id, value, onChange, errors: own, disabled })}
          {own[''] && <p className={styles.problem}>{own['']}</p>}
        </fieldset>
      );
  }
});
