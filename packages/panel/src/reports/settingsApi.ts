import {
  type ColumnTable,
  CUSTOM_EVENT_PATHS,
  type CustomEventNamesResponse,
  customEventNamesResponseSchema,
  DEFAULT_STATS_SETTINGS,
  type DefaultColumns,
  defaultColumnsSchema,
  STATS_SETTINGS_PATHS,
  type StatsSettings,
  type StatsSettingsInput,
} from '@cairn/contract';
import { isValidTimeZone } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../app/services.ts';
import type { ApiClient } from '../http/client.ts';
import { readJson, removeKey, writeJson } from '../stores/storage.ts';

// The stats settings (the tracker's zone, base currency and rates) and the default columns, which every
// report page reads, and the viewer's own time zone, which this browser remembers.

export const statsSettingsQueryKey = ['settings', 'stats'] as const;
export const defaultColumnsQueryKey = ['settings', 'columns'] as const;
export const customEventNamesQueryKey = ['custom-events', 'names'] as const;

// Answers are read loosely (not with the write schema's transforms) but still checked for shape.
const statsAnswerSchema = z.object({
  timezone: z.string(),
  baseCurrency: z.string(),
  rates: z.record(z.string(), z.number()),
});

export function fetchStatsSettings(client: ApiClient, signal?: AbortSignal) {
  return client.get<StatsSettings>(STATS_SETTINGS_PATHS.stats, {
    schema: statsAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

export function saveStatsSettings(client: ApiClient, settings: StatsSettingsInput) {
  return client.put<StatsSettings>(STATS_SETTINGS_PATHS.stats, { json: settings, schema: statsAnswerSchema });
}

export function fetchDefaultColumns(client: ApiClient, signal?: AbortSignal) {
  return client.get<DefaultColumns>(STATS_SETTINGS_PATHS.columns, {
    schema: defaultColumnsSchema,
    ...(signal ? { signal } : {}),
  });
}

export function saveDefaultColumns(client: ApiClient, columns: DefaultColumns) {
  return client.put<DefaultColumns>(STATS_SETTINGS_PATHS.columns, {
    json: columns,
    schema: defaultColumnsSchema,
  });
}

// Settings change rarely and every report page reads them: they are fetched once per visit and kept.
const settingsStaleMs = 10 * 60 * 1000;

/** The stats settings; while they load or when they cannot be read, the defaults stand in. */
export function useStatsSettings(): { settings: StatsSettings; ready: boolean; answered: boolean } {
  const { client } = useServices();
  const query = useQuery({
    queryKey: statsSettingsQueryKey,
    queryFn: ({ signal }) => fetchStatsSettings(client, signal),
    staleTime: settingsStaleMs,
  });
  const result = query.data;
  return {
    settings: result?.status === 'ok' ? result.data : DEFAULT_STATS_SETTINGS,
    ready: !query.isPending,
    answered: result?.status === 'ok',
  };
}

/**
 * The columns the settings name for a table, or undefined when they name none (or cannot be read). No
 * table (one the settings hold no default for): nothing is asked, and the answer is ready at once.
 */
export function useDefaultColumns(table: ColumnTable | undefined): {
  columns: readonly string[] | undefined;
  ready: boolean;
} {
  const { client } = useServices();
  const query = useQuery({
    queryKey: defaultColumnsQueryKey,
    queryFn: ({ signal }) => fetchDefaultColumns(client, signal),
    staleTime: settingsStaleMs,
    enabled: table !== undefined,
  });
  const result = query.data;
  if (table === undefined) return { columns: undefined, ready: true };
  return {
    columns: result?.status === 'ok' ? result.data.tables[table] : undefined,
    ready: !query.isPending,
  };
}

export function fetchCustomEventNames(client: ApiClient, signal?: AbortSignal) {
  return client.get<CustomEventNamesResponse>(CUSTOM_EVENT_PATHS.names, {
    schema: customEventNamesResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

const NO_EVENT_NAMES: readonly string[] = [];

/**
 * The custom event slots' names, slot 1 first; none while they load or when they cannot be read, so the
 * event columns keep their `Event N` titles rather than wait for them.
 */
export function useCustomEventNames(): readonly string[] {
  const { client } = useServices();
  const query = useQuery({
    queryKey: customEventNamesQueryKey,
    queryFn: ({ signal }) => fetchCustomEventNames(client, signal),
    staleTime: settingsStaleMs,
  });
  const result = query.data;
  return result?.status === 'ok' ? result.data.names : NO_EVENT_NAMES;
}

export const ownTimeZoneKey = 'cairn.reports.timeZone';

/** The zone this viewer chose for their reports, if any. */
export function readOwnTimeZone(storage: Storage = localStorage): string | undefined {
  const zone = readJson(storage, ownTimeZoneKey, z.string().refine(isValidTimeZone));
  return zone;
}

export function storeOwnTimeZone(zone: string | undefined, storage: Storage = localStorage): void {
  if (zone === undefined) removeKey(storage, ownTimeZoneKey);
  else writeJson(storage, ownTimeZoneKey, zone);
}

/** The browser's own zone, when it names a valid one. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : undefined;
}

/**
 * The zone a report starts in: the viewer's own choice, else the tracker's (the stats settings), else,
 * when the settings cannot be read, the browser's.
 */
export function useReportZone(): { timeZone: string; ready: boolean } {
  const { settings, ready, answered } = useStatsSettings();
  const own = readOwnTimeZone();
  const timeZone = own ?? (answered ? settings.timezone : browserTimeZone()) ?? 'UTC';
  return { timeZone, ready: own !== undefined || ready };
}

export { viewerLocale } from '../utils/format.ts';
