import { z } from 'zod';
import {
  ARCHIVED_FILTERS,
  ENTITY_KINDS,
  type EntityListSpec,
  type FilterType,
  GROUPED_KINDS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
} from './vocabulary.ts';

// The plain values (kinds, paths, money, sort and paging) live in vocabulary.ts, without zod.
export {
  ARCHIVED_FILTERS,
  decimalToMicros,
  decimalToMicrosRounded,
  ENTITY_KINDS,
  type EntityListSpec,
  entityPath,
  type FilterType,
  formatSort,
  GROUPED_KINDS,
  MICROS_PER_UNIT,
  microsToDecimal,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  type ParsedSort,
  parseSort,
  SORT_DIRECTIONS,
  type SortDirection,
  type SortTerm,
} from './vocabulary.ts';

export const entityKindSchema = z.enum(ENTITY_KINDS);
export type EntityKind = z.infer<typeof entityKindSchema>;

export const groupedKindSchema = z.enum(GROUPED_KINDS);
export type GroupedKind = z.infer<typeof groupedKindSchema>;

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

// The list query of `GET /api/{kind}`, its parameters as vocabulary.ts describes them.
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

/** Where a template's parameters, macros and postback are documented by the platform itself. */
export const templateDocsSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
