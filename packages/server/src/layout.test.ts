import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../test-support/server.ts';
import type { RunningCairn } from './index.ts';

// The shape the tracking core relies on: the click path is outside the api plugin's hooks, the event
// store cannot hold up the config store, and entity writes are announced once committed.
describe('server layout', () => {
  let cairn: RunningCairn;
  beforeAll(async () => {
    cairn = await startTestCairn();
  });
  afterAll(async () => {
    await cairn.close();
  });

  it('runs none of the api hooks for a tracking path', async () => {
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    const api = await browser.get('/api/mode');
    expect(api.headers.get('cache-control')).toBe('no-store');

    for (const method of ['GET', 'POST'] as const) {
      const response = await fetch(`${cairn.url}/click?key=nothing&auth=x`, {
        method,
        headers: { cookie: browser.cookieHeader() },
        redirect: 'manual',
      });
      // The api plugin would refuse a POST without an XSRF header (403), and it sets or refreshes the
      // anonymous and XSRF cookies on every answer it touches.
      expect(response.status).not.toBe(403);
      expect(response.headers.getSetCookie().join(';')).not.toMatch(/XSRF-TOKEN|cairn_anon/);
      await response.arrayBuffer();
    }
  });

  it('answers a sign-in while a long report query runs on the event store', async () => {
    const order: string[] = [];
    // A deliberately heavy scan on the events file's read connection.
    const report = cairn.events
      .query('SELECT count(*) AS n FROM range(400000000) AS r(i) WHERE i % 7 = 3')
      .then(() => order.push('report'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const browser = new TestBrowser(cairn.url);
    const signIn = await browser.signIn('admin', ADMIN_PASSWORD);
    order.push('sign-in');
    expect(signIn.status).toBe(200);
    await report;
    expect(order).toEqual(['sign-in', 'report']);
  });

  it('announces committed entity writes on the change signal', async () => {
    const seen: string[] = [];
    const unsubscribe = cairn.changes.onChange((kind, id) => seen.push(`${kind}:${id}`));
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    const created = await browser.post('/api/affiliate_network', { name: 'Signal Net' });
    expect(created.status).toBe(201);
    const id = created.json<{ id: number }>().id;
    const refused = await browser.post('/api/affiliate_network', { name: '' });
    expect(refused.status).toBe(400);
    await browser.call('PUT', `/api/affiliate_network/${id}`, { body: { name: 'Signal Net 2' } });
    await browser.post(`/api/affiliate_network/${id}/archive`);
    await browser.call('DELETE', `/api/affiliate_network/${id}`);
    unsubscribe();
    expect(seen).toEqual([
      `affiliate_network:${id}`,
      `affiliate_network:${id}`,
      `affiliate_network:${id}`,
      `affiliate_network:${id}`,
    ]);
  });
});
