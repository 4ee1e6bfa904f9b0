import type { ErrorItem, FilterValue, SortTerm } from '@cairn/contract';
import type { Row, Sql, SqlParam } from '../store/config/port.ts';
import { timestamp } from '../store/config/port.ts';
import {
  columnOf,
  type EntityDefinition,
  type EntityRecord,
  fromColumnValue,
  isoTimestamp,
  type SqlCondition,
  toColumnValue,
  type Usage,
  type UsageFinder,
} from './definition.ts';

/** Collects positional parameters while a statement is built, so `$n` numbering cannot drift. */
class Params {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const META_SORT: Record<string, string> = {
  id: 't.id',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
};

export interface ListRequest {
  q?: string;
  page: number;
  pageSize: number;
  sort: SortTerm[];
  archived: 'false' | 'true' | 'all';
  ids?: number[];
  filters: Record<string, FilterValue>;
  /** Issue 7's permission scope: rows outside it are invisible. */
  scope: SqlCondition | null;
}

/** The SQL side of the machinery: one implementation for every kind, driven by its definition. */
export class EntityRepository {
  private readonly definitions: ReadonlyMap<string, EntityDefinition>;
  private readonly usageFinders: readonly UsageFinder[];
  private readonly now: () => number;

  constructor(
    definitions: ReadonlyMap<string, EntityDefinition>,
    usageFinders: readonly UsageFinder[],
    now: () => number,
  ) {
    this.definitions = definitions;
    this.usageFinders = usageFinders;
    this.now = now;
  }

  definition(kind: string): EntityDefinition | undefined {
    return this.definitions.get(kind);
  }

  private selectFrom(definition: EntityDefinition): string {
    const computed = Object.entries(definition.computed ?? {}).map(
      ([field, expression]) => `(${expression}) AS ${columnOf(field)}`,
    );
    return `SELECT ${['t.*', ...computed].join(', ')} FROM ${definition.table} t`;
  }

  private recordOf(definition: EntityDefinition, row: Row): EntityRecord {
    const record: EntityRecord = {
      id: Number(row.id),
      archived: Boolean(row.archived),
      createdAt: isoTimestamp(row.created_at),
      updatedAt: isoTimestamp(row.updated_at),
    };
    for (const [field, spec] of Object.entries(definition.fields)) {
      record[field] = fromColumnValue(spec, row[columnOf(field)]);
    }
    for (const field of Object.keys(definition.computed ?? {})) {
      const value = row[columnOf(field)];
      record[field] = typeof value === 'bigint' ? Number(value) : (value ?? null);
    }
    return record;
  }

  async find(sql: Sql, definition: EntityDefinition, id: number): Promise<EntityRecord | null> {
    const rows = await sql.query(`${this.selectFrom(definition)} WHERE t.id = $1`, [id]);
    return rows[0] ? this.recordOf(definition, rows[0]) : null;
  }

  async findMany(sql: Sql, definition: EntityDefinition, ids: readonly number[]): Promise<EntityRecord[]> {
    if (ids.length === 0) return [];
    const params = new Params();
    const list = ids.map((id) => params.add(id)).join(', ');
    const rows = await sql.query(
      `${this.selectFrom(definition)} WHERE t.id IN (${list}) ORDER BY t.id`,
      params.values,
    );
    return rows.map((row) => this.recordOf(definition, row));
  }

  async list(
    sql: Sql,
    definition: EntityDefinition,
    request: ListRequest,
  ): Promise<{ records: EntityRecord[]; total: number }> {
    const params = new Params();
    const where: string[] = [];
    if (request.archived !== 'all') where.push(`t.archived = ${params.add(request.archived === 'true')}`);
    if (request.ids) where.push(`t.id IN (${request.ids.map((id) => params.add(id)).join(', ')})`);
    if (request.q) {
      const pattern = params.add(`%${request.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const matches = definition.searchFields.map(
        (field) => `lower(CAST(t.${columnOf(field)} AS VARCHAR)) LIKE ${pattern} ESCAPE '\\'`,
      );
      if (/^\d{1,15}$/.test(request.q)) matches.push(`t.id = ${params.add(Number(request.q))}`);
      where.push(`(${matches.join(' OR ')})`);
    }
    for (const [field, filter] of Object.entries(request.filters)) {
      const column = `t.${columnOf(field)}`;
      if (filter.type === 'boolean') {
        where.push(`${column} = ${params.add(filter.value)}`);
      } else if (filter.type === 'text') {
        where.push(`lower(${column}) IN (${filter.values.map((v) => `lower(${params.add(v)})`).join(', ')})`);
      } else {
        const ids = filter.values.filter((value): value is number => value !== null);
        const alternatives: string[] = [];
        if (ids.length > 0) alternatives.push(`${column} IN (${ids.map((id) => params.add(id)).join(', ')})`);
        if (ids.length < filter.values.length) alternatives.push(`${column} IS NULL`);
        where.push(`(${alternatives.join(' OR ')})`);
      }
    }
    if (request.scope) {
      // The scope's own $n placeholders are renumbered after the ones already taken.
      const offset = params.values.length;
      where.push(`(${request.scope.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`);
      params.values.push(...request.scope.params);
    }
    const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    const countRows = await sql.query<{ total: number }>(
      `SELECT count(*) AS total FROM ${definition.table} t${whereSql}`,
      params.values,
    );
    const order = [...request.sort, { field: 'id', direction: 'asc' as const }]
      .filter((term, index, all) => all.findIndex((other) => other.field === term.field) === index)
      .map(
        (term) => `${this.sortExpression(definition, term.field)} ${term.direction.toUpperCase()} NULLS LAST`,
      );
    const limit = params.add(request.pageSize);
    const offset = params.add((request.page - 1) * request.pageSize);
    const rows = await sql.query(
      `${this.selectFrom(definition)}${whereSql} ORDER BY ${order.join(', ')} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    );
    return {
      records: rows.map((row) => this.recordOf(definition, row)),
      total: Number(countRows[0]?.total ?? 0),
    };
  }

  private sortExpression(definition: EntityDefinition, field: string): string {
    const meta = META_SORT[field];
    if (meta) return meta;
    const computed = definition.computed?.[field];
    if (computed) return `(${computed})`;
    const spec = definition.fields[field];
    // Names sort the way people read them, not by code point.
    return spec?.type === 'text' ? `lower(t.${columnOf(field)})` : `t.${columnOf(field)}`;
  }

  async insert(sql: Sql, definition: EntityDefinition, values: Record<string, unknown>): Promise<number> {
    const params = new Params();
    const columns: string[] = [];
    const placeholders: string[] = [];
    for (const [field, spec] of Object.entries(definition.fields)) {
      columns.push(columnOf(field));
      placeholders.push(params.add(toColumnValue(spec, values[field])));
    }
    const now = params.add(timestamp(this.now()));
    columns.push('created_at', 'updated_at');
    placeholders.push(`CAST(${now} AS TIMESTAMPTZ)`, `CAST(${now} AS TIMESTAMPTZ)`);
    const rows = await sql.query<{ id: number }>(
      `INSERT INTO ${definition.table} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`,
      params.values,
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`Inserting into ${definition.table} returned no id`);
    return Number(id);
  }

  /** Writes only the given fields (and the archived flag when present), bumping updated_at. */
  async update(
    sql: Sql,
    definition: EntityDefinition,
    id: number,
    values: Record<string, unknown>,
  ): Promise<void> {
    const params = new Params();
    const sets: string[] = [];
    for (const [field, value] of Object.entries(values)) {
      if (field === 'archived') {
        sets.push(`archived = ${params.add(Boolean(value))}`);
        continue;
      }
      const spec = definition.fields[field];
      if (!spec) continue;
      sets.push(`${columnOf(field)} = ${params.add(toColumnValue(spec, value))}`);
    }
    sets.push(`updated_at = CAST(${params.add(timestamp(this.now()))} AS TIMESTAMPTZ)`);
    await sql.execute(
      `UPDATE ${definition.table} SET ${sets.join(', ')} WHERE id = ${params.add(id)}`,
      params.values,
    );
  }

  async remove(sql: Sql, definition: EntityDefinition, id: number): Promise<void> {
    await sql.execute(`DELETE FROM ${definition.table} WHERE id = $1`, [id]);
  }

  /** Every place that still uses the item: reference fields of all kinds, then the extra finders. */
  async usages(sql: Sql, kind: string, id: number): Promise<Usage[]> {
    const found: Usage[] = [];
    for (const definition of this.definitions.values()) {
      for (const reference of definition.references ?? []) {
        if (reference.kind !== kind) continue;
        const column = columnOf(reference.field);
        const nameColumn = 'name' in definition.fields ? 'name' : 'id';
        const rows = await sql.query<{ label: unknown; total: number }>(
          `SELECT CAST(${nameColumn} AS VARCHAR) AS label, count(*) OVER () AS total
           FROM ${definition.table} WHERE ${column} = $1 ORDER BY id LIMIT 3`,
          [id],
        );
        if (rows.length > 0) {
          found.push({
            noun: definition.noun,
            nounPlural: definition.nounPlural,
            count: Number(rows[0]?.total ?? rows.length),
            examples: rows.map((row) => String(row.label)),
          });
        }
      }
    }
    for (const finder of this.usageFinders) found.push(...(await finder(sql, kind, id)));
    return found;
  }

  /**
   * Referenced items must exist (and groups be of the right kind); a reference newly pointed at an
   * archived item is refused, one kept unchanged is not, so archiving never blocks editing other fields.
   */
  async checkReferences(
    sql: Sql,
    definition: EntityDefinition,
    values: Record<string, unknown>,
    previous: Record<string, unknown> | null,
    fieldPrefix = '',
  ): Promise<ErrorItem[]> {
    const errors: ErrorItem[] = [];
    for (const reference of definition.references ?? []) {
      const value = values[reference.field];
      if (value === null || value === undefined) continue;
      const target = this.definitions.get(reference.kind);
      if (!target) continue;
      const rows = await sql.query(`SELECT * FROM ${target.table} WHERE id = $1`, [value as number]);
      const row = rows[0];
      const field = `${fieldPrefix}${reference.field}`;
      if (!row) {
        errors.push({ message: `${capitalize(target.noun)} ${value} does not exist`, detail: { field } });
      } else if (reference.groupKind && row.kind !== reference.groupKind) {
        errors.push({
          message: `Group ${value} is ${article(String(row.kind))} group, not ${article(reference.groupKind)} group`,
          detail: { field },
        });
      } else if (row.archived === true && previous?.[reference.field] !== value) {
        errors.push({ message: `${capitalize(target.noun)} ${value} is archived`, detail: { field } });
      }
    }
    return errors;
  }

  async checkUnique(
    sql: Sql,
    definition: EntityDefinition,
    values: Record<string, unknown>,
    id: number | null,
  ): Promise<ErrorItem[]> {
    const errors: ErrorItem[] = [];
    for (const rule of definition.unique ?? []) {
      const params = new Params();
      const conditions = rule.fields.map((field) => {
        const value = values[field];
        return typeof value === 'string'
          ? `lower(${columnOf(field)}) = lower(${params.add(value)})`
          : `${columnOf(field)} = ${params.add(value as SqlParam)}`;
      });
      if (id !== null) conditions.push(`id <> ${params.add(id)}`);
      const rows = await sql.query(
        `SELECT id FROM ${definition.table} WHERE ${conditions.join(' AND ')} LIMIT 1`,
        params.values,
      );
      if (rows.length > 0) errors.push({ message: rule.message, detail: { field: rule.field } });
    }
    return errors;
  }
}

function article(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
