import { z } from 'zod';
import { currencySchema } from './entities/common.ts';
import { CLICK_LOG_COLUMNS } from './reports/clickLog.ts';
import { REPORT_METRICS } from './reports/dimensions.ts';
import { isTimeZone } from './reports/scope.ts';

// Settings of the statistics pages: the tracker's time zone and base currency with the rates that
// convert other currencies into it (the click engine reads them), and the columns each list and report
// shows by default. Everyone signed in reads them (reports need the zone and the currency); admins
// change them.

export const STATS_SETTINGS_PATHS = {
  stats: '/api/settings/stats',
  columns: '/api/settings/columns',
} as const;

export const CURRENCY_RATES_MAX = 200;
/** A rate above this is a typing slip (a whole currency unit worth a million base units). */
export const CURRENCY_RATE_MAX = 1_000_000;

/**
 * `GET|PUT /api/settings/stats`. `rates[code]` is how many units of the base currency one unit of
 * `code` is worth; an amount in a currency without a rate is counted at par.
 */
export const statsSettingsSchema = z
  .strictObject({
    timezone: z.string().trim().refine(isTimeZone, 'Not an IANA time zone such as Europe/Berlin'),
    baseCurrency: currencySchema,
    rates: z.record(
      z.string().max(8, 'Currency is a 3-letter ISO 4217 code such as USD'),
      z
        .number({ error: 'A rate is a number' })
        .positive('A rate is above 0')
        .max(CURRENCY_RATE_MAX, `A rate is at most ${CURRENCY_RATE_MAX.toLocaleString('en-US')}`),
    ),
  })
  .transform((settings, ctx) => {
    // Codes are checked here rather than as record keys, so a bad one is named in the field's own words.
    const rates: Record<string, number> = {};
    for (const [given, rate] of Object.entries(settings.rates)) {
      const code = currencySchema.safeParse(given);
      if (!code.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', given],
          message: code.error.issues[0]?.message ?? '',
        });
      } else if (code.data === settings.baseCurrency) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', given],
          message: 'The base currency needs no rate: it is 1',
        });
      } else {
        rates[code.data] = rate;
      }
    }
    if (Object.keys(rates).length > CURRENCY_RATES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['rates'], message: `At most ${CURRENCY_RATES_MAX} rates` });
    }
    return { timezone: settings.timezone, baseCurrency: settings.baseCurrency, rates };
  });
export type StatsSettings = z.output<typeof statsSettingsSchema>;
export type StatsSettingsInput = z.input<typeof statsSettingsSchema>;

export const DEFAULT_STATS_SETTINGS: StatsSettings = { timezone: 'UTC', baseCurrency: 'USD', rates: {} };

/** The tables whose default columns the columns settings hold. */
export const COLUMN_TABLES = [
  'campaign',
  'offer',
  'landing',
  'affiliate_network',
  'traffic_source',
  'rotation',
  'report',
  'trends',
  'clicklog',
] as const;
export type ColumnTable = (typeof COLUMN_TABLES)[number];

/** What a table's columns are chosen from: the metrics, or for the click log its recorded columns. */
export function columnChoicesOf(table: ColumnTable): readonly string[] {
  return table === 'clicklog' ? CLICK_LOG_COLUMNS : REPORT_METRICS;
}

/**
 * `GET|PUT /api/settings/columns`: per table, the columns shown until a user picks their own; a table
 * left out shows the panel's built-in default.
 */
export const defaultColumnsSchema = z
  .strictObject({
    tables: z.partialRecord(z.enum(COLUMN_TABLES), z.array(z.string().max(40)).min(1, 'Pick a column')),
  })
  .superRefine((settings, ctx) => {
    for (const [table, columns] of Object.entries(settings.tables) as [ColumnTable, string[]][]) {
      const choices = columnChoicesOf(table);
      const unknown = columns.find((column) => !choices.includes(column));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['tables', table], message: `Unknown column "${unknown}"` });
      } else if (new Set(columns).size < columns.length) {
        ctx.addIssue({ code: 'custom', path: ['tables', table], message: 'A column is named twice' });
      }
    }
  });
export type DefaultColumns = z.output<typeof defaultColumnsSchema>;
