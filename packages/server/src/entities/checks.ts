import type { ErrorItem } from '@cairn/contract';
import type { Row, Sql, SqlParam } from '../store/config/port.ts';
import { columnOf, type EntityDefinition, type Usage, type UsageFinder } from './definition.ts';
import { capitalize } from './messageText.ts';
import { chunks, Params, type ReadScope, scopeSql } from './sqlParts.ts';

// The database checks of writes, made for many items at once: one query per reference field, per
// uniqueness rule and per kind of user, whatever the number of items, so a bulk import costs about the
// round trips of a single edit.

export interface ReferenceCheckItem {
  values: Record<string, unknown>;
  previous: Record<string, unknown> | null;
}

function article(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * Referenced items must exist (and groups be of the right kind); a reference newly pointed at an
 * archived item is refused, one kept unchanged is not, so archiving never blocks editing other fields.
 * Resolves to each item's errors, in the order given.
 */
export async function checkReferencesMany(
  sql: Sql,
  definitions: ReadonlyMap<string, EntityDefinition>,
  definition: EntityDefinition,
  items: readonly ReferenceCheckItem[],
  fieldPrefix = '',
): Promise<ErrorItem[][]> {
  const errors = items.map((): ErrorItem[] => []);
  for (const reference of definition.references ?? []) {
    const target = definitions.get(reference.kind);
    if (!target) continue;
    const referenced = (item: ReferenceCheckItem) => (item.values[reference.field] ?? null) as SqlParam;
    const wanted = [...new Set(items.map(referenced))].filter((value) => value !== null);
    if (wanted.length === 0) continue;
    const found = new Map<string, Row>();
    for (const chunk of chunks(wanted)) {
      const params = new Params();
      const rows = await sql.query(
        `SELECT id, archived${reference.groupKind ? ', kind' : ''} FROM ${target.table}
         WHERE id IN (${chunk.map((value) => params.add(value)).join(', ')})`,
        params.values,
      );
      for (const row of rows) found.set(String(row.id), row);
    }
    const field = `${fieldPrefix}${reference.field}`;
    items.forEach((item, index) => {
      const value = referenced(item);
      if (value === null) return;
      const row = found.get(String(value));
      const itemErrors = errors[index] as ErrorItem[];
      if (!row) {
        itemErrors.push({ message: `${capitalize(target.noun)} ${value} does not exist`, detail: { field } });
      } else if (reference.groupKind && row.kind !== reference.groupKind) {
        itemErrors.push({
          message: `Group ${value} is ${article(String(row.kind))} group, not ${article(reference.groupKind)} group`,
          detail: { field },
        });
      } else if (row.archived === true && item.previous?.[reference.field] !== value) {
        itemErrors.push({ message: `${capitalize(target.noun)} ${value} is archived`, detail: { field } });
      }
    });
  }
  return errors;
}

export interface UniqueCheckItem {
  values: Record<string, unknown>;
  /** The item's own id when it is stored already (an edit), so it does not compete with itself. */
  id: number | null;
}

/**
 * Unique values (compared case-insensitively for text) must not be taken by any other stored item,
 * archived ones included, nor by an earlier item of the same batch. Resolves to each item's errors.
 */
export async function checkUniqueMany(
  sql: Sql,
  definition: EntityDefinition,
  items: readonly UniqueCheckItem[],
): Promise<ErrorItem[][]> {
  const errors = items.map((): ErrorItem[] => []);
  for (const rule of definition.unique ?? []) {
    const isText = rule.fields.map((field) => definition.fields[field]?.type === 'text');
    // An empty unique field competes with nothing, as NULL equals nothing in SQL.
    const candidates = items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => rule.fields.every((field) => (item.values[field] ?? null) !== null));
    const taken = new Set<number>();
    for (const chunk of chunks(candidates)) {
      const params = new Params();
      // The batch travels as a VALUES table joined to the stored rows: one query whatever the batch size,
      // and the database's own lower() on both sides.
      const tuples = chunk.map(({ item, index }) => {
        const keys = rule.fields.map((field, n) => {
          const value = params.add(item.values[field] as SqlParam);
          return isText[n] ? `lower(CAST(${value} AS VARCHAR))` : value;
        });
        return `(CAST(${params.add(index)} AS BIGINT), CAST(${params.add(item.id)} AS BIGINT), ${keys.join(', ')})`;
      });
      const keyColumns = rule.fields.map((_, n) => `k${n}`);
      const matches = rule.fields.map((field, n) =>
        isText[n] ? `lower(t.${columnOf(field)}) = v.k${n}` : `t.${columnOf(field)} = v.k${n}`,
      );
      const rows = await sql.query<{ i: number }>(
        `SELECT DISTINCT v.i FROM (VALUES ${tuples.join(', ')}) AS v(i, self, ${keyColumns.join(', ')})
         JOIN ${definition.table} t ON ${matches.join(' AND ')}
         WHERE v.self IS NULL OR t.id <> v.self`,
        params.values,
      );
      for (const row of rows) taken.add(Number(row.i));
    }
    // Within the batch the first item keeps the value (JavaScript's lower case stands in for SQL's here).
    const seen = new Set<string>();
    for (const { item, index } of candidates) {
      const key = JSON.stringify(
        rule.fields.map((field, n) =>
          isText[n] ? String(item.values[field]).toLowerCase() : item.values[field],
        ),
      );
      if (taken.has(index) || seen.has(key)) {
        errors[index]?.push({ message: rule.message, detail: { field: rule.field } });
      }
      seen.add(key);
    }
  }
  return errors;
}

async function readableIds(
  sql: Sql,
  definition: EntityDefinition | undefined,
  ids: readonly number[],
  scope: ReadScope,
): Promise<Set<number>> {
  if (scope === null) return new Set(ids);
  const readable = new Set<number>();
  if (scope === false || !definition) return readable;
  for (const chunk of chunks(ids)) {
    const params = new Params();
    const list = chunk.map((id) => params.add(id)).join(', ');
    const rows = await sql.query<{ id: number }>(
      `SELECT t.id FROM ${definition.table} t WHERE t.id IN (${list}) AND ${scopeSql(scope, params)}`,
      params.values,
    );
    for (const row of rows) readable.add(Number(row.id));
  }
  return readable;
}

/**
 * Every place that still uses an item: reference fields of all kinds, then the extra finders. Users
 * outside `scopeOf(their kind)` are counted, not named.
 */
export async function findUsages(
  sql: Sql,
  definitions: ReadonlyMap<string, EntityDefinition>,
  finders: readonly UsageFinder[],
  kind: string,
  id: number,
  scopeOf: (kind: string) => ReadScope,
): Promise<Usage[]> {
  const found: Usage[] = [];
  for (const definition of definitions.values()) {
    for (const reference of definition.references ?? []) {
      if (reference.kind !== kind) continue;
      const params = new Params();
      const uses = `t.${columnOf(reference.field)} = ${params.add(id)}`;
      const readable = scopeSql(scopeOf(definition.kind), params);
      const [counts] = await sql.query<{ total: number; readable: number }>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE ${readable}) AS readable
         FROM ${definition.table} t WHERE ${uses}`,
        params.values,
      );
      const total = Number(counts?.total ?? 0);
      if (total === 0) continue;
      const count = Number(counts?.readable ?? 0);
      const label = 'name' in definition.fields ? 't.name' : 't.id';
      const examples =
        count === 0
          ? []
          : await sql.query<{ label: unknown }>(
              `SELECT CAST(${label} AS VARCHAR) AS label FROM ${definition.table} t
               WHERE ${uses} AND ${readable} ORDER BY t.id LIMIT 3`,
              params.values,
            );
      found.push({
        noun: definition.noun,
        nounPlural: definition.nounPlural,
        count,
        examples: examples.map((row) => String(row.label)),
        hidden: total - count,
      });
    }
  }
  for (const finder of finders) {
    for (const using of await finder(sql, kind, id)) {
      const ids = using.items.map((item) => item.id);
      const readable = await readableIds(sql, definitions.get(using.kind), ids, scopeOf(using.kind));
      const named = using.items.filter((item) => readable.has(item.id));
      found.push({
        noun: using.noun,
        nounPlural: using.nounPlural,
        count: named.length,
        examples: named.slice(0, 3).map((item) => item.name),
        hidden: using.items.length - named.length,
      });
    }
  }
  return found;
}
