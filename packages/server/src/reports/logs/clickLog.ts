import type {
  ClickLogColumn,
  ClickLogQuery,
  ClickLogRow,
  DimensionValue,
  ReportDimension,
} from '@cairn/contract';
import { ENTITY_DIMENSIONS, TOKEN_SLOTS } from '@cairn/contract';
import { clickTimeOf } from '../../events/clickId.ts';
import { validationError } from '../../http.ts';
import { CLICK_LOOKUP_WINDOW_MS } from '../../store/events/port.ts';
import { type EntityDimension, entityColumn } from '../dimensions.ts';
import type { NameOf } from '../names.ts';
import type { SqlBuilder } from '../plan/sql.ts';

// The click log's columns over the stored ones, its cells, and its cursor: the (ts, click_id) of the
// last row shown, so the next page starts strictly after it in the log's order (newest first).

const isEntity = (column: string): column is EntityDimension =>
  (ENTITY_DIMENSIONS as readonly string[]).includes(column);

const STORED: Partial<Record<ClickLogColumn, readonly string[]>> = {
  time: ['ts'],
  click_id: ['click_id'],
  rule: ['campaign_id', 'rotation_id', 'rule'],
  path: ['campaign_id', 'rotation_id', 'rule', 'path'],
  unique: ['is_unique'],
  bot: ['is_bot'],
  cost: ['cost_micros'],
};

function storedOf(column: ClickLogColumn): readonly string[] {
  const fixed = STORED[column];
  if (fixed) return fixed;
  if (isEntity(column)) return [entityColumn(column)];
  const token = /^token_(\d+)$/.exec(column);
  return [token ? `t${token[1]}` : column];
}

/** The stored columns the click-log columns read (time and click id always, for the cursor). */
export function storedColumns(columns: readonly ClickLogColumn[]): string[] {
  return [...new Set(['ts', 'click_id', ...columns.flatMap(storedOf)])];
}

function flowValue(row: Record<string, unknown>, withPath: boolean): string {
  const rotation = Number(row.rotation_id ?? 0);
  const owner = rotation !== 0 ? `r${rotation}` : `c${Number(row.campaign_id ?? 0)}`;
  const rule = `${owner}:${Number(row.rule ?? 0)}`;
  return withPath ? `${rule}:${Number(row.path ?? 0)}` : rule;
}

/** A named column's value in a stored row. */
function namedValue(column: ClickLogColumn, row: Record<string, unknown>): DimensionValue | null {
  if (isEntity(column)) return Number(row[entityColumn(column)] ?? 0);
  if (column === 'rule' || column === 'path') return flowValue(row, column === 'path');
  return null;
}

/** The entity, rule and path values of a page, for one name lookup per kind. */
export function namesWanted(
  rows: readonly Record<string, unknown>[],
  columns: readonly ClickLogColumn[],
): Map<ReportDimension, Set<DimensionValue>> {
  const wanted = new Map<ReportDimension, Set<DimensionValue>>();
  for (const column of columns) {
    const values = new Set<DimensionValue>();
    for (const row of rows) {
      const value = namedValue(column, row);
      if (value !== null) values.add(value);
    }
    if (values.size > 0) wanted.set(column as ReportDimension, values);
  }
  return wanted;
}

/** A stored row's time in ms: `time_ms` where clickLogSql selects it, else its `ts`. */
export const timeOf = (row: Record<string, unknown>): number => {
  if (row.time_ms != null) return Number(row.time_ms);
  const value = row.ts;
  return value instanceof Date ? value.getTime() : Date.parse(`${String(value).replace(' ', 'T')}Z`);
};

export function clickLogRow(
  row: Record<string, unknown>,
  columns: readonly ClickLogColumn[],
  nameOf: NameOf,
): ClickLogRow {
  const cells: ClickLogRow = {};
  for (const column of columns) {
    const value = namedValue(column, row);
    if (value !== null) {
      cells[column] = { value, name: nameOf(column as ReportDimension, value) };
      continue;
    }
    switch (column) {
      case 'time':
        cells.time = new Date(timeOf(row)).toISOString();
        break;
      case 'cost':
        cells.cost = Number(row.cost_micros ?? 0);
        break;
      case 'asn':
        cells.asn = Number(row.asn ?? 0);
        break;
      case 'unique':
      case 'bot': {
        // A BOOLEAN in DuckDB, a UInt8 in ClickHouse.
        const flag = row[column === 'unique' ? 'is_unique' : 'is_bot'];
        cells[column] = flag === true || flag === 1;
        break;
      }
      default:
        cells[column] = String(row[(storedOf(column)[0] ?? column) as string] ?? '');
    }
  }
  return cells;
}

export interface ClickCursor {
  time: number;
  clickId: string;
}

export function encodeCursor(row: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify([timeOf(row), String(row.click_id)])).toString('base64url');
}

export function decodeCursor(cursor: string): ClickCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      typeof parsed[1] === 'string'
    ) {
      return { time: parsed[0] as number, clickId: parsed[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw validationError([{ message: 'Not a cursor this API handed out', detail: { field: 'cursor' } }]);
}

/**
 * The range a click id search reads: the hour either side of the time the id carries (ids are minted
 * from their click's time), whatever period the log shows; null for a query without a click id.
 */
export function clickIdRange(query: ClickLogQuery): { from: number; to: number } | null {
  if (query.clickId === null) return null;
  const time = clickTimeOf(query.clickId);
  if (time === null) {
    throw validationError([{ message: 'Not a click id', detail: { field: 'clickId' } }]);
  }
  return { from: time - CLICK_LOOKUP_WINDOW_MS, to: time + CLICK_LOOKUP_WINDOW_MS };
}

/** The search's conditions (exact click id; one token value in any slot or the external id), or ''. */
export function searchSql(builder: SqlBuilder, query: ClickLogQuery): string {
  const conditions: string[] = [];
  if (query.clickId !== null) conditions.push(`click_id = ${builder.env.bind(query.clickId)}`);
  if (query.token !== null) {
    // One bound value read by every slot: each an equality the store can test on its column.
    const value = builder.env.bind(query.token);
    const slots = Array.from({ length: TOKEN_SLOTS }, (_, index) => `t${index + 1} = ${value}`);
    conditions.push(`(${[...slots, `external_id = ${value}`].join(' OR ')})`);
  }
  return conditions.join(' AND ');
}
