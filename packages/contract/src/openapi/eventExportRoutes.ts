import {
  EVENT_EXPORT_MAX_DAYS,
  EVENT_EXPORT_PATHS,
  eventExportQuerySchema,
  PARQUET_MEDIA_TYPE,
} from '../importExport/events.ts';
import type { ApiRoute } from './catalogue.ts';

const SETTINGS = 'Settings';

const WHAT =
  'The raw clicks and/or conversions of the range with every dimension column, in the column order and ' +
  'names of the events table: `kind` (click, lp_click, conversion, cost_change; `kind=` picks clicks or conversions alone), `ts` and `click_ts` as wall time in the zone chosen, ' +
  'ids, geo and device facts, tokens t1..t30, money as integer micro-units (`cost_micros`, `revenue_micros`), ' +
  "conversion status and counts. Written by the event store's own Parquet/CSV writer (DuckDB, ClickHouse) " +
  `and streamed with its length. At most ${EVENT_EXPORT_MAX_DAYS} days; events auto-clearing summed away are ` +
  'no longer raw and are not in it.';

/** Raw events out, for Settings > Import/Export and `cairn export events`. */
export const EVENT_EXPORT_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: EVENT_EXPORT_PATHS.events,
    summary: 'Raw events of a range as Parquet or CSV, streamed',
    description: WHAT,
    tag: SETTINGS,
    access: 'admin',
    query: eventExportQuerySchema,
    produces: [PARQUET_MEDIA_TYPE, 'text/csv'],
  },
  {
    method: 'GET',
    path: EVENT_EXPORT_PATHS.eventsLocal,
    summary: '`cairn export events` asking the running server (the token in <data dir>/control.json)',
    description:
      'Only for the command line on the same machine, which cannot open the databases the server holds: ' +
      'the request carries `Authorization: Bearer` with the token the server wrote to `control.json` in its ' +
      'owner-only data directory; anyone else is answered 404. Otherwise as the export above.',
    tag: SETTINGS,
    access: 'public',
    query: eventExportQuerySchema,
    produces: [PARQUET_MEDIA_TYPE, 'text/csv'],
    errors: { 404: 'No or a wrong control token' },
  },
];
