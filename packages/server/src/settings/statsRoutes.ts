import {
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
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { SETTING_DEFAULT_COLUMNS } from './keys.ts';
import { readDefaultColumns } from './readers.ts';
import { readStatsSettings, saveStatsSettings } from './stats.ts';
import { setSetting } from './store.ts';

// The stats settings (time zone, base currency, currency rates: the keys the click engine reads) and the
// default columns of the panel's lists and reports. Everyone signed in reads both, since every report
// counts days in the tracker's zone and shows money in its base currency; only admins change them.

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
      await saveStatsSettings(tx, settings);
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
