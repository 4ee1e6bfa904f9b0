import { API_PATHS, type AuditEntry, type ListResponse } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../test-support/server.ts';
import type { CairnOptions, RunningCairn } from './index.ts';

// The client IP that throttling and the audit log use, with spoofed X-Forwarded-For headers. The test
// connects from 127.0.0.1, which stands for the reverse proxy when one is trusted.

const running: RunningCairn[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
});

/** Signs in sending `forwardedFor` and returns the IP the audit log recorded for that sign-in. */
async function seenIp(options: CairnOptions, forwardedFor: string): Promise<string> {
  const cairn = await startTestCairn(options);
  running.push(cairn);
  const browser = new TestBrowser(cairn.url);
  const headers = { 'x-forwarded-for': forwardedFor };
  await browser.get(API_PATHS.mode, { headers });
  const signIn = await browser.post(
    API_PATHS.signIn,
    { login: 'admin', password: ADMIN_PASSWORD },
    { headers },
  );
  expect(signIn.status).toBe(200);
  const audit = await browser.get('/api/audit_log?action=user_signed_in');
  const entry = audit.json<ListResponse<AuditEntry>>().items[0];
  return String((entry?.details as { ip?: string } | null)?.ip);
}

describe('client IP behind proxies', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    expect(await seenIp({}, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('takes only the address the trusted hops added, not what the client put before it', async () => {
    // A client sends "X-Forwarded-For: 203.0.113.9"; the proxy appends the address it saw.
    expect(await seenIp({ trustProxy: 1 }, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    // `true` is one hop too, not "believe everything".
    expect(await seenIp({ trustProxy: true }, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenIp({ trustProxy: ['127.0.0.1'] }, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenIp({ trustProxy: 2 }, '203.0.113.9, 198.51.100.7, 192.0.2.4')).toBe('198.51.100.7');
  });

  it('keeps a client that rotates spoofed addresses on one IP budget', async () => {
    const cairn = await startTestCairn({ trustProxy: 1, signInMaxFailuresPerIp: 3 });
    running.push(cairn);
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const headers = { 'x-forwarded-for': `203.0.113.${n}, 198.51.100.7` };
      const guess = await browser.post(
        API_PATHS.signIn,
        { login: `guess${n}`, password: 'wrong guess' },
        { headers },
      );
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
