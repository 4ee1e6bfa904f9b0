import net from 'node:net';
import { API_PATHS, DEMO_ACCOUNT, entityPath, MESSAGES, TRACKING_API_PATHS } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

const running: RunningCairn[] = [];
async function start(options: Parameters<typeof startTestCairn>[0] = {}): Promise<RunningCairn> {
  const cairn = await startTestCairn(options);
  running.push(cairn);
  return cairn;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
});

/** Sends one raw HTTP/1.1 request (fetch would normalise the target) and returns the status and body. */
function rawRequest(url: string, head: string, body: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk.toString();
    });
    socket.on('end', () => {
      const [, status = '0'] = /^HTTP\/1\.1 (\d{3})/.exec(response) ?? [];
      resolve({ status: Number(status), body: response.slice(response.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    socket.end(
      `${head}\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

describe('path normalisation', () => {
  it('guards an encoded or absolute-form target like the plain path: no token, 403', async () => {
    const cairn = await start();
    const body = JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD });
    const encoded = await rawRequest(cairn.url, 'POST /%61pi/user/sign_in HTTP/1.1', body);
    expect(encoded.status).toBe(403);
    expect(JSON.parse(encoded.body)).toEqual({ message: MESSAGES.csrf });
    const absolute = await rawRequest(cairn.url, `POST ${cairn.url}/api/user/sign_in HTTP/1.1`, body);
    expect(absolute.status).toBe(403);
    const both = await rawRequest(cairn.url, `POST ${cairn.url}/%61pi/user/%73ign_in HTTP/1.1`, body);
    expect(both.status).toBe(403);
  });

  it('refuses an encoded data-changing call in demo mode with 410', async () => {
    const cairn = await start({ mode: 'demo' });
    const browser = new TestBrowser(cairn.url);
    expect((await browser.signIn(DEMO_ACCOUNT.login, DEMO_ACCOUNT.password)).status).toBe(200);
    const offer = { name: 'demo offer', url: 'https://offer.example/' };
    expect((await browser.post('/%61pi/offer', offer)).status).toBe(410);
    expect((await browser.post('/api/%6Fffer', offer)).status).toBe(410);
    expect(
      (await browser.post(`/api/user/%70assword`, { currentPassword: 'x', newPassword: 'y' })).status,
    ).toBe(410);
    expect((await browser.get('/%61pi/offer')).json()).toMatchObject({ total: 0 });
    // Getting in and out still works.
    expect((await browser.post('/api/user/%6cogout')).status).toBe(200);
  });
});

describe('auth secret links', () => {
  it('open entity reads only; admin routes refuse the secret with 401', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    const offer = (
      await browser.post(entityPath.list('offer'), { name: 'linked', url: 'https://offer.example/' })
    ).json<{ id: number }>();
    const { secret } = (await browser.get(API_PATHS.authSecret)).json<{ secret: string }>();
    const adminId = (await browser.get(API_PATHS.role)).json<{ id: string }>().id;
    const link = new TestBrowser(cairn.url);
    const withSecret = (path: string) => link.get(`${path}${path.includes('?') ? '&' : '?'}auth=${secret}`);

    expect((await withSecret(entityPath.list('offer'))).status).toBe(200);
    expect((await withSecret(entityPath.item('offer', offer.id))).json()).toMatchObject({ name: 'linked' });
    expect((await withSecret(entityPath.list('campaign'))).status).toBe(200);
    expect((await withSecret(API_PATHS.role)).status).toBe(200);

    const refused = [
      entityPath.list('user'),
      entityPath.item('user', adminId),
      entityPath.auditLog,
      API_PATHS.backups,
      API_PATHS.license,
      API_PATHS.authSecret,
      API_PATHS.twoFactor,
      API_PATHS.updatesCheck,
      TRACKING_API_PATHS.monitor,
      TRACKING_API_PATHS.trackingLinks,
    ];
    for (const path of refused) {
      const result = await withSecret(path);
      expect(result.status, path).toBe(401);
      expect(result.json<{ message: string }>().message).toContain('AUTHENTICATION_ERROR');
    }
    // A session still reaches them, of course.
    expect((await browser.get(API_PATHS.backups)).status).toBe(200);
  });
});
