import crypto from 'node:crypto';
import http from 'node:http';
import type { Campaign } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { RunningCairn } from '../../index.ts';

// The click endpoint meets hostile traffic: whatever arrives, it answers below 500 and keeps serving.

let cairn: RunningCairn;
let campaign: Campaign;

beforeAll(async () => {
  const started = await signedInAdmin({ trustProxy: true });
  cairn = started.cairn;
  const offer = await kindClient(started.browser, 'offer').make({
    name: 'hostile offer',
    url: 'https://offer.example/?c={clickid}&t={t1}&r={referer}',
  });
  campaign = await kindClient(started.browser, 'campaign').make<Campaign>({
    name: 'hostile',
    redirectMode: 'meta_refresh',
    flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
  });
  await cairn.tracking.table.settled();
});
afterAll(async () => {
  await cairn.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with the path and headers exactly as given (fetch would normalise or refuse them). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { port } = new URL(cairn.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('click endpoint under hostile input', () => {
  it('answers missing and unknown keys, HEAD requests and huge queries without a 5xx', async () => {
    expect((await raw('GET', '/click')).status).toBe(404);
    expect((await raw('GET', '/click?key=')).status).toBe(404);
    expect((await raw('GET', `/click?key=${'x'.repeat(5000)}`)).status).toBe(404);
    expect((await raw('HEAD', `/click?key=${campaign.key}`)).status).toBe(200);
    const huge = await raw('GET', `/click?key=${campaign.key}&t1=${'a'.repeat(10_000)}`);
    expect(huge.status).toBe(200);
    expect(huge.body).toContain('offer.example');
  });

  it('keeps invalid UTF-8, markup and odd forwarded addresses out of the page', async () => {
    const answer = await raw(
      'GET',
      `/click?key=${campaign.key}&t1=%FF%FE%22%3E%3Cscript%3Ealert(1)%3C/script%3E`,
      {
        referer: 'https://evil.example/"><script>alert(2)</script>',
        'x-forwarded-for': 'not-an-ip, , 999.1.1.1',
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).not.toMatch(/<script/i);
    expect(answer.body).not.toContain('"><script');
    expect(answer.body.match(/<meta /g)).toHaveLength(3);
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    for (const forwarded of ['', '::ffff:', '1.2.3.4, 5.6.7.8', '[::1]:80', 'x'.repeat(3000)]) {
      expect((await raw('GET', `/click?key=${campaign.key}`, { 'x-forwarded-for': forwarded })).status).toBe(
        200,
      );
    }
  });

  it('survives 1,000 random garbage requests', async () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789%&=?#;:/._-+[]{}"<>\\';
    const randomText = (length: number) =>
      Array.from({ length }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 50; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          // The postback paths too: GET postbacks are answered before the router, as clicks are.
          const target = [
            '/click',
            '/click.php',
            '/click/hop',
            '/postback',
            '/click?cnv_id=',
            '/conversion.gif',
          ][crypto.randomInt(6)] as string;
          const path = `${target}${target.includes('?') ? '' : '?'}${randomText(crypto.randomInt(1, 400))}`;
          const headers: Record<string, string> = {
            'user-agent': randomText(crypto.randomInt(0, 600)),
            'accept-language': randomText(crypto.randomInt(0, 100)),
            'x-forwarded-for': randomText(crypto.randomInt(0, 60)),
            cookie: `cairn_click=${randomText(30)}; cairn_u1=${randomText(12)}`,
          };
          try {
            return (
              await raw(
                crypto.randomInt(4) === 0 ? 'HEAD' : 'GET',
                encodeURI(path).replace(/%25/g, '%'),
                headers,
              )
            ).status;
          } catch {
            // A request Node itself refuses to send is no answer from the server.
            return -1;
          }
        }),
      );
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect((await raw('GET', `/click?key=${campaign.key}`)).status).toBe(200);
  });

  it('follows only hop links it signed', async () => {
    const target = encodeURIComponent('https://evil.example/');
    expect((await raw('GET', `/click/hop?u=${target}&s=forged`)).status).toBe(404);
    const hop = await raw('GET', `/click/hop?${cairn.tracking.hopLinks.query('https://offer.example/')}`);
    expect(hop.status).toBe(200);
    expect(hop.headers['referrer-policy']).toBe('no-referrer');
  });
});
