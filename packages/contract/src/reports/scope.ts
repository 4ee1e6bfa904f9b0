import { z } from 'zod';
import {
  DATE_PRESETS,
  type DatePreset,
  DIMENSION_VALUE_FORMATS,
  FILTER_VALUES_MAX,
  isNumericDimension,
  REPORT_DIMENSIONS,
  type ReportDimension,
} from './dimensions.ts';
import { filterValueSuggestion } from './valueHints.ts';

// What every report call shares: the time range (a preset, or from/to in the report's time zone), the
// zone, and `filter[dimension]=v1,v2`. Query strings arrive as Fastify parses them (flat keys,
// `filter[country]` literally), so the schemas take that object and hand the server a typed query.

// Building a formatter to test a zone costs about 0.3 ms, on every report call; the zones found valid are
// remembered. Only valid names, and a bounded number of them, so hostile input cannot grow the set.
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 2000;

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(name);
  return true;
}

/** A wall-clock time as given in `from`/`to`; without an offset it is read in the report's time zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC when the text carried `Z` or `+hh:mm`; null: in the report's time zone. */
  offsetMinutes: number | null;
  /** Only a date was given: as `to` it means the whole day. */
  dateOnly: boolean;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

export const localDateTimeSchema = z.string().transform((text, ctx): LocalDateTime => {
  const match = DATE_TIME.exec(text.trim());
  const part = (index: number) => Number(match?.[index] ?? 0);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(part) as number[];
  const valid =
    match !== null &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= new Date(Date.UTC(year as number, month as number, 0)).getUTCDate() &&
    (hour as number) <= 23 &&
    (minute as number) <= 59 &&
    (second as number) <= 59;
  if (!valid || !match) {
    ctx.addIssue({ code: 'custom', message: 'A date YYYY-MM-DD or a time YYYY-MM-DDTHH:mm[:ss]' });
    return z.NEVER;
  }
  const offset = match[8];
  let offsetMinutes: number | null = null;
  if (offset === 'Z') offsetMinutes = 0;
  else if (offset) {
    const sign = offset.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  }
  return {
    year: year as number,
    month: month as number,
    day: day as number,
    hour: hour as number,
    minute: minute as number,
    second: second as number,
    millisecond: Number((match[7] ?? '').padEnd(3, '0')),
    offsetMinutes,
    dateOnly: match[4] === undefined,
  };
});

export const timeZoneSchema = z
  .string({ error: 'timezone is given once' })
  .refine(isTimeZone, 'Not an IANA time zone such as Europe/Berlin');

export type DimensionValue = string | number;
export type ReportFilters = Partial<Record<ReportDimension, DimensionValue[]>>;

export interface ReportRange {
  preset: DatePreset;
  from: LocalDateTime | null;
  to: LocalDateTime | null;
}

/** What every report call shares: the time range, its zone and the filters. */
export interface ReportScope {
  range: ReportRange;
  /** The IANA zone days, hours and weeks are counted in; null: the tracker's (the stats settings). */
  timezone: string | null;
  filters: ReportFilters;
}

export type Ctx = z.core.$RefinementCtx;
type RawQuery = Record<string, unknown>;

export const queryParamOnce = (field: string) => z.string({ error: `${field} is given once` });
export const commaList = (text: string) => text.split(',').map((part) => part.trim());

export const rangeQueryShape = {
  preset: z.enum(DATE_PRESETS, { error: `preset is one of ${DATE_PRESETS.join(', ')}` }).optional(),
  from: localDateTimeSchema.optional(),
  to: localDateTimeSchema.optional(),
  timezone: timeZoneSchema.optional(),
};
export const anyQueryValue = z.union([z.string(), z.array(z.string())]);

/** Reads `filter[dimension]=v1,v2` (a repeated key adds values); an empty item is the empty value. */
function filtersOf(raw: RawQuery, ctx: Ctx): ReportFilters {
  const filters: ReportFilters = {};
  for (const [key, given] of Object.entries(raw)) {
    const match = /^filter\[(.*)\]$/.exec(key);
    if (!match) continue;
    const dimension = match[1] as ReportDimension;
    if (!REPORT_DIMENSIONS.includes(dimension)) {
      ctx.addIssue({ code: 'custom', path: [key], message: `Unknown dimension "${match[1]}"` });
      continue;
    }
    const texts = (Array.isArray(given) ? given : [given]).flatMap((item) => commaList(String(item)));
    if (texts.length > FILTER_VALUES_MAX) {
      ctx.addIssue({ code: 'custom', path: [key], message: `At most ${FILTER_VALUES_MAX} values` });
      continue;
    }
    const format = DIMENSION_VALUE_FORMATS[dimension];
    const numeric = isNumericDimension(dimension);
    const bad = texts.find((text) =>
      numeric && !format ? !/^\d{1,15}$/.test(text) : format ? !format.pattern.test(text) : text.length > 500,
    );
    if (bad !== undefined) {
      const hint = format?.hint ?? (numeric ? 'ids' : 'values of at most 500 characters');
      const meant = filterValueSuggestion(dimension, bad);
      const tryThis = meant ? `; try "${meant}"` : '';
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `"${bad}" is not valid here: expected ${hint}${tryThis}`,
      });
      continue;
    }
    filters[dimension] = [...new Set(texts)].map((text) => (numeric ? Number(text) : text));
  }
  return filters;
}

function rangeOf(
  query: { preset?: DatePreset; from?: LocalDateTime; to?: LocalDateTime },
  ctx: Ctx,
): ReportRange {
  const preset = query.preset ?? (query.from ? 'custom' : 'today');
  if (preset === 'custom' && !query.from) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom range needs from' });
  }
  if (preset !== 'custom') {
    for (const field of ['from', 'to'] as const) {
      if (query[field]) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} is read only with preset=custom` });
      }
    }
  }
  return { preset, from: query.from ?? null, to: query.to ?? null };
}

export function reportScopeOf(
  query: { preset?: DatePreset; from?: LocalDateTime; to?: LocalDateTime; timezone?: string | undefined },
  ctx: Ctx,
): ReportScope {
  return { range: rangeOf(query, ctx), timezone: query.timezone ?? null, filters: filtersOf(query, ctx) };
}
