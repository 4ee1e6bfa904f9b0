import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig } from '../config.ts';

describe('cost sync settings', () => {
  it('syncs every hour over three days by default; 0 minutes leaves only "Sync now"', () => {
    expect(DEFAULT_CONFIG.costSyncIntervalMinutes).toBe(60);
    expect(DEFAULT_CONFIG.costSyncDays).toBe(3);
    expect(loadConfig({ CAIRN_COST_SYNC_INTERVAL_MINUTES: '0', CAIRN_COST_SYNC_DAYS: '7' })).toEqual({
      costSyncIntervalMinutes: 0,
      costSyncDays: 7,
    });
    for (const bad of ['-1', '2.5', 'hourly', '10081']) {
      expect(() => loadConfig({ CAIRN_COST_SYNC_INTERVAL_MINUTES: bad })).toThrow(
        /CAIRN_COST_SYNC_INTERVAL_MINUTES/,
      );
    }
    for (const bad of ['0', '91', 'week']) {
      expect(() => loadConfig({ CAIRN_COST_SYNC_DAYS: bad })).toThrow(/CAIRN_COST_SYNC_DAYS/);
    }
  });

  it('reads the sources’ API roots as links', () => {
    expect(DEFAULT_CONFIG.propellerAdsApiUrl).toBe('https://ssp-api.propellerads.com/v5');
    expect(DEFAULT_CONFIG.taboolaApiUrl).toBe('https://backstage.taboola.com/backstage');
    expect(DEFAULT_CONFIG.mgidApiUrl).toBe('https://api.mgid.com/v1');
    expect(
      loadConfig({
        CAIRN_PROPELLERADS_API_URL: 'https://propeller.example/v5',
        CAIRN_TABOOLA_API_URL: 'https://taboola.example/backstage',
        CAIRN_MGID_API_URL: 'https://mgid.example/v1',
      }),
    ).toEqual({
      propellerAdsApiUrl: 'https://propeller.example/v5',
      taboolaApiUrl: 'https://taboola.example/backstage',
      mgidApiUrl: 'https://mgid.example/v1',
    });
    expect(() => loadConfig({ CAIRN_MGID_API_URL: 'not a link' })).toThrow(/CAIRN_MGID_API_URL/);
    expect(() => loadConfig({ CAIRN_TABOOLA_API_URL: 'ftp://taboola.example' })).toThrow(
      /CAIRN_TABOOLA_API_URL/,
    );
  });
});
