import { DEFAULT_STATS_SETTINGS, type StatsSettings, statsSettingsSchema } from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';
import { SETTING_BASE_CURRENCY, SETTING_CURRENCY_RATES, SETTING_TIMEZONE } from './keys.ts';
import { getSetting, setSetting } from './store.ts';

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
  // One after another: inside a transaction on PostgreSQL the three share one client, which takes one
  // query at a time.
  const timezone = await getSetting(sql, SETTING_TIMEZONE);
  const baseCurrency = await getSetting(sql, SETTING_BASE_CURRENCY);
  const rates = await getSetting(sql, SETTING_CURRENCY_RATES);
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

/** Writes the three keys; inside the caller's transaction, so an audit row and the values land together. */
export async function saveStatsSettings(sql: Sql, settings: StatsSettings): Promise<void> {
  await setSetting(sql, SETTING_TIMEZONE, settings.timezone);
  await setSetting(sql, SETTING_BASE_CURRENCY, settings.baseCurrency);
  await setSetting(sql, SETTING_CURRENCY_RATES, JSON.stringify(settings.rates));
}
