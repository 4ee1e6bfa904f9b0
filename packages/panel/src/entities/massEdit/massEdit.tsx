import { countryOptions, type MassEditField, TextArea } from '@cairn/ui';
import { inputValueOf } from '../forms/draft.ts';
import { NONE, type RefOption, refKey, refSelectOptions } from '../refs.ts';
import type { EntityFormUi, FormFieldSpec, RefSpec } from '../types.ts';

// The mass-edit modal's fields come from the same field descriptions as the form: every field the kind's
// mass-change schema accepts is offered, with the matching editor.

export function massFieldSpecs(ui: EntityFormUi, changeable: readonly string[]): FormFieldSpec[] {
  return ui.fields.filter((field) => changeable.includes(field.name) && field.massEditable !== false);
}

export function massRefSpecs(fields: readonly FormFieldSpec[]): RefSpec[] {
  return fields.flatMap((field) => (field.kind === 'ref' ? [field.ref] : []));
}

const countrySelectOptions = [
  { value: NONE, label: 'Any country' },
  ...countryOptions().map((option) => ({ value: option.value, label: option.label })),
];

export function toMassEditField(
  field: FormFieldSpec,
  refOptions: ReadonlyMap<string, RefOption[] | undefined>,
): MassEditField {
  const base = {
    id: field.name,
    label: field.label,
    ...(field.description ? { description: field.description } : {}),
  };
  // Multi-line text (notes, one-per-line lists): the modal already names the group, so only an aria label.
  const textArea = (mono: boolean): MassEditField => ({
    ...base,
    kind: 'custom',
    defaultValue: '',
    render: (value, setValue, controlId) => (
      <TextArea
        id={controlId}
        aria-label={field.label}
        value={String(value ?? '')}
        onChange={(event) => setValue(event.target.value)}
        monospace={mono}
      />
    ),
  });
  switch (field.kind) {
    case 'text':
      return field.multiline
        ? textArea(false)
        : { ...base, kind: 'text', ...(field.placeholder ? { placeholder: field.placeholder } : {}) };
    case 'url':
      return { ...base, kind: 'text' };
    case 'money':
      return { ...base, kind: 'text', defaultValue: '0' };
    case 'number':
      return {
        ...base,
        kind: 'number',
        defaultValue: field.defaultValue ?? null,
        ...(field.min !== undefined ? { min: field.min } : {}),
        ...(field.max !== undefined ? { max: field.max } : {}),
        ...(field.step !== undefined ? { step: field.step } : {}),
      };
    case 'switch':
      return { ...base, kind: 'switch', defaultValue: field.defaultValue ?? false };
    case 'select':
      return { ...base, kind: 'select', options: field.options, defaultValue: field.defaultValue };
    case 'ref':
      return {
        ...base,
        kind: 'select',
        options: refSelectOptions(refOptions.get(refKey(field.ref)), field.noneLabel, undefined),
        defaultValue: NONE,
      };
    case 'country':
      return { ...base, kind: 'select', options: countrySelectOptions, defaultValue: NONE };
    case 'lines':
      return textArea(true);
    case 'custom':
      return {
        ...base,
        kind: 'custom',
        defaultValue: 'massEditDefault' in field ? field.massEditDefault : field.defaultValue,
        render: (value, setValue, controlId) =>
          field.render({ id: controlId, value, onChange: setValue, errors: {}, disabled: false }),
      };
  }
}

/** The API changes for the ticked modal values, or the fields whose value cannot be sent. */
export function massChangesFrom(
  fields: readonly FormFieldSpec[],
  values: Record<string, unknown>,
): { changes: Record<string, unknown>; errors: { field: string; message: string }[] } {
  const changes: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) continue;
    if (field.kind === 'ref') changes[name] = value === NONE ? null : Number(value);
    else if (field.kind === 'country') changes[name] = value === NONE ? null : value;
    else {
      const converted = inputValueOf(field, value);
      if ('error' in converted) errors.push({ field: name, message: converted.error });
      else changes[name] = converted.value;
    }
  }
  return { changes, errors };
}
