import type { ErrorItem, FilterValue, SortTerm } from '@cairn/contract';
import type { Row, Sql } from '../store/config/port.ts';
import { timestamp } from '../store/config/port.ts';
import {
  checkReferencesMany,
  checkUniqueMany,
  findUsages,
  type ReferenceCheckItem,
  type UniqueCheckItem,
} from './checks.ts';
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
import { chunks, Params, type ReadScope, scopeSql } from './sqlParts.ts';

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
  /** The caller's permission scope: rows outside it are invisible. */
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

  kinds(): string[] {
    return [...this.definitions.keys()];
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

  /** The items with these ids that `scope` admits, ordered by id; missing ones are left out. */
  async findMany(
    sql: Sql,
    definition: EntityDefinition,
    ids: readonly number[],
    scope: ReadScope = null,
  ): Promise<EntityRecord[]> {
    const records: EntityRecord[] = [];
    for (const chunk of chunks([...new Set(ids)].sort((a, b) => a - b))) {
      const params = new Params();
      const first = chunk[0] as number;
      const last = chunk.at(-1) as number;
      // A run of consecutive ids (what one bulk insert hands out) is read as a range, far cheaper to plan.
      const wanted =
        last - first + 1 === chunk.length
          ? `t.id BETWEEN ${params.add(first)} AND ${params.add(last)}`
          : `t.id IN (${chunk.map((id) => params.add(id)).join(', ')})`;
      const rows = await sql.query(
        `${this.selectFrom(definition)} WHERE ${wanted} AND ${scopeSql(scope, params)} ORDER BY t.id`,
        params.values,
      );
      records.push(...rows.map((row) => this.recordOf(definition, row)));
    }
    return records;
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
    if (request.scope) where.push(scopeSql(request.scope, params));
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
    const [id] = await this.insertMany(sql, definition, [values]);
    if (id === undefined) throw new Error(`Inserting into ${definition.table} returned no id`);
    return id;
  }

  /** Inserts the rows with one multi-row INSERT per batch; resolves to their ids, in the order given. */
  async insertMany(
    sql: Sql,
    definition: EntityDefinition,
    rows: readonly Record<string, unknown>[],
  ): Promise<number[]> {
    const fields = Object.entries(definition.fields);
    const columns = [...fields.map(([field]) => columnOf(field)), 'created_at', 'updated_at'];
    const ids: number[] = [];
    for (const batch of chunks(rows)) {
      const params = new Params();
      const now = `CAST(${params.add(timestamp(this.now()))} AS TIMESTAMPTZ)`;
      const tuples = batch.map((values) => {
        const cells = fields.map(([field, spec]) => params.repeated(toColumnValue(spec, values[field])));
        return `(${[...cells, now, now].join(', ')})`;
      });
      const returned = await sql.query<{ id: number }>(
        `INSERT INTO ${definition.table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`,
        params.values,
      );
      if (returned.length !== batch.length) {
        throw new Error(
          `Inserting ${batch.length} rows into ${definition.table} returned ${returned.length} ids`,
        );
      }
      // Ids come from the table's sequence, drawn row by row in VALUES order; the order of RETURNING rows
      // is not promised by every engine, so ascending ids are matched to the rows in order.
      ids.push(...returned.map((row) => Number(row.id)).sort((a, b) => a - b));
    }
    return ids;
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

  /** Every place that still uses the item; users outside `scopeOf(their kind)` are counted, not named. */
  usages(
    sql: Sql,
    kind: string,
    id: number,
    scopeOf: (kind: string) => ReadScope = () => null,
  ): Promise<Usage[]> {
    return findUsages(sql, this.definitions, this.usageFinders, kind, id, scopeOf);
  }

  /** The reference errors of one write (see checkReferencesMany). */
  async checkReferences(
    sql: Sql,
    definition: EntityDefinition,
    values: Record<string, unknown>,
    previous: Record<string, unknown> | null,
    fieldPrefix = '',
  ): Promise<ErrorItem[]> {
    const [errors = []] = await this.checkReferencesMany(
      sql,
      definition,
      [{ values, previous }],
      fieldPrefix,
    );
    return errors;
  }

  checkReferencesMany(
    sql: Sql,
    definition: EntityDefinition,
    items: readonly ReferenceCheckItem[],
    fieldPrefix = '',
  ): Promise<ErrorItem[][]> {
    return checkReferencesMany(sql, this.definitions, definition, items, fieldPrefix);
  }

  /** The uniqueness errors of one write (see checkUniqueMany). */
  async checkUnique(
    sql: Sql,
    definition: EntityDefinition,
    values: Record<string, unknown>,
    id: number | null,
  ): Promise<ErrorItem[]> {
    const [errors = []] = await checkUniqueMany(sql, definition, [{ values, id }]);
    return errors;
  }

  checkUniqueMany(
    sql: Sql,
    definition: EntityDefinition,
    items: readonly UniqueCheckItem[],
  ): Promise<ErrorItem[][]> {
    return checkUniqueMany(sql, definition, items);
  }
}

export { capitalize } from './messageText.ts';
