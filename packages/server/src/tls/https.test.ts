import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { REPORT_PATHS, TLS_PATHS, type TlsIssueResponse, type TlsStatus } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient } from '../../test-support/entities.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Certificates from a real ACME server: Pebble, started by .ci/run (.ci/pebble.sh), which validates each
// HTTP-01 challenge by connecting to the name on the port it was told, and resolves every name to
// 127.0.0.1. Two nodes on one PostgreSQL: the first gets the certificates, the second serves them too.

const ACME_DIR = process.env.CAIRN_TEST_ACME_DIR;
const acme = ACME_DIR
  ? Object.fromEntries(
      fs
        .readFileSync(`${ACME_DIR}/acme.env`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
  : {};
const SKIP = !ACME_DIR
  ? 'no ACME server (run .ci/pebble.sh start)'
  : !TEST_POSTGRES_URL
    ? POSTGRES_SKIP_REASON
    : null;

interface Served {
  status: number;
  location: string | null;
  /** The certificate the server presented. */
  certificate: { subjectaltname?: string; serialNumber: string; valid_to: string };
}

/** One HTTPS GET to `port` on 127.0.0.1, naming `host` in SNI and the Host header. */
function httpsGet(port: number, host: string, path: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: host,
        headers: { host },
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const certificate = (response.socket as import('node:tls').TLSSocket).getPeerCertificate();
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            certificate,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** One HTTP/2 GET (negotiated by ALPN, as browsers do), naming `host` in SNI and `:authority`. */
function http2Get(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; location: string | null; alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${host}:${port}`, {
      host: '127.0.0.1',
      servername: host,
      rejectUnauthorized: false,
    } as http2.SecureClientSessionOptions);
    session.on('error', reject);
    const stream = session.request({ ':path': path, ':authority': host });
    stream.on('response', (headers) => {
      stream.resume();
      stream.on('end', () => {
        const alpn = (session.socket as import('node:tls').TLSSocket).alpnProtocol;
        session.close();
        resolve({ status: Number(headers[':status']), location: (headers.location as string) ?? null, alpn });
      });
    });
    stream.on('error', reject);
    stream.end();
  });
}

function httpGet(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null }),
        );
      })
      .on('error', reject);
  });
}

describe.skipIf(SKIP !== null)(`HTTPS for tracking domains${SKIP ? ` (${SKIP})` : ''}`, () => {
  let database: TestPostgres;
  let first: RunningCairn;
  let second: RunningCairn;
  let panel: TestBrowser;
  const domains: Record<string, number> = {};
  const secretKey = crypto.randomBytes(32).toString('base64');

  beforeAll(async () => {
    database = testPostgres();
    const shared = {
      configDb: database.url,
      secretKey,
      httpsPort: 0,
      acmeDirectory: acme.directory,
      acmeCaFile: acme.ca,
      // Pebble and the node it validates are on loopback: the operator's allowance, here.
      privateDestinations: ['127.0.0.0/8'],
    };
    // The first node listens where Pebble validates challenges.
    first = await startTestCairn({ ...shared, port: Number(acme.httpPort), nodeId: 'https-1' });
    second = await startTestCairn({ ...shared, nodeId: 'https-2' });
    panel = new TestBrowser(first.url);
    expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    for (const host of ['shop.cairn.test', 'promo.cairn.test']) {
      domains[host] = (await kindClient(panel, 'domain').make<{ id: number }>({ host })).id;
    }
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.dispose();
  });

  const domainPath = (path: string, host: string) => path.replace(':id', String(domains[host]));

  it('gets a certificate for each domain and serves the right one for each SNI name, on both nodes', async () => {
    for (const host of Object.keys(domains)) {
      const turnedOn = await panel.put(domainPath(TLS_PATHS.domain, host), {
        https: true,
        redirectHttp: true,
      });
      expect(turnedOn.status).toBe(200);
      const issued = await panel.post(domainPath(TLS_PATHS.issue, host));
      expect(issued.status).toBe(200);
      expect(issued.body).toMatchObject({
        issued: true,
        error: null,
        domain: { host, state: 'valid', https: true },
      });
    }
    const status = await panel.get(TLS_PATHS.status);
    expect(status.json<TlsStatus>().httpsPort).toBe(first.httpsPort);
    expect(status.json<TlsStatus>().domains.map((domain) => [domain.host, domain.state])).toEqual([
      ['promo.cairn.test', 'valid'],
      ['shop.cairn.test', 'valid'],
    ]);

    const onFirst = await httpsGet(first.httpsPort as number, 'shop.cairn.test', '/api/health');
    const otherName = await httpsGet(first.httpsPort as number, 'promo.cairn.test', '/api/health');
    expect(onFirst.status).toBe(200);
    expect(onFirst.certificate.subjectaltname).toBe('DNS:shop.cairn.test');
    expect(otherName.certificate.subjectaltname).toBe('DNS:promo.cairn.test');
    // The second node never spoke to the CA: it serves what the first stored, once told by the broadcast.
    await expect
      .poll(
        async () =>
          (await httpsGet(second.httpsPort as number, 'shop.cairn.test', '/api/health')).certificate
            .serialNumber,
      )
      .toBe(onFirst.certificate.serialNumber);
    // A name with no certificate gets no handshake.
    await expect(httpsGet(first.httpsPort as number, 'other.cairn.test', '/')).rejects.toThrow();
  });

  it('renews a certificate early on request, and every node serves the new one', async () => {
    const before = await httpsGet(first.httpsPort as number, 'promo.cairn.test', '/api/health');
    const renewed = await panel.post(domainPath(TLS_PATHS.issue, 'promo.cairn.test'));
    expect(renewed.json<TlsIssueResponse>().issued).toBe(true);
    const after = await httpsGet(first.httpsPort as number, 'promo.cairn.test', '/api/health');
    expect(after.certificate.serialNumber).not.toBe(before.certificate.serialNumber);
    await expect
      .poll(
        async () =>
          (await httpsGet(second.httpsPort as number, 'promo.cairn.test', '/api/health')).certificate
            .serialNumber,
      )
      .toBe(after.certificate.serialNumber);
  });

  it('renews, at the hourly check, only what is within 30 days of expiry, on whichever node runs it', async () => {
    const served = async (host: string) =>
      (await httpsGet(first.httpsPort as number, host, '/api/health')).certificate.serialNumber;
    const [shopBefore, promoBefore] = [await served('shop.cairn.test'), await served('promo.cairn.test')];
    const soon = Date.now() + 10 * 86_400_000;
    await first.store.execute('UPDATE tls_certificates SET not_after = $1 WHERE host = $2', [
      soon,
      'shop.cairn.test',
    ]);
    const listed = (await panel.get(TLS_PATHS.status)).json<TlsStatus>().domains;
    expect(listed.find((domain) => domain.host === 'shop.cairn.test')?.state).toBe('expiring');
    await second.tls.renewDue();
    const status = (await panel.get(TLS_PATHS.status)).json<TlsStatus>().domains;
    expect(status.find((domain) => domain.host === 'shop.cairn.test')?.state).toBe('valid');
    await expect.poll(() => served('shop.cairn.test')).not.toBe(shopBefore);
    expect(await served('promo.cairn.test')).toBe(promoBefore);
  });

  it('redirects plain HTTP to HTTPS for a domain set so, but still answers the CA over HTTP', async () => {
    const port = new URL(first.url).port;
    const redirected = await httpGet(Number(port), 'shop.cairn.test', '/click?key=abc&t1=x');
    expect(redirected).toEqual({
      status: 301,
      location: `https://shop.cairn.test:${first.httpsPort}/click?key=abc&t1=x`,
    });
    const challenge = await httpGet(
      Number(port),
      'shop.cairn.test',
      '/.well-known/acme-challenge/unknown-token',
    );
    expect(challenge.status).toBe(404);
    // Turned off for promo: its plain HTTP is served as it comes.
    expect(
      (
        await panel.put(domainPath(TLS_PATHS.domain, 'promo.cairn.test'), {
          https: true,
          redirectHttp: false,
        })
      ).status,
    ).toBe(200);
    expect((await httpGet(Number(port), 'promo.cairn.test', '/api/health')).status).toBe(200);
  });

  it('records a click that arrives over HTTPS', async () => {
    const offer = await kindClient(panel, 'offer').make<{ id: number }>({
      name: 'o',
      url: 'https://offer.example/?c={clickid}',
    });
    const campaign = await kindClient(panel, 'campaign').make<{ key: string }>({
      name: 'over https',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }], rules: [] },
    });
    const click = await httpsGet(first.httpsPort as number, 'shop.cairn.test', `/click?key=${campaign.key}`);
    expect(click.status).toBe(302);
    const clickId = new URL(click.location ?? '').searchParams.get('c') ?? '';
    expect(clickId).not.toBe('');
    // Browsers speak HTTP/2 where the server offers it; the click path answers them the same.
    const overHttp2 = await http2Get(
      first.httpsPort as number,
      'shop.cairn.test',
      `/click?key=${campaign.key}`,
    );
    expect(overHttp2.alpn).toBe('h2');
    expect(overHttp2.status).toBe(302);
    const http2ClickId = new URL(overHttp2.location ?? '').searchParams.get('c') ?? '';
    expect(http2ClickId).not.toBe('');
    await first.tracking.recorder.flushNow();
    for (const id of [clickId, http2ClickId]) {
      const detail = await panel.get(REPORT_PATHS.click.replace(':clickId', id));
      expect(detail.status).toBe(200);
      expect(detail.json<{ click: Record<string, unknown> }>().click.click_id).toBe(id);
    }
    const health = await http2Get(first.httpsPort as number, 'shop.cairn.test', '/api/health');
    expect(health.status).toBe(200);
  });

  it('shows a failed attempt with the reason, and keeps it from being retried at every check', async () => {
    // A node whose ACME directory is not one: every attempt fails before reaching a CA.
    const broken = await startTestCairn({
      configDb: database.url,
      secretKey,
      nodeId: 'https-broken',
      acmeDirectory: `${first.url}/not-acme`,
      privateDestinations: ['127.0.0.0/8'],
    });
    try {
      const id = (await kindClient(panel, 'domain').make<{ id: number }>({ host: 'broken.cairn.test' })).id;
      const viaBroken = new TestBrowser(broken.url);
      expect((await viaBroken.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      expect((await viaBroken.put(TLS_PATHS.domain.replace(':id', String(id)), { https: true })).status).toBe(
        200,
      );
      const attempt = (
        await viaBroken.post(TLS_PATHS.issue.replace(':id', String(id)))
      ).json<TlsIssueResponse>();
      expect(attempt.issued).toBe(false);
      expect(attempt.error).toMatch(/not an ACME directory/);
      expect(attempt.domain).toMatchObject({ state: 'failed', https: true, notAfter: null });
      expect(attempt.domain.lastError).toMatch(/not an ACME directory/);
      const [row] = await broken.store.query<{ last_attempt_at: number }>(
        'SELECT last_attempt_at FROM tls_certificates WHERE host = $1',
        ['broken.cairn.test'],
      );
      // The hourly check leaves a host that failed within the hour alone.
      await broken.tls.renewDue();
      const [again] = await broken.store.query<{ last_attempt_at: number }>(
        'SELECT last_attempt_at FROM tls_certificates WHERE host = $1',
        ['broken.cairn.test'],
      );
      expect(Number(again?.last_attempt_at)).toBe(Number(row?.last_attempt_at));
    } finally {
      await broken.close();
    }
  });

  it('refuses a domain that does not exist, and issuing for one with HTTPS off', async () => {
    expect((await panel.put(TLS_PATHS.domain.replace(':id', '999999'), { https: true })).status).toBe(404);
    const plain = await kindClient(panel, 'domain').make<{ id: number }>({ host: 'plain.cairn.test' });
    const refused = await panel.post(TLS_PATHS.issue.replace(':id', String(plain.id)));
    expect(refused.status).toBe(409);
    expect(
      (await panel.put(TLS_PATHS.domain.replace(':id', String(plain.id)), { https: 'yes' })).status,
    ).toBe(400);
  });
});
