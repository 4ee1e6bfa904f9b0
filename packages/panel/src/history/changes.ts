import { type AuditEntry, microsToDecimal } from '@cairn/contract';
import type { FormFieldSpec, RefSpec } from '../entities/types.ts';
import { formatMoney } from '../utils/format.ts';
import { capitalize } from '../utils/text.ts';

// What an audit entry changed, in the words of the form: each field by its label, each value as the
// form and the lists show it (a reference by its name, money with its currency, a choice by its label).

export type Changes = Record<string, { before: unknown; after: unknown }>;

export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The name of a referenced item, when known. */
export type NameOf = (spec: RefSpec, id: number) => string | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entry's field changes (`details.changes`), or none when it records something else. */
export function changesOf(entry: AuditEntry): Changes {
  const changes = isRecord(entry.details) ? entry.details.changes : undefined;
  if (!isRecord(changes)) return {};
  const found: Changes = {};
  for (const [field, change] of Object.entries(changes)) {
    if (isRecord(change)) found[field] = { before: change.before, after: change.after };
  }
  return found;
}

/** Fields the server keeps that no form edits. */
const OWN_LABELS: Record<string, string> = { archived: 'Archived', key: 'Campaign key' };

/** The field as the form labels it; one no form shows, in words: `templateId` -> "Template". */
export function fieldLabel(field: string, fields: readonly FormFieldSpec[] | undefined): string {
  const spec = fields?.find((candidate) => candidate.name === field);
  if (spec) return spec.label;
  const own = OWN_LABELS[field];
  if (own) return own;
  const words = field
    .replace(/(Id|Micros)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return capitalize(words);
}

const EMPTY = '–';

function plain(value: unknown): string {
  if (value === null || value === undefined) return EMPTY;
  if (value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) {
    return value.length === 0 ? '(none)' : value.join(', ');
  }
  // A flow, a token list: too much for a line; the form shows it.
  return 'changed';
}

function nameOf(spec: RefSpec, value: unknown, noneLabel: string | undefined, names: NameOf): string {
  if (value === null || value === undefined) return noneLabel ?? EMPTY;
  if (typeof value !== 'number') return plain(value);
  return names(spec, value) ?? `#${value}`;
}

/**
 * One saved value as the form would show it. `values` is the item on the same side of the change (its
 * currency then, its cost model then).
 */
export function describeValue(
  value: unknown,
  spec: FormFieldSpec | undefined,
  values: Readonly<Record<string, unknown>>,
  names: NameOf,
): string {
  const own = spec?.describe?.(value, values);
  if (own !== undefined) return own;
  if (!spec) return plain(value);
  switch (spec.kind) {
    case 'ref':
      return nameOf(spec.ref, value, spec.noneLabel, names);
    case 'select': {
      const label = spec.options.find((option) => option.value === value)?.label;
      return typeof label === 'string' ? label : plain(value);
    }
    case 'switch':
      return typeof value === 'boolean' ? (value ? 'On' : 'Off') : plain(value);
    case 'money': {
      if (typeof value !== 'number') return plain(value);
      const currency = values.currency;
      return typeof currency === 'string' && currency !== ''
        ? formatMoney(value, currency, { precision: 'full' })
        : microsToDecimal(value);
    }
    case 'number':
      return typeof value === 'number' && spec.suffix ? `${value} ${spec.suffix}` : plain(value);
    case 'custom':
      return spec.ref ? nameOf(spec.ref, value, spec.noneLabel, names) : plain(value);
    default:
      return plain(value);
  }
}

/** Each changed field of an entry, labelled and with both values described; `current` fills the rest of the item. */
export function changeLines(
  changes: Changes,
  fields: readonly FormFieldSpec[] | undefined,
  current: Readonly<Record<string, unknown>> | undefined,
  names: NameOf,
): ChangeLine[] {
  const side = (which: 'before' | 'after') => ({
    ...current,
    ...Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change[which]])),
  });
  const before = side('before');
  const after = side('after');
  return Object.entries(changes).map(([field, change]) => {
    const spec = fields?.find((candidate) => candidate.name === field);
    return {
      field,
      label: fieldLabel(field, fields),
      before: describeValue(change.before, spec, before, names),
      after: describeValue(change.after, spec, after, names),
    };
  });
}

/** The references a kind's fields show by name, for the history to ask their names once. */
export function refSpecsOf(fields: readonly FormFieldSpec[]): RefSpec[] {
  return fields.flatMap((field) =>
    field.kind === 'ref' ? [field.ref] : field.kind === 'custom' && field.ref ? [field.ref] : [],
  );
}
