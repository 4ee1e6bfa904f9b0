import { API_PATHS, type AuditEntry, DEMO_ACCOUNT, type ListResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

let cairn: RunningCairn;
beforeAll(async () => {
  cairn = await startTestCairn({ mode: 'demo', trustProxy: 1 });
});
afterAll(async () => {
  await cairn.close();
});

const VISITOR_IP = '198.51.100.23';

async function signedIn(login: string, password: string): Promise<TestBrowser> {
  const browser = new TestBrowser(cairn.url);
  const headers = { 'x-forwarded-for': VISITOR_IP };
  await browser.get(API_PATHS.mode, { headers });
  const signIn = await browser.post(API_PATHS.signIn, { login, password }, { headers });
  expect(signIn.status).toBe(200);
  return browser;
}

describe('the audit log in demo mode', () => {
  it("never shows visitors' IPs to the public demo account", async () => {
    const visitor = await signedIn(DEMO_ACCOUNT.login, DEMO_ACCOUNT.password);
    await new TestBrowser(cairn.url).signIn('nobody', 'a wrong guess');
    const seen = await visitor.get('/api/audit_log?action=user_signed_in');
    expect(seen.status).toBe(200);
    const entries = seen.json<ListResponse<AuditEntry>>().items;
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect((entry.details as { ip?: unknown }).ip).toBe('(hidden in the demo)');
    const all = await visitor.get('/api/audit_log?pageSize=500');
    expect(all.text).not.toContain(VISITOR_IP);
    expect(all.text).not.toContain('127.0.0.1');

    // The operator's own admin still sees them.
    const operator = await signedIn('admin', ADMIN_PASSWORD);
    expect((await operator.get('/api/audit_log?action=user_signed_in')).text).toContain(VISITOR_IP);
  });
});
