import type { EntityListSpec, GroupedKind } from '@cairn/contract';
import type { z } from 'zod';
import type { Sql, SqlParam } from '../store/config/port.ts';

// How a stored field maps to its column: the column is the field name in snake_case; json fields are
// kept as JSON text so the same DDL works on DuckDB and PostgreSQL.
export type FieldType = 'text' | 'integer' | 'number' | 'boolean' | 'json';

export interface FieldSpec {
  type: FieldType;
  /** Kept by the server (e.g. a generated key), never taken from a request. */
  derived?: boolean;
  /** A credential (e.g. a password hash): the audit log records that it changed, never its value. */
  secret?: boolean;
}

/** A field holding the id of another entity. Deleting that entity is refused while the reference exists. */
export interface ReferenceSpec {
  field: string;
  kind: string;
  /** For references to groups: the kind the group must be of. */
  groupKind?: GroupedKind;
}

export type EntityRecord = Record<string, unknown> & {
  id: number;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What computed URLs are built on. */
export interface PresentEnv {
  baseUrl: string;
  /** The tracking endpoints' paths in use (URL customization). */
  paths: { click: string; postback: string };
  /** The installation's current postback key, carried by the postback URLs handed out. */
  postbackKey?: string;
}

export type AuditWriter = (entry: {
  kind: string;
  id: number;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}) => Promise<void>;

export interface WriteContext {
  tx: Sql;
  /** The write's clock reading, for updated_at of rows the hook changes. */
  now: number;
  id: number;
  values: Record<string, unknown>;
  previous: EntityRecord | null;
  audit: AuditWriter;
}

export interface UniqueRule {
  /** Compared case-insensitively (text) among all items of the kind, archived ones included. */
  fields: readonly string[];
  /** The field the error is shown at. */
  field: string;
  message: string;
}

export interface EntityDefinition {
  kind: string;
  table: string;
  /** Singular and plural nouns for messages: "offer", "offers". */
  noun: string;
  nounPlural: string;
  /** Stored fields; all but derived ones come from the input schema. */
  fields: Readonly<Record<string, FieldSpec>>;
  /** Validates create and full-update (PUT) bodies, and each item of a mass update after merging. */
  inputSchema: z.ZodType<Record<string, unknown>>;
  /** The fields a mass update may change. */
  massChangesSchema: z.ZodObject;
  listSpec: EntityListSpec;
  /** Fields `q` searches (case-insensitive substring); an all-digits `q` also matches the id. */
  searchFields: readonly string[];
  /** Read-only fields computed in SQL over the row aliased `t`; they can be sorted on. */
  computed?: Readonly<Record<string, string>>;
  references?: readonly ReferenceSpec[];
  /** Fields that cannot change after creation. */
  immutableFields?: readonly string[];
  unique?: readonly UniqueRule[];
  /**
   * Derived column values for a write (the previous record is null on create). It may also fill an input
   * field the request left out, from an installation setting read in the write's transaction `tx`.
   */
  derive?(
    values: Record<string, unknown>,
    previous: EntityRecord | null,
    tx: Sql,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Runs inside the write's transaction after the row is stored (e.g. keep a single default). */
  afterWrite?(context: WriteContext): Promise<void>;
  /** Runs inside the delete's transaction before the row goes; throwing refuses the delete. */
  beforeDelete?(context: { tx: Sql; record: EntityRecord }): Promise<void>;
  /** The response shape: the stored record plus computed values. */
  present(record: EntityRecord, env: PresentEnv): Record<string, unknown>;
}

/**
 * Somewhere an entity is still used, as one caller may learn it: deleting is refused while any usage
 * remains, and the refusal names only items the caller may read.
 */
export interface Usage {
  noun: string;
  nounPlural: string;
  /** Using items the caller may read. */
  count: number;
  /** A few of their names, enough to find them. */
  examples: string[];
  /** Using items the caller may not read: counted, never named or typed. */
  hidden: number;
}

/** The items of one kind that use an entity, as a usage finder reports them. */
export interface UsingItems {
  kind: string;
  noun: string;
  nounPlural: string;
  items: { id: number; name: string }[];
}

/** Extra usage lookups beyond plain reference fields (campaign and rotation flows reference offers and landers inside JSON). */
export type UsageFinder = (sql: Sql, kind: string, id: number) => Promise<UsingItems[]>;

export interface SqlCondition {
  sql: string;
  params: SqlParam[];
}

export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function toColumnValue(spec: FieldSpec, value: unknown): SqlParam {
  if (value === undefined || value === null) return null;
  if (spec.type === 'json') return JSON.stringify(value);
  return value as SqlParam;
}

export function fromColumnValue(spec: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (spec.type === 'json') return typeof value === 'string' ? JSON.parse(value) : value;
  if (spec.type === 'integer' || spec.type === 'number') return Number(value);
  return value;
}

export function isoTimestamp(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return new Date(value).toISOString();
  return String(value);
}

/** The input-field subset of a record: what a PUT body or a mass-update merge starts from. */
export function inputOf(definition: EntityDefinition, record: EntityRecord): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(definition.fields)) {
    if (!spec.derived) input[field] = record[field];
  }
  return input;
}
