import http from 'node:http';
import { Writable } from 'node:stream';
import { type Campaign, TRACKING_API_PATHS, type TrackingLinksResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import { CLICK_ID_LENGTH } from '../../events/clickId.ts';
import type { RunningCairn } from '../../index.ts';
import { seededRandom } from '../../seeding/random.ts';

// Seeded fuzzing of the public tracking surface. Unlike random garbage alone, most requests here are
// almost right: real campaign keys, real click ids and the installation's postback key, mixed with
// wrong types, odd encodings, oversized bodies and hostile headers, so they reach the code behind the
// first validation. A failure prints its seed; FUZZ_SEED replays it.

const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const REQUESTS = 1_500;
const PARALLEL = 10;

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Outcome {
  status: number;
  /** Set when the socket failed instead of answering. */
  error?: string;
}

let cairn: RunningCairn;
let browser: TestBrowser;
const logged: { level: number; msg: string }[] = [];
const campaignKeys: string[] = [];
const clickIds: string[] = [];
let postbackKeyParams: [string, string][] = [];

const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as { level: number; msg: string; err?: { message?: string } };
        const why = entry.err?.message ? `: ${entry.err.message}` : '';
        logged.push({ level: entry.level, msg: `${entry.msg}${why}` });
      } catch {
        logged.push({ level: 60, msg: `unparseable log line: ${line.slice(0, 200)}` });
      }
    }
    done();
  },
});

function send(request: Sent): Promise<Outcome> {
  const { port } = new URL(cairn.url);
  return new Promise((resolve) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request(
        { host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
          response.on('error', (error) =>
            resolve({ status: response.statusCode ?? 0, error: error.message }),
          );
        },
      );
    } catch (error) {
      // Node refused to send it (an invalid header character): not a request the server ever saw.
      resolve({ status: -1, error: `not sent: ${(error as Error).message}` });
      return;
    }
    outgoing.on('error', (error) => resolve({ status: 0, error: error.message }));
    outgoing.end(request.body);
  });
}

/** The generator: every choice comes from one seeded stream, so a seed is a replayable run. */
class Fuzzer {
  private readonly random: () => number;
  constructor(seed: number) {
    this.random = seededRandom(seed);
  }
  int(below: number): number {
    return Math.floor(this.random() * below);
  }
  chance(share: number): boolean {
    return this.random() < share;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  text(length: number): string {
    const alphabet = 'abcXYZ019 %&=?#;:/._-+[]{}"<>\\\'`~!@$^*()|,';
    let out = '';
    for (let index = 0; index < length; index += 1) out += alphabet[this.int(alphabet.length)];
    return out;
  }

  /** A query value: usually encoded text, sometimes bytes no decoder likes. */
  value(): string {
    return this.pick([
      () => encodeURIComponent(this.text(this.int(40))),
      () => encodeURIComponent('пример.рф 東京 🎯'),
      () => '%ED%A0%80', // a UTF-8 encoded lone surrogate
      () => '%FF%FE%00',
      () => `${'%F0%9F%8E%AF'.repeat(this.int(200))}`,
      () => encodeURIComponent(`${'x'.repeat(255)}\u{1F3AF}`), // cut inside a pair at 256 units
      () => 'a'.repeat(this.int(5000)),
      () => '%',
      () => '{clickid}',
      () => '',
    ])();
  }

  clickId(): string {
    return this.pick([
      () => this.pick(clickIds),
      () => this.pick(clickIds),
      () => this.pick(clickIds).slice(0, CLICK_ID_LENGTH - 1),
      () => `${this.pick(clickIds)}x`,
      () => this.pick(clickIds).toUpperCase(),
      () => '0'.repeat(CLICK_ID_LENGTH),
      () => 'z'.repeat(CLICK_ID_LENGTH),
      () => this.value(),
    ])();
  }

  postbackFields(): [string, string][] {
    const fields: [string, string][] = [];
    const keyChoice = this.int(4);
    if (keyChoice < 2) fields.push(...postbackKeyParams);
    else if (keyChoice === 2) {
      for (const [name] of postbackKeyParams) fields.push([name, this.value()]);
    }
    fields.push([this.pick(['clickid', 'cnv_id', 'subid', 'cid']), this.clickId()]);
    if (this.chance(0.8)) {
      fields.push([
        'payout',
        this.pick(['1.5', '0', '-3', '1e309', 'NaN', '99999999999', '12,50', '0x10', ' 7 ', this.value()]),
      ]);
    }
    if (this.chance(0.6)) {
      fields.push(['currency', this.pick(['USD', 'EUR', 'ZZZ', 'usd', 'US', 'EURO', this.value()])]);
    }
    if (this.chance(0.6)) {
      fields.push([
        this.pick(['status', 'cnv_status']),
        this.pick(['approved', 'declined', 'pending', 'chargeback', 'APPROVED', this.value()]),
      ]);
    }
    if (this.chance(0.4)) fields.push([this.pick(['txid', 'tid']), this.pick(['t-1', 't-2', this.value()])]);
    if (this.chance(0.1)) fields.push(['disable_postback', this.pick(['1', 'true', this.value()])]);
    return fields;
  }

  clickFields(): [string, string][] {
    const fields: [string, string][] = [];
    if (this.chance(0.85)) fields.push(['key', this.chance(0.8) ? this.pick(campaignKeys) : this.value()]);
    for (let token = 0; token < this.int(6); token += 1) {
      fields.push([this.pick(['t1', 't2', 't5', 't30', 't31', 'zone', 'external_id', 'cost']), this.value()]);
    }
    if (this.chance(0.2)) fields.push(['lp', this.pick(['1', '2', this.value()])]);
    if (this.chance(0.3)) fields.push(['clickid', this.clickId()]);
    if (this.chance(0.15)) fields.push(['to_offer', this.pick(['1', '2', '0', '-1', '999', this.value()])]);
    return fields;
  }

  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.chance(0.8)) {
      headers['user-agent'] = this.pick([
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
        'curl/8.0',
        this.text(this.int(6000)),
      ]);
    }
    if (this.chance(0.5)) {
      headers['x-forwarded-for'] = this.pick([
        '203.0.113.7',
        '2001:db8::1',
        '::ffff:198.51.100.4',
        'not-an-ip',
        '1.2.3.4, 5.6.7.8',
        '999.1.1.1',
        this.text(this.int(300)),
      ]);
    }
    if (this.chance(0.4)) headers['accept-language'] = this.pick(['en-US,en;q=0.9', 'xx', this.text(400)]);
    if (this.chance(0.3)) headers.referer = this.pick(['https://пример.рф/a?b=c', this.text(this.int(2000))]);
    if (this.chance(0.3)) {
      const cookie = `cairn_click=${this.chance(0.5) ? this.pick(clickIds) : this.text(30)}; cairn_u1=${this.text(10)}`;
      headers.cookie = cookie;
    }
    return headers;
  }

  body(fields: [string, string][]): { body: Buffer; type: string } {
    const decoded = (value: string): string => {
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    };
    return this.pick([
      () => ({
        body: Buffer.from(fields.map(([name, value]) => `${name}=${value}`).join('&')),
        type: 'application/x-www-form-urlencoded',
      }),
      () => ({
        body: Buffer.from(JSON.stringify(Object.fromEntries(fields.map(([n, v]) => [n, decoded(v)])))),
        type: 'application/json',
      }),
      // Right names, wrong types.
      () => ({
        body: Buffer.from(
          JSON.stringify(
            Object.fromEntries(
              fields.map(([name]) => [
                name,
                this.pick([[1, 2], { a: 1 }, null, true, Number.MAX_VALUE, -0, '1e400']),
              ]),
            ),
          ),
        ),
        type: 'application/json',
      }),
      () => ({ body: Buffer.from('{"clickid": '), type: 'application/json' }),
      () => ({ body: Buffer.from(`[${'['.repeat(5000)}`), type: 'application/json' }),
      () => ({ body: Buffer.alloc(40_000 + this.int(2_000_000), 0x61), type: 'application/json' }),
      () => ({ body: Buffer.alloc(30_000, 0x61), type: 'application/x-www-form-urlencoded' }),
      () => ({ body: Buffer.from(this.text(200)), type: this.pick(['text/plain', 'application/xml', '']) }),
    ])();
  }

  request(): Sent {
    const endpoint = this.pick(['click', 'click', 'lp', 'hop', 'postback', 'postback', 'binom', 'pixel']);
    const method = this.chance(0.15) ? 'HEAD' : this.chance(0.25) ? 'POST' : 'GET';
    const headers = this.headers();
    let path: string;
    let fields: [string, string][];
    switch (endpoint) {
      case 'click':
        path = this.pick(['/click', '/click.php']);
        fields = this.clickFields();
        break;
      case 'lp':
        path = '/click';
        fields = [['lp', '1'], ['clickid', this.clickId()], ...this.clickFields().slice(1)];
        break;
      case 'hop':
        path = '/click/hop';
        fields = [
          ['u', this.value()],
          ['s', this.value()],
        ];
        break;
      case 'binom':
        path = '/click';
        fields = this.postbackFields().map(([name, value]) => [name === 'clickid' ? 'cnv_id' : name, value]);
        if (!fields.some(([name]) => name === 'cnv_id')) fields.push(['cnv_id', this.clickId()]);
        break;
      case 'pixel':
        path = '/conversion.gif';
        fields = this.postbackFields();
        break;
      default:
        path = '/postback';
        fields = this.postbackFields();
    }
    if (this.chance(0.1)) fields.push([this.text(5), this.value()]);
    const query = fields.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
    if (method === 'POST' && this.chance(0.7)) {
      const { body, type } = this.body(fields);
      if (type) headers['content-type'] = type;
      return { method, path: this.chance(0.3) ? `${path}?${query}` : path, headers, body };
    }
    return { method, path: `${path}?${query}`, headers };
  }
}

async function postbackKeyFromLinks(): Promise<[string, string][]> {
  const answer = await browser.call('GET', TRACKING_API_PATHS.trackingLinks);
  expect(answer.status).toBe(200);
  const links = answer.json<TrackingLinksResponse>();
  const postbackUrl = new URL(links.domains[0]?.postbackUrl ?? '');
  // Whatever the handed-out link carries besides macros is what a network pastes with it: the key.
  return [...postbackUrl.searchParams].filter(([, value]) => value !== '' && !value.includes('{'));
}

beforeAll(async () => {
  const started = await signedInAdmin({ trustProxy: true, logLevel: 'warn', logDestination: sink });
  cairn = started.cairn;
  browser = started.browser;
  const network = await kindClient(browser, 'affiliate_network').make({ name: 'fuzz network' });
  const offers = kindClient(browser, 'offer');
  const fixed = await offers.make({
    name: 'fuzz fixed',
    url: 'https://offer.example/?c={clickid}&t={t1}',
    affiliateNetworkId: network.id,
    payoutMicros: 2_000_000,
  });
  const automatic = await offers.make({
    name: 'fuzz auto',
    url: 'https://auto.example/?c={clickid}&z={t5}',
    affiliateNetworkId: network.id,
    payoutMicros: 1_000_000,
    payoutAuto: true,
  });
  const lander = await kindClient(browser, 'landing').make({
    name: 'fuzz lander',
    url: 'https://lp.example/?c={clickid}&r={referer}',
  });
  const campaigns = kindClient(browser, 'campaign');
  for (const [name, redirectMode, path] of [
    ['fuzz direct', 'http_302', { offers: [{ offerId: fixed.id }, { offerId: automatic.id }] }],
    [
      'fuzz lander',
      'meta_refresh',
      { landers: [{ landingId: lander.id }], offers: [{ offerId: automatic.id }, { offerId: fixed.id }] },
    ],
    ['fuzz double', 'double_meta_refresh', { offers: [{ offerId: automatic.id }] }],
  ] as const) {
    const campaign = await campaigns.make<Campaign>({ name, redirectMode, flow: { defaultPaths: [path] } });
    campaignKeys.push(campaign.key);
  }
  await cairn.tracking.table.settled();
  for (let index = 0; index < 30; index += 1) {
    const key = campaignKeys[index % campaignKeys.length] as string;
    const response = await fetch(`${cairn.url}/click?key=${key}&t1=seed${index}`, {
      headers: {
        'x-forwarded-for': `198.51.100.${index + 1}`,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)',
      },
      redirect: 'manual',
    });
    const page = await response.text();
    const found = /[?&]c=([0-9a-z]{23})/.exec(`${response.headers.get('location') ?? ''} ${page}`);
    if (found?.[1]) clickIds.push(found[1]);
  }
  expect(clickIds.length).toBeGreaterThanOrEqual(20);
  postbackKeyParams = await postbackKeyFromLinks();
});

afterAll(async () => {
  await cairn?.close();
});

describe(`seeded fuzz of the tracking endpoints (FUZZ_SEED=${SEED})`, () => {
  it('answers every request below 500, drops no socket, logs no error and records only well-formed events', async () => {
    const fuzzer = new Fuzzer(SEED);
    const requests = Array.from({ length: REQUESTS }, () => fuzzer.request());
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let start = 0; start < requests.length; start += PARALLEL) {
      const batch = requests.slice(start, start + PARALLEL);
      const outcomes = await Promise.all(batch.map(send));
      outcomes.forEach((outcome, index) => {
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const request = batch[index] as Sent;
        const what = `#${start + index} ${request.method} ${request.path.slice(0, 160)}`;
        if (outcome.status >= 500) failures.push(`${what}: answered ${outcome.status}`);
        if (outcome.error && outcome.status !== -1) failures.push(`${what}: ${outcome.error}`);
      });
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    // The mix must reach past validation, or the run proves little.
    const answered = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    expect(statuses.get(200) ?? 0, JSON.stringify(answered)).toBeGreaterThan(REQUESTS / 10);
    expect(statuses.get(302) ?? 0, JSON.stringify(answered)).toBeGreaterThan(REQUESTS / 40);

    // Still serving: the panel API and a plain click.
    expect((await fetch(`${cairn.url}/api/health`)).status).toBe(200);
    const click = await fetch(`${cairn.url}/click?key=${campaignKeys[0]}`, { redirect: 'manual' });
    expect(click.status).toBe(302);

    await cairn.tracking.conversions.writer.idle();
    await cairn.tracking.recorder.flushNow();
    const events = await cairn.events.query<Record<string, unknown>>('SELECT * FROM events');
    expect(events.length).toBeGreaterThan(REQUESTS / 20);
    const malformed: string[] = [];
    for (const event of events) {
      const id = String(event.click_id);
      if (!/^[0-9a-hjkmnp-tv-z]{23}$/.test(id)) malformed.push(`click id ${id}`);
      for (const [column, value] of Object.entries(event)) {
        if (typeof value === 'string' && !value.isWellFormed()) malformed.push(`${column} of ${id}`);
        if (typeof value === 'string' && value.length > 4096) malformed.push(`${column} of ${id} too long`);
        if (column.endsWith('_micros') && !Number.isSafeInteger(Number(value))) {
          malformed.push(`${column} of ${id} = ${String(value)}`);
        }
      }
    }
    expect(malformed).toEqual([]);
    const conversions = await cairn.store.query<Record<string, unknown>>('SELECT * FROM conversions');
    for (const row of conversions) {
      for (const [column, value] of Object.entries(row)) {
        if (column.endsWith('_micros') && value !== null)
          expect(Number.isSafeInteger(Number(value))).toBe(true);
        if (typeof value === 'string') expect(value.isWellFormed()).toBe(true);
      }
    }
    // A wrong key or a garbage id is a refusal, never an error.
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
  });
});
