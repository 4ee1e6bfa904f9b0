import { decimalToMicros, microsToDecimal } from '@cairn/contract';
import type { z } from 'zod';
import type { Draft, EntityFormUi, FieldErrors, FormFieldSpec, Item } from '../types.ts';

// Between an item, the editable draft a form holds and the body the API takes. Only fields with a
// control change shape (money as decimal text, lists as lines); every other field passes through, so
// posting a fetched item back keeps what no control shows.

function defaultValueOf(field: FormFieldSpec): unknown {
  switch (field.kind) {
    case 'text':
      return field.defaultValue ?? '';
    case 'url':
    case 'lines':
      return '';
    case 'number':
      return field.defaultValue ?? null;
    case 'money':
      return '0';
    case 'switch':
      return field.defaultValue ?? false;
    case 'select':
      return field.defaultValue;
    case 'ref':
    case 'country':
      return null;
    case 'custom':
      return field.defaultValue;
  }
}

export function draftValueFromItem(field: FormFieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'text':
    case 'url':
      return typeof value === 'string' ? value : '';
    case 'money':
      return typeof value === 'number' ? microsToDecimal(value) : '0';
    case 'lines':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'custom':
      return field.fromItem ? field.fromItem(value) : value;
    default:
      return value === undefined ? defaultValueOf(field) : value;
  }
}

export function newDraft(ui: EntityFormUi): Draft {
  const draft: Draft = { ...ui.createDefaults };
  for (const field of ui.fields) draft[field.name] = defaultValueOf(field);
  return draft;
}

export function draftFromItem(ui: EntityFormUi, item: Item): Draft {
  const draft: Draft = { ...item };
  for (const field of ui.fields) draft[field.name] = draftValueFromItem(field, item[field.name]);
  return draft;
}

/** A clone: the item's values as a new item, named "Copy of ...". */
export function cloneDraft(ui: EntityFormUi, item: Item): Draft {
  const draft = draftFromItem(ui, item);
  const name = draft[ui.labelField];
  if (ui.labelField === 'name' && typeof name === 'string') draft.name = `Copy of ${name}`;
  return draft;
}

export const moneyMessage = 'Enter an amount such as 1.50 (at most 6 decimals)';

/** The input value of one field, or an error for a value the control holds but the API cannot take. */
export function inputValueOf(
  field: FormFieldSpec,
  value: unknown,
  draft: Draft = {},
): { value: unknown } | { error: string } {
  switch (field.kind) {
    case 'text':
    case 'url': {
      const text = typeof value === 'string' ? value : '';
      return { value: field.nullable && text.trim() === '' ? null : text };
    }
    case 'money': {
      const micros = decimalToMicros(typeof value === 'string' ? value : String(value ?? ''));
      return micros === null ? { error: moneyMessage } : { value: micros };
    }
    case 'lines':
      return {
        value: (typeof value === 'string' ? value : '')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      };
    case 'custom':
      return { value: field.toInput ? field.toInput(value, draft) : value };
    default:
      return { value };
  }
}

export function isVisible(field: FormFieldSpec, draft: Draft): boolean {
  return field.visible ? field.visible(draft) : true;
}

/** Issues of a zod result as field path -> first message. */
export function errorsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = [...prefix, ...issue.path].map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export interface BuiltInput {
  input: Record<string, unknown>;
  errors: FieldErrors;
}

/** The API body for a draft, checked by the contract's input schema before it is sent. */
export function buildInput(ui: EntityFormUi, draft: Draft, schema: z.ZodType): BuiltInput {
  const input: Record<string, unknown> = { ...draft };
  const errors: FieldErrors = {};
  for (const field of ui.fields) {
    const converted = inputValueOf(field, draft[field.name], draft);
    if ('error' in converted) errors[field.name] = converted.error;
    else input[field.name] = converted.value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(errorsFromIssues(parsed.error.issues))) {
      const top = path.split('.')[0] ?? '';
      // A field the draft could not even convert keeps that (clearer) message.
      if (!(top in errors)) errors[path] ??= message;
    }
  }
  return { input, errors };
}

/** The errors at or below a field, keyed relative to it (`''` for the field itself). */
export function errorsUnder(errors: FieldErrors, name: string): FieldErrors {
  const found: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === name) found[''] = message;
    else if (path.startsWith(`${name}.`)) found[path.slice(name.length + 1)] = message;
  }
  return found;
}

/** One message for a plain control: its own error, else its nested ones (`2: ...` for a list entry). */
export function fieldMessage(errors: FieldErrors): string | undefined {
  const own = errors[''];
  if (own) return own;
  const nested = Object.entries(errors).map(([path, message]) => {
    const [first, ...rest] = path.split('.');
    const where = /^\d+$/.test(first ?? '') ? `Line ${Number(first) + 1}` : first;
    return `${[where, ...rest].join(' ')}: ${message}`;
  });
  return nested.length > 0 ? nested.join('\n') : undefined;
}
