import type { SqlParam } from '../store/config/port.ts';
import type { SqlCondition } from './definition.ts';

/** Collects positional parameters while a statement is built, so `$n` numbering cannot drift. */
export class Params {
  readonly values: SqlParam[] = [];
  private readonly shared = new Map<string, string>();

  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /**
   * A value in a statement of many rows (a multi-row INSERT), where parameters are most of the database's
   * planning work: null, booleans and safe integers are written as literals (nothing a caller sends can
   * change their text), and each distinct other value is bound once however many rows repeat it.
   */
  repeated(value: SqlParam): string {
    if (value === null) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    const key = `${typeof value}:${String(value)}`;
    let placeholder = this.shared.get(key);
    if (placeholder === undefined) {
      placeholder = this.add(value);
      this.shared.set(key, placeholder);
    }
    return placeholder;
  }
}

/**
 * What a caller may read of a kind: everything (null), nothing (false), or the rows a condition on the
 * row aliased `t` admits.
 */
export type ReadScope = SqlCondition | null | false;

/** `scope` as SQL for a statement whose parameters are being collected in `params`. */
export function scopeSql(scope: ReadScope, params: Params): string {
  if (scope === null) return 'TRUE';
  if (scope === false) return 'FALSE';
  // The scope's own $n placeholders are renumbered after the ones already taken.
  const offset = params.values.length;
  params.values.push(...scope.params);
  return `(${scope.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
}

/** Ids per `IN (...)` list and rows per multi-row INSERT: a few thousand parameters a statement. */
export const BATCH = 500;

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
