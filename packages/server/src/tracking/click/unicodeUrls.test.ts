import http from 'node:http';
import { Writable } from 'node:stream';
import { type Campaign, URL_CUSTOMIZATION_PATH } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';
import { headerSafeUrl } from './redirect.ts';

// URLs with non-ASCII text on the click path. Node refuses such a Location header; before it was
// encoded, the first unroutable click threw twice and the unhandled rejection ended the process.

const IDN_FALLBACK = 'https://пример.рф/';
const IDN_FALLBACK_ASCII = 'https://xn--e1afmkfd.xn--p1ai/';

let cairn: RunningCairn;
let browser: TestBrowser;
const logLines: string[] = [];

/** Log lines at error level or worse (pino's numbers: 50 error, 60 fatal). */
const errorsLogged = (): string[] =>
  logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  ({ cairn, browser } = await signedInAdmin({ logLevel: 'warn', logDestination: sink }));
});
afterAll(async () => {
  await cairn.close();
});

/** One GET on a kept-alive socket, its status and Location; a reset socket rejects. */
function get(agent: http.Agent, path: string): Promise<{ status: number; location: string }> {
  const { port } = new URL(cairn.url);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? '') }),
      );
    });
    request.on('error', reject);
  });
}

describe('non-ASCII URLs on the click path', () => {
  it('stores an IDN fallback as punycode and answers 10,000 unroutable clicks with it', async () => {
    const saved = await browser.call('PUT', URL_CUSTOMIZATION_PATH, { body: { fallbackUrl: IDN_FALLBACK } });
    expect(saved.status).toBe(200);
    expect(saved.json<{ fallbackUrl: string }>().fallbackUrl).toBe(IDN_FALLBACK_ASCII);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const answers = new Map<string, number>();
    const CLICKS = 10_000;
    const WORKERS = 16;
    let sent = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (sent < CLICKS) {
          sent += 1;
          const { status, location } = await get(agent, `/click?key=unknown-${sent}`);
          const answer = `${status} ${location}`;
          answers.set(answer, (answers.get(answer) ?? 0) + 1);
        }
      }),
    );
    agent.destroy();
    expect(answers).toEqual(new Map([[`302 ${IDN_FALLBACK_ASCII}`, CLICKS]]));
    // Still serving, and nothing went wrong on the way.
    expect((await fetch(`${cairn.url}/api/mode`)).status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });

  it('sends a visitor on to an offer URL stored with Unicode text, encoded in the Location', async () => {
    const offer = await kindClient(browser, 'offer').make({
      name: 'idn offer',
      url: 'https://offer.example/',
    });
    const campaign = await kindClient(browser, 'campaign').make<Campaign>({
      name: 'idn campaign',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    // Written straight into the store, as a URL saved before URLs were normalised would be.
    await cairn.store.execute('UPDATE offers SET url = $1 WHERE id = $2', [
      'https://пример.рф/путь?q=значение&c={clickid}#фрагмент',
      offer.id,
    ]);
    await cairn.changes.emit('offer', offer.id);
    await cairn.tracking.table.settled();

    const agent = new http.Agent({ keepAlive: true });
    const { status, location } = await get(agent, `/click?key=${campaign.key}`);
    agent.destroy();
    expect(status).toBe(302);
    expect(location).toMatch(
      /^https:\/\/xn--e1afmkfd\.xn--p1ai\/%D0%BF%D1%83%D1%82%D1%8C\?q=%D0%B7%D0%BD%D0%B0%D1%87%D0%B5%D0%BD%D0%B8%D0%B5&c=[0-9a-z]+#%D1%84/,
    );
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a click that fails', () => {
  it('is logged and answered with the fallback, the socket kept', async () => {
    // Runs after the tests above, which check that nothing was logged.
    const engineClick = vi.spyOn(cairn.tracking.engine, 'click').mockImplementation(() => {
      throw new Error('routing broke');
    });
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect(await get(agent, '/click?key=any')).toEqual({ status: 302, location: IDN_FALLBACK_ASCII });
      expect(await get(agent, '/click?key=any')).toEqual({ status: 302, location: IDN_FALLBACK_ASCII });
    } finally {
      engineClick.mockRestore();
      agent.destroy();
    }
    const failures = errorsLogged().map(
      (line) => JSON.parse(line) as { msg: string; err: { message: string } },
    );
    expect(failures.map((failure) => [failure.msg, failure.err.message])).toEqual([
      ['click failed', 'routing broke'],
      ['click failed', 'routing broke'],
    ]);
  });
});

describe('headerSafeUrl', () => {
  it('makes any text a value Node takes as a header, and leaves printable ASCII alone', () => {
    const cases: [string, string][] = [
      ['https://offer.example/?c=abc&t=%20', 'https://offer.example/?c=abc&t=%20'],
      ['https://пример.рф/а?б=в', 'https://xn--e1afmkfd.xn--p1ai/%D0%B0?%D0%B1=%D0%B2'],
      ['https://offer.example/a\r\nSet-Cookie: x=1', 'https://offer.example/aSet-Cookie:%20x=1'],
      // Not a URL the parser takes: each character outside printable ASCII is encoded, a lone surrogate as U+FFFD.
      ['https://exa mple.com/\ud800é', 'https://exa%20mple.com/%EF%BF%BD%C3%A9'],
      ['пример\u0000', '%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80%00'],
    ];
    for (const [url, safe] of cases) {
      expect(headerSafeUrl(url), url).toBe(safe);
      expect(() => http.validateHeaderValue('location', headerSafeUrl(url))).not.toThrow();
    }
  });
});
