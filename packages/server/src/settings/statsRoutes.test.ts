import { type DefaultColumns, STATS_SETTINGS_PATHS, type StatsSettings } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { SETTING_CURRENCY_RATES, SETTING_DEFAULT_COLUMNS, SETTING_TIMEZONE } from './keys.ts';
import { readStatsSettings } from './stats.ts';
import { setSetting } from './store.ts';

// The stats and default-columns settings through the real API on a real store.
let cairn: RunningCairn;
let admin: TestBrowser;
let plain: TestBrowser;

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  const password = 'Stats viewer pass 8812';
  await kindClient(admin, 'user').make({
    login: 'viewer',
    password,
    permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
  });
  plain = new TestBrowser(cairn.url);
  expect((await plain.signIn('viewer', password)).status).toBe(200);
});
afterAll(async () => {
  await cairn.close();
});

const put = (browser: TestBrowser, path: string, body: unknown) => browser.call('PUT', path, { body });

describe('stats settings', () => {
  it('answers the defaults before anything is saved', async () => {
    const answer = await admin.get(STATS_SETTINGS_PATHS.stats);
    expect(answer.status).toBe(200);
    expect(answer.json<StatsSettings>()).toEqual({ timezone: 'UTC', baseCurrency: 'USD', rates: {} });
  });

  it('stores what an admin saves under the keys the click engine reads, and the engine takes it at once', async () => {
    const saved = await put(admin, STATS_SETTINGS_PATHS.stats, {
      timezone: 'Europe/Berlin',
      baseCurrency: 'eur',
      rates: { usd: 0.92, GBP: 1.17 },
    });
    expect(saved.status).toBe(200);
    const expected = { timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: { USD: 0.92, GBP: 1.17 } };
    expect(saved.json()).toEqual(expected);
    expect((await plain.get(STATS_SETTINGS_PATHS.stats)).json()).toEqual(expected);
    expect(cairn.tracking.engine.settings.timezone).toBe('Europe/Berlin');
    expect(cairn.tracking.engine.settings.rates).toEqual({ base: 'EUR', rates: { USD: 0.92, GBP: 1.17 } });
    const audit = await cairn.store.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action = 'stats_settings_changed'",
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses bad values field by field, and changes nothing', async () => {
    const refused = await put(admin, STATS_SETTINGS_PATHS.stats, {
      timezone: 'Mars/Olympus',
      baseCurrency: 'EURO',
      rates: { USD: -1 },
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(['timezone', 'baseCurrency', 'rates.USD']);
    expect((await admin.get(STATS_SETTINGS_PATHS.stats)).json<StatsSettings>().timezone).toBe(
      'Europe/Berlin',
    );
  });

  it('lets everyone signed in read them, only admins change them, nobody signed out', async () => {
    expect((await plain.get(STATS_SETTINGS_PATHS.stats)).status).toBe(200);
    const body = { timezone: 'UTC', baseCurrency: 'USD', rates: {} };
    expect((await put(plain, STATS_SETTINGS_PATHS.stats, body)).status).toBe(403);
    const anonymous = new TestBrowser(cairn.url);
    expect((await anonymous.get(STATS_SETTINGS_PATHS.stats)).status).toBe(401);
    expect((await put(anonymous, STATS_SETTINGS_PATHS.stats, body)).status).toBe(401);
  });

  it('reads stored values a tool left broken one by one, falling back to the defaults', async () => {
    await setSetting(cairn.store, SETTING_CURRENCY_RATES, '{not json');
    await setSetting(cairn.store, SETTING_TIMEZONE, 'Nowhere/Land');
    expect(await readStatsSettings(cairn.store)).toEqual({ timezone: 'UTC', baseCurrency: 'EUR', rates: {} });
  });
});

describe('default columns', () => {
  it('starts empty, and keeps what an admin saves for every user to read', async () => {
    expect((await plain.get(STATS_SETTINGS_PATHS.columns)).json()).toEqual({ tables: {} });
    const columns: DefaultColumns = {
      tables: { campaign: ['clicks', 'profit', 'roi'], clicklog: ['time', 'click_id', 'country'] },
    };
    expect((await put(admin, STATS_SETTINGS_PATHS.columns, columns)).status).toBe(200);
    expect((await plain.get(STATS_SETTINGS_PATHS.columns)).json()).toEqual(columns);
  });

  it('refuses unknown columns and plain users', async () => {
    const refused = await put(admin, STATS_SETTINGS_PATHS.columns, {
      tables: { report: ['clicks', 'nope'] },
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(['tables.report']);
    expect((await put(plain, STATS_SETTINGS_PATHS.columns, { tables: {} })).status).toBe(403);
    await setSetting(cairn.store, SETTING_DEFAULT_COLUMNS, '{"tables":{"report":["nope"]}}');
    expect((await admin.get(STATS_SETTINGS_PATHS.columns)).json()).toEqual({ tables: {} });
  });
});
