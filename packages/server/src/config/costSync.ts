import { MGID_DEFAULT_API_URL } from '../costSync/mgid.ts';
import { PROPELLERADS_DEFAULT_API_URL } from '../costSync/propellerads.ts';
import { TABOOLA_DEFAULT_API_URL } from '../costSync/taboola.ts';
import { ConfigError, link } from './values.ts';

// The cost sync's settings (costSync/), read from CAIRN_* variables like the rest of the config.

export interface CostSyncConfig {
  /** PropellerAds' SSP API v5 root that cost sync pulls spend from (CAIRN_PROPELLERADS_API_URL). */
  propellerAdsApiUrl: string;
  /** Taboola's Backstage API root, `/backstage` included (CAIRN_TABOOLA_API_URL). */
  taboolaApiUrl: string;
  /** MGID's REST API root, `/v1` included (CAIRN_MGID_API_URL). */
  mgidApiUrl: string;
  /** Minutes between scheduled cost syncs (CAIRN_COST_SYNC_INTERVAL_MINUTES); 0 turns the schedule off. */
  costSyncIntervalMinutes: number;
  /** Days of spend each sync pulls, today included, in the tracker's time zone (CAIRN_COST_SYNC_DAYS). */
  costSyncDays: number;
}

export const COST_SYNC_DEFAULTS: CostSyncConfig = {
  propellerAdsApiUrl: PROPELLERADS_DEFAULT_API_URL,
  taboolaApiUrl: TABOOLA_DEFAULT_API_URL,
  mgidApiUrl: MGID_DEFAULT_API_URL,
  costSyncIntervalMinutes: 60,
  costSyncDays: 3,
};

function wholeNumberIn(name: string, text: string, min: number, max: number): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** The cost sync settings the environment sets; `read` gives a variable's value, undefined when unset. */
export function costSyncOptions(read: (name: string) => string | undefined): Partial<CostSyncConfig> {
  const options: Partial<CostSyncConfig> = {};
  const url = read('CAIRN_PROPELLERADS_API_URL');
  if (url !== undefined) options.propellerAdsApiUrl = link('CAIRN_PROPELLERADS_API_URL', url);
  const taboola = read('CAIRN_TABOOLA_API_URL');
  if (taboola !== undefined) options.taboolaApiUrl = link('CAIRN_TABOOLA_API_URL', taboola);
  const mgid = read('CAIRN_MGID_API_URL');
  if (mgid !== undefined) options.mgidApiUrl = link('CAIRN_MGID_API_URL', mgid);
  const interval = read('CAIRN_COST_SYNC_INTERVAL_MINUTES');
  if (interval !== undefined) {
    options.costSyncIntervalMinutes = wholeNumberIn(
      'CAIRN_COST_SYNC_INTERVAL_MINUTES',
      interval,
      0,
      7 * 24 * 60,
    );
  }
  const days = read('CAIRN_COST_SYNC_DAYS');
  if (days !== undefined) options.costSyncDays = wholeNumberIn('CAIRN_COST_SYNC_DAYS', days, 1, 90);
  return options;
}
