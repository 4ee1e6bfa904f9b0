import { z } from 'zod';

// Every entity kind served by the generic REST shape `/api/{kind}` (DESIGN.md): one machinery for all,
// so a kind added here gets list, form, mass edit, archive and audit without code of its own.
export const ENTITY_KINDS = [
  'offer',
  'landing',
  'affiliate_network',
  'traffic_source',
  'domain',
  'group',
  'campaign',
  'rotation',
  'user',
] as const;
export const entityKindSchema = z.enum(ENTITY_KINDS);
export type EntityKind = z.infer<typeof entityKindSchema>;

/** The kinds that are organised in groups; a group belongs to exactly one of them. */
export const GROUPED_KINDS = ['offer', 'landing', 'campaign', 'rotation'] as const;
export const groupedKindSchema = z.enum(GROUPED_KINDS);
export type GroupedKind = z.infer<typeof groupedKindSchema>;

export const entityPath = {
  list: (kind: string): string => `/api/${kind}`,
  item: (kind: string, id: number | string): string => `/api/${kind}/${encodeURIComponent(String(id))}`,
  archive: (kind: string, id: number | string): string =>
    `/api/${kind}/${encodeURIComponent(String(id))}/archive`,
  restore: (kind: string, id: number | string): string =>
    `/api/${kind}/${encodeURIComponent(String(id))}/restore`,
  mass: (kind: string): string => `/api/${kind}/mass`,
  offerImport: '/api/offer/import',
  trafficSourceTemplates: '/api/traffic_source/templates',
  auditLog: '/api/audit_log',
} as const;

export const entityIdSchema = z.number().int('Ids are integers').positive('Ids are positive');
/** An optional reference to another entity: null (or an absent field) means none. */
export const optionalRefSchema = entityIdSchema.nullable().default(null);
export const entityIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'The id is a positive integer')
    .transform(Number),
});

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is at most 200 characters');
export const notesSchema = z.string().max(10_000, 'Notes are at most 10000 characters').default('');

/** Fields every entity response carries besides its own. */
export const entityMetaSchema = z.object({
  id: z.number().int(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EntityMeta = z.infer<typeof entityMetaSchema>;

// ---------------------------------------------------------------------------------------------------
// Money: integer micro-units (1 unit = 1 000 000 micros), so sums are exact. Forms and imports speak
// decimals; these two helpers are the only conversions.

export const MICROS_PER_UNIT = 1_000_000;
const DECIMAL_MONEY = /^(\d{1,12})(?:[.,](\d{1,6}))?$/;

/** "1.25" -> 1250000; null when the text is not a non-negative amount with at most 6 decimals. */
export function decimalToMicros(text: string): number | null {
  const match = DECIMAL_MONEY.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  return whole * MICROS_PER_UNIT + fraction;
}

/** 1250000 -> "1.25" (no trailing zeros, no float rounding). */
export function microsToDecimal(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_UNIT);
  const fraction = String(abs % MICROS_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const moneyMicrosSchema = z
  .number()
  .int('Money is in integer micro-units')
  .min(0, 'Amounts cannot be negative')
  .max(Number.MAX_SAFE_INTEGER);
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency is a 3-letter ISO 4217 code such as USD');
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Country is a 2-letter ISO 3166 code such as US');
export const percentSchema = z.number().min(0, 'At least 0%').max(100, 'At most 100%');

// ---------------------------------------------------------------------------------------------------
// Lists. Query parameters of `GET /api/{kind}`:
//   q          free-text search over the kind's searchable fields (case-insensitive substring)
//   page       1-based page number (default 1); pageSize 1..500 (default 50)
//   sort       multi-column: `sort=name:asc,id:desc` (or repeated `sort=name:asc&sort=id:desc`, or the
//              bracket style `sort[name]=asc&sort[id]=desc`); fields from the kind's `sortFields`
//   archived   `false` (default: active items only), `true` (archived only) or `all`
//   ids        `ids=1,2,3` restricts the list to those items (the mass-edit page loads its selection so;
//              add `archived=all` when the selection may hold archived items)
//   <filter>   each of the kind's `filters`, e.g. `groupId=3` or `groupId=3,4` (any of the values);
//              an id filter accepts `none` for "no reference set"

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface SortTerm {
  field: string;
  direction: SortDirection;
}

export type ParsedSort = { ok: true; terms: SortTerm[] } | { ok: false; message: string };

/** Parses `name:asc,id:desc` (a list of such strings too); a missing direction means asc. */
export function parseSort(
  value: string | readonly string[] | undefined,
  allowed: readonly string[],
): ParsedSort {
  if (value === undefined) return { ok: true, terms: [] };
  const parts = (typeof value === 'string' ? [value] : value)
    .flatMap((chunk) => chunk.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const terms: SortTerm[] = [];
  for (const part of parts) {
    const [field = '', direction = 'asc', extra] = part.split(':');
    if (extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
      return { ok: false, message: `Sort term "${part}" is not field:asc or field:desc` };
    }
    if (!allowed.includes(field)) {
      return { ok: false, message: `Cannot sort by "${field}"; sortable fields: ${allowed.join(', ')}` };
    }
    if (terms.some((term) => term.field === field)) {
      return { ok: false, message: `"${field}" appears twice in the sort` };
    }
    terms.push({ field, direction });
  }
  return { ok: true, terms };
}

export function formatSort(terms: readonly SortTerm[]): string {
  return terms.map((term) => `${term.field}:${term.direction}`).join(',');
}

export type FilterType = 'id' | 'text' | 'boolean';

/** What the panel needs to know to build list queries for a kind. */
export interface EntityListSpec {
  sortFields: readonly string[];
  defaultSort: readonly SortTerm[];
  filters: Readonly<Record<string, FilterType>>;
}

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;
export const ARCHIVED_FILTERS = ['false', 'true', 'all'] as const;

const idListSchema = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15})*$/, 'A comma-separated list of ids')
  .transform((text) => text.split(',').map(Number));

export const baseListQuerySchema = z.object({
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  page: z.coerce.number().int('page is an integer').min(1, 'page starts at 1').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize is an integer')
    .min(1, 'pageSize is at least 1')
    .max(PAGE_SIZE_MAX, `pageSize is at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  archived: z.enum(ARCHIVED_FILTERS).default('false'),
  ids: idListSchema.optional(),
});
export type BaseListQuery = z.output<typeof baseListQuerySchema>;

export type FilterValue =
  | { type: 'id'; values: (number | null)[] }
  | { type: 'text'; values: string[] }
  | {
      type: 'boolean';
      value: boolean;
    };

function filterSchema(type: FilterType): z.ZodType<FilterValue> {
  if (type === 'boolean') {
    return z
      .enum(['true', 'false'])
      .transform((text) => ({ type: 'boolean' as const, value: text === 'true' }));
  }
  if (type === 'id') {
    return z
      .string()
      .regex(/^(\d{1,15}|none)(,(\d{1,15}|none))*$/, 'A comma-separated list of ids (or none)')
      .transform((text) => ({
        type: 'id' as const,
        values: text.split(',').map((part) => (part === 'none' ? null : Number(part))),
      }));
  }
  return z
    .string()
    .trim()
    .min(1, 'The filter is empty')
    .max(500)
    .transform((text) => ({ type: 'text' as const, values: text.split(',').map((part) => part.trim()) }));
}

export type ListQuery = BaseListQuery & { filters: Record<string, FilterValue> };

/** The query schema of one kind's list: the base parameters plus that kind's filters (gathered in `filters`). */
export function listQuerySchemaFor(spec: EntityListSpec): z.ZodType<ListQuery, unknown> {
  const filterShape: Record<string, z.ZodOptional<z.ZodType<FilterValue>>> = {};
  for (const [name, type] of Object.entries(spec.filters)) filterShape[name] = filterSchema(type).optional();
  const names = Object.keys(spec.filters);
  return baseListQuerySchema.extend(filterShape).transform((query): ListQuery => {
    const all = query as Record<string, unknown>;
    const filters: Record<string, FilterValue> = {};
    for (const name of names) {
      const value = all[name] as FilterValue | undefined;
      if (value !== undefined) filters[name] = value;
    }
    const base = all as BaseListQuery;
    return {
      q: base.q,
      page: base.page,
      pageSize: base.pageSize,
      sort: base.sort,
      archived: base.archived,
      ids: base.ids,
      filters,
    };
  });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface ListResponse<T> {
  items: T[];
  /** Matching items over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------------
// Mass update: `PATCH /api/{kind}/mass` with `{ ids, changes }`. Only the fields present in `changes`
// change; each item is then validated whole, so a change that breaks one item refuses the batch.

export const MASS_IDS_MAX = 1000;
export const massIdsSchema = z
  .array(entityIdSchema)
  .min(1, 'Choose at least one item')
  .max(MASS_IDS_MAX, `At most ${MASS_IDS_MAX} items at once`);

export function massUpdateRequestSchemaFor(changes: z.ZodObject) {
  // Defaults belong to creation: in a mass update an absent field means "leave it", never "reset it".
  const shape: Record<string, z.ZodType> = {};
  for (const [field, schema] of Object.entries(changes.shape as Record<string, z.ZodType>)) {
    shape[field] = (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional();
  }
  return z.object({
    ids: massIdsSchema,
    changes: z.strictObject(shape).refine((value) => Object.keys(value).length > 0, {
      message: 'Choose at least one field to change',
    }),
  });
}

export const massUpdateResponseSchema = z.object({
  updated: z.number().int(),
  ids: z.array(z.number().int()),
});
export type MassUpdateResponse = z.infer<typeof massUpdateResponseSchema>;

export const deleteResponseSchema = z.object({ status: z.literal('ok'), id: z.number().int() });
export type DeleteResponse = z.infer<typeof deleteResponseSchema>;
