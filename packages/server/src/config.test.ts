import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, loadConfig, resolveConfig, type TrustHops } from './config.ts';

describe('configuration', () => {
  it('maps every CAIRN_* variable to its setting', () => {
    const options = loadConfig({
      CAIRN_PORT: '8080',
      CAIRN_HOST: '127.0.0.1',
      CAIRN_DATA_DIR: '/var/lib/cairn',
      CAIRN_MODE: 'demo',
      CAIRN_LICENSE_PUBLIC_KEY: 'pub',
      CAIRN_LICENSE_KEY: ' key ',
      CAIRN_ADMIN_LOGIN: 'root',
      CAIRN_ADMIN_PASSWORD: 'secret password',
      CAIRN_UPDATE_FEED: 'https://example.test/releases.json',
      CAIRN_PANEL_DIR: '/srv/panel',
      CAIRN_SESSION_LIFETIME_HOURS: '12',
      CAIRN_SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3',
      CAIRN_SIGN_IN_MAX_FAILURES_PER_IP: '9',
      CAIRN_SIGN_IN_THROTTLE_WINDOW_MINUTES: '30',
      CAIRN_TRUST_PROXY: 'true',
      CAIRN_LOG_LEVEL: 'warn',
      CAIRN_SECRET_KEY: 'c2VjcmV0',
    });
    expect(options).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/cairn',
      mode: 'demo',
      licensePublicKey: 'pub',
      licenseKey: 'key',
      adminLogin: 'root',
      adminPassword: 'secret password',
      updateFeed: 'https://example.test/releases.json',
      panelDir: '/srv/panel',
      sessionLifetimeHours: 12,
      signInMaxFailuresPerAccount: 3,
      signInMaxFailuresPerIp: 9,
      signInThrottleWindowMinutes: 30,
      trustProxy: expect.objectContaining({ hops: 1 }),
      logLevel: 'warn',
      secretKey: 'c2VjcmV0',
    });
  });

  it('leaves unset and empty variables to the defaults', () => {
    expect(loadConfig({ CAIRN_PORT: '', CAIRN_MODE: '  ' })).toEqual({});
    const config = resolveConfig(loadConfig({}));
    expect(config.port).toBe(3000);
    expect(config.sessionLifetimeHours).toBe(168);
    expect(config.dataDir).toBe(path.resolve('data'));
    // The panel build is found from the server package wherever Cairn is started.
    expect(DEFAULT_CONFIG.panelDir).toBe(path.resolve(import.meta.dirname, '../../panel/dist'));
  });

  it('reads CAIRN_PRIVATE_DESTINATIONS as checked CIDRs, none by default', () => {
    expect(DEFAULT_CONFIG.privateDestinations).toEqual([]);
    expect(loadConfig({ CAIRN_PRIVATE_DESTINATIONS: ' 10.0.0.0/8, fd00::/8,192.168.1.20 ' })).toEqual({
      privateDestinations: ['10.0.0.0/8', 'fd00::/8', '192.168.1.20'],
    });
    expect(() => loadConfig({ CAIRN_PRIVATE_DESTINATIONS: '10.0.0.0/8,intranet' })).toThrow(
      'CAIRN_PRIVATE_DESTINATIONS must be IP addresses or CIDRs separated by commas (10.0.0.0/8, fd00::/8): "intranet" is not an IP address or CIDR',
    );
    expect(() => loadConfig({ CAIRN_PRIVATE_DESTINATIONS: '10.0.0.0/40' })).toThrow(ConfigError);
    // Options given in code (tests, embedding) are checked at start as well.
    expect(() => resolveConfig({ privateDestinations: ['127.0.0.1/99'] })).toThrow(
      /CAIRN_PRIVATE_DESTINATIONS/,
    );
  });

  it("reads the ad platforms' API roots, each the platform's own by default", () => {
    expect(
      loadConfig({
        CAIRN_GOOGLE_ADS_API_URL: 'https://ads.example/v26',
        CAIRN_GOOGLE_OAUTH_TOKEN_URL: 'https://oauth.example/token',
        CAIRN_TIKTOK_API_URL: 'https://tiktok.example/open_api/v1.3',
      }),
    ).toEqual({
      googleAdsApiUrl: 'https://ads.example/v26',
      googleOAuthTokenUrl: 'https://oauth.example/token',
      tiktokApiUrl: 'https://tiktok.example/open_api/v1.3',
    });
    expect(DEFAULT_CONFIG.googleAdsApiUrl).toBe('https://googleads.googleapis.com/v26');
    expect(DEFAULT_CONFIG.googleOAuthTokenUrl).toBe('https://oauth2.googleapis.com/token');
    expect(DEFAULT_CONFIG.tiktokApiUrl).toBe('https://business-api.tiktok.com/open_api/v1.3');
    expect(() => loadConfig({ CAIRN_TIKTOK_API_URL: 'ftp://x' })).toThrow(/CAIRN_TIKTOK_API_URL/);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ CAIRN_PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAIRN_MODE: 'staging' })).toThrow(/CAIRN_MODE/);
    expect(() => loadConfig({ CAIRN_SESSION_LIFETIME_HOURS: '-1' })).toThrow(/CAIRN_SESSION_LIFETIME_HOURS/);
    expect(() => loadConfig({ CAIRN_WORKER_NICE: '20' })).toThrow(/CAIRN_WORKER_NICE/);
    expect(() => loadConfig({ CAIRN_WORKER_NICE: '-5' })).toThrow(/CAIRN_WORKER_NICE/);
    expect(() => loadConfig({ CAIRN_WORKER_NICE: 'IDLE' })).toThrow(/"idle" or a whole number/);
    expect(() => loadConfig({ CAIRN_SIGNED_IN_CACHE_MS: '1.5' })).toThrow(/CAIRN_SIGNED_IN_CACHE_MS/);
    expect(() => loadConfig({ CAIRN_SIGNED_IN_CACHE_MS: '600000' })).toThrow(/CAIRN_SIGNED_IN_CACHE_MS/);
  });

  it('remembers signed-in sessions five seconds by default; 0 turns that off', () => {
    expect(DEFAULT_CONFIG.signedInCacheMs).toBe(5000);
    expect(loadConfig({ CAIRN_SIGNED_IN_CACHE_MS: '0' })).toEqual({ signedInCacheMs: 0 });
  });

  it('flushes the journal every 100 ms, every second with ClickHouse as event store, or as set', () => {
    expect(DEFAULT_CONFIG.flushIntervalMs).toBe(100);
    expect(loadConfig({}).flushIntervalMs).toBeUndefined();
    expect(loadConfig({ CAIRN_EVENTS_DB: 'http://clickhouse:8123/cairn' })).toEqual({
      flushIntervalMs: 1000,
    });
    expect(resolveConfig(loadConfig({ CAIRN_EVENTS_DB: 'http://clickhouse:8123' })).flushIntervalMs).toBe(
      1000,
    );
    expect(loadConfig({ CAIRN_EVENTS_DB: 'http://clickhouse:8123', CAIRN_FLUSH_INTERVAL_MS: '250' })).toEqual(
      { flushIntervalMs: 250 },
    );
    expect(loadConfig({ CAIRN_EVENTS_DB: '' })).toEqual({});
  });

  it('keeps the click archive by default; off turns it off', () => {
    expect(DEFAULT_CONFIG.clickArchive).toBe(true);
    expect(loadConfig({ CAIRN_CLICK_ARCHIVE: 'off' })).toEqual({ clickArchive: false });
    expect(loadConfig({ CAIRN_CLICK_ARCHIVE: 'ON' })).toEqual({ clickArchive: true });
    expect(() => loadConfig({ CAIRN_CLICK_ARCHIVE: 'maybe' })).toThrow(/CAIRN_CLICK_ARCHIVE/);
  });

  it('keeps 30 days of clicks in the archive by default, or the whole days given', () => {
    expect(DEFAULT_CONFIG.clickArchiveDays).toBe(30);
    expect(loadConfig({ CAIRN_CLICK_ARCHIVE_DAYS: '7' })).toEqual({ clickArchiveDays: 7 });
    for (const bad of ['0', '-3', '2.5', 'week', '3651']) {
      expect(() => loadConfig({ CAIRN_CLICK_ARCHIVE_DAYS: bad })).toThrow(/CAIRN_CLICK_ARCHIVE_DAYS/);
    }
  });

  it('puts the worker pool on SCHED_IDLE by default, a niceness when given one, and leaves it with 0', () => {
    expect(DEFAULT_CONFIG.workerNice).toBe('idle');
    expect(loadConfig({ CAIRN_WORKER_NICE: 'idle' })).toEqual({ workerNice: 'idle' });
    expect(loadConfig({ CAIRN_WORKER_NICE: '0' })).toEqual({ workerNice: 0 });
    expect(loadConfig({ CAIRN_WORKER_NICE: '19' })).toEqual({ workerNice: 19 });
    expect(loadConfig({ CAIRN_WORKER_NICE: '10' })).toEqual({ workerNice: 10 });
  });

  it('trusts no proxy by default, then a hop count or the listed proxies; true is one hop', () => {
    const trust = (value: string) => loadConfig({ CAIRN_TRUST_PROXY: value }).trustProxy;
    const hops = (value: unknown) => (typeof value === 'function' ? (value as TrustHops).hops : value);
    expect(resolveConfig(loadConfig({})).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(hops(trust('1'))).toBe(1);
    expect(hops(trust('2'))).toBe(2);
    expect(hops(trust('TRUE'))).toBe(1);
    expect(hops(resolveConfig({ trustProxy: true }).trustProxy)).toBe(1);
    expect(hops(resolveConfig({ trustProxy: 2 }).trustProxy)).toBe(2);
    const twoHops = resolveConfig({ trustProxy: 2 }).trustProxy as TrustHops;
    expect([0, 1, 2].map((hop) => twoHops('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trust('yes')).toThrow(/CAIRN_TRUST_PROXY .*"yes"/);
    expect(() => trust('10.0.0.1,proxy.example')).toThrow(/"proxy.example"/);
    expect(() => trust('10.0.0.0/33')).toThrow(ConfigError);
    expect(() => trust('99')).toThrow(/at most 10/);
  });
});
