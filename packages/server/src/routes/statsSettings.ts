import {
  DEFAULT_STATS_SETTINGS,
  type DefaultColumns,
  defaultColumnsSchema,
  STATS_SETTINGS_PATHS,
  type StatsSettings,
  statsSettingsSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../http.ts';
import { getSetting, readJsonSetting, setSetting } from '../settings.ts';
import type { Sql } from '../store/config/port.ts';
import {
  SETTING_BASE_CURRENCY,
  SETTING_CURRENCY_RATES,
  SETTING_TIMEZONE,
  SETTINGS_CHANGE,
} from '../tracking/runtime.ts';

// The stats settings (time zone, base currency, currency rates: the keys the click engine reads) and the
// default columns of the panel's lists and reports. Everyone signed in reads both, since every report
// counts days in the tracker's zone and shows money in its base currency; only admins change them.

export const SETTING_DEFAULT_COLUMNS = 'panel.default_columns';

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The stored stats settings. Each key is read on its own terms, like the click engine reads them: a value
 * a tool or an older release left unreadable falls back to its default instead of failing every report.
 */
export async function readStatsSettings(sql: Sql): Promise<StatsSettings> {
  const [timezone, baseCurrency, rates] = await Promise.all([
    getSetting(sql, SETTING_TIMEZONE),
    getSetting(sql, SETTING_BASE_CURRENCY),
    getSetting(sql, SETTING_CURRENCY_RATES),
  ]);
  const candidate = {
    timezone: timezone || DEFAULT_STATS_SETTINGS.timezone,
    baseCurrency: baseCurrency || DEFAULT_STATS_SETTINGS.baseCurrency,
    rates: parseJson(rates) ?? {},
  };
  const whole = statsSettingsSchema.safeParse(candidate);
  if (whole.success) return whole.data;
  const field = <K extends keyof StatsSettings>(key: K): StatsSettings[K] => {
    const alone = statsSettingsSchema.safeParse({ ...DEFAULT_STATS_SETTINGS, [key]: candidate[key] });
    return alone.success ? alone.data[key] : DEFAULT_STATS_SETTINGS[key];
  };
  return { timezone: field('timezone'), baseCurrency: field('baseCurrency'), rates: field('rates') };
}

export async function readDefaultColumns(sql: Sql): Promise<DefaultColumns> {
  return (await readJsonSetting(sql, SETTING_DEFAULT_COLUMNS, defaultColumnsSchema)) ?? { tables: {} };
}

export function registerStatsSettingsRoutes(api: FastifyInstance, ctx: AppContext, guard: Guard): void {
  api.get(STATS_SETTINGS_PATHS.stats, async (request): Promise<StatsSettings> => {
    guard.requireUser(request);
    return readStatsSettings(ctx.store);
  });

  api.put(STATS_SETTINGS_PATHS.stats, async (request): Promise<StatsSettings> => {
    const user = guard.requireAdmin(request);
    const settings = parseInput(statsSettingsSchema, request.body);
    const before = await readStatsSettings(ctx.store);
    await ctx.store.transaction(async (tx) => {
      await setSetting(tx, SETTING_TIMEZONE, settings.timezone);
      await setSetting(tx, SETTING_BASE_CURRENCY, settings.baseCurrency);
      await setSetting(tx, SETTING_CURRENCY_RATES, JSON.stringify(settings.rates));
      await recordAudit(tx, ctx.config.now(), {
        userId: user.id,
        action: 'stats_settings_changed',
        details: { before, after: settings },
      });
    });
    // Costs of the next clicks are converted at the new rates, on every node; clicks already counted keep
    // theirs.
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return settings;
  });

  api.get(STATS_SETTINGS_PATHS.columns, async (request): Promise<DefaultColumns> => {
    guard.requireUser(request);
    return readDefaultColumns(ctx.store);
  });

  api.put(STATS_SETTINGS_PATHS.columns, async (request): Promise<DefaultColumns> => {
    const user = guard.requireAdmin(request);
    const columns = parseInput(defaultColumnsSchema, request.body);
    await ctx.store.transaction(async (tx) => {
      await setSetting(tx, SETTING_DEFAULT_COLUMNS, JSON.stringify(columns));
      await recordAudit(tx, ctx.config.now(), {
        userId: user.id,
        action: 'default_columns_changed',
        details: { tables: Object.keys(columns.tables) },
      });
    });
    return columns;
  });
}
