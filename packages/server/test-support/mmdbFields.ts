import type { FieldSelector } from '../src/tracking/enrich/mmdbFields.ts';

/** The library's record with only the fields `selector` names, as the decoder should give it. */
export function selected(value: unknown, selector: FieldSelector): unknown {
  if (Array.isArray(value)) return value.map((item) => selected(item, selector));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(selector)) {
    if (key in value) out[key] = selected((value as Record<string, unknown>)[key], child);
  }
  return out;
}
