import { z } from 'zod';
import { localDateTimeSchema } from '../reports/scope.ts';

// Raw events out: the clicks and conversions of a range with every dimension column, written by the event
// store's own Parquet or CSV writer, from Settings > Import/Export or `cairn export events`.

export const EVENT_EXPORT_PATHS = {
  events: '/api/export/events',
  /** `cairn export events` asking the running server (the token in <data dir>/control.json). */
  eventsLocal: '/api/export/events/local',
} as const;

export const EVENT_EXPORT_FORMATS = ['parquet', 'csv'] as const;
export type EventExportFormat = (typeof EVENT_EXPORT_FORMATS)[number];
/**
 * all: every raw event, a `kind` column telling them apart: clicks, conversions, and the lander clicks and
 * cost changes (a cost set after the fact) without which the file's sums would not be the reports', and
 * custom events (`custom_event`, their slot in event_slot and its name in event_name).
 */
export const EVENT_EXPORT_KINDS = ['all', 'clicks', 'conversions'] as const;
export type EventExportKind = (typeof EVENT_EXPORT_KINDS)[number];
/** tracker: the tracker's zone (Settings > Stats); UTC: as stored. Times are written as wall time in it. */
export const EVENT_EXPORT_ZONES = ['tracker', 'UTC'] as const;
export type EventExportZone = (typeof EVENT_EXPORT_ZONES)[number];

/** The longest range one export covers: larger spans go as several files, each one the stores finish. */
export const EVENT_EXPORT_MAX_DAYS = 366;

export const PARQUET_MEDIA_TYPE = 'application/vnd.apache.parquet';

export const eventExportQuerySchema = z.object({
  /** A date or date-time; without an offset it is read in the chosen zone. */
  from: localDateTimeSchema,
  /** As `from`; a date alone takes its whole day. */
  to: localDateTimeSchema,
  format: z.enum(EVENT_EXPORT_FORMATS).default('parquet'),
  kind: z.enum(EVENT_EXPORT_KINDS).default('all'),
  zone: z.enum(EVENT_EXPORT_ZONES).default('tracker'),
});
export type EventExportQuery = z.infer<typeof eventExportQuerySchema>;
/** The query as the panel writes it. */
export type EventExportParams = z.input<typeof eventExportQuerySchema>;

/** The download's file name, e.g. cairn-events-2026-03-01-2026-03-31.parquet. */
export function eventExportFileName(params: {
  from: string;
  to: string;
  kind: EventExportKind;
  format: EventExportFormat;
}): string {
  const day = (text: string) => text.slice(0, 10);
  const what = params.kind === 'all' ? 'events' : params.kind;
  return `cairn-${what}-${day(params.from)}-${day(params.to)}.${params.format}`;
}
