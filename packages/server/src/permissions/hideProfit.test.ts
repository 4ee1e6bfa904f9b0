import { isProfitField } from '@cairn/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { installHideProfitFilter, withoutProfitFields } from './hideProfit.ts';

// No route returns money figures yet (reports come with the click engine), so the filter is shown on a
// Fastify app with a report-shaped route; the real server's part is the flag it reads per request.
const REPORT = {
  items: [
    {
      campaign: 'Summer',
      clicks: 1200,
      leads: 12,
      revenue: 340.5,
      revenueMicros: 340_500_000,
      cost: 120,
      profit: 220.5,
      roi: 183.75,
      epc: 0.28,
      cr: 1,
      breakdown: [{ offer: 'A', profit: 10, clicks: 3, leadsCount: 1 }],
    },
  ],
  totals: { clicks: 1200, profit_micros: 220_500_000, cost: 120 },
  leadership: 'kept: only whole words or camelCase prefixes count',
};

describe('hide-profit filter', () => {
  it('knows the profit fields by name', () => {
    for (const name of [
      'profit',
      'Profit',
      'profitMicros',
      'revenue',
      'revenue_total',
      'roi',
      'ROI',
      'epc',
      'leads',
    ]) {
      expect(isProfitField(name), name).toBe(true);
    }
    for (const name of ['cost', 'clicks', 'cr', 'leadership', 'roiling', 'epcot', 'payoutMicros']) {
      expect(isProfitField(name), name).toBe(false);
    }
  });

  it('leaves profit, revenue, ROI, EPC and leads out at every depth', () => {
    expect(withoutProfitFields(REPORT)).toEqual({
      items: [{ campaign: 'Summer', clicks: 1200, cost: 120, cr: 1, breakdown: [{ offer: 'A', clicks: 3 }] }],
      totals: { clicks: 1200, cost: 120 },
      leadership: REPORT.leadership,
    });
  });

  it('filters every JSON answer for a hide-profit caller and no other', async () => {
    const app = Fastify();
    installHideProfitFilter(app, (request) => request.headers['x-test-hide-profit'] === 'yes');
    app.get('/report', async () => REPORT);
    app.post('/report', async (_request, reply) => reply.code(201).send(REPORT));
    const hidden = await app.inject({
      method: 'GET',
      url: '/report',
      headers: { 'x-test-hide-profit': 'yes' },
    });
    expect(hidden.json()).toEqual(withoutProfitFields(REPORT));
    expect(hidden.body).not.toMatch(/profit|revenue|roi|epc|"leads/i);
    const created = await app.inject({
      method: 'POST',
      url: '/report',
      headers: { 'x-test-hide-profit': 'yes' },
    });
    expect(created.json().items[0]).not.toHaveProperty('profit');
    const shown = await app.inject({ method: 'GET', url: '/report' });
    expect(shown.json()).toEqual(REPORT);
    await app.close();
  });
});

describe('hide-profit on the real server', () => {
  let cairn: RunningCairn;
  let admin: TestBrowser;
  beforeAll(async () => {
    ({ cairn, browser: admin } = await signedInAdmin());
  });
  afterAll(async () => {
    await cairn.close();
  });

  it('is read from the signed-in user on each request', async () => {
    const users = kindClient(admin, 'user');
    const user = await users.make<Record<string, unknown>>({
      login: 'hidden',
      password: 'hidden-password',
      hideProfit: true,
    });
    await users.make({ login: 'shown', password: 'shown-password' });
    const hidden = new TestBrowser(cairn.url);
    await hidden.signIn('hidden', 'hidden-password');
    const shown = new TestBrowser(cairn.url);
    await shown.signIn('shown', 'shown-password');

    // The guard loads the caller afresh on each request, and the filter reads the flag from there.
    expect((await hidden.get(`/api/user/${String(user.id)}/hide_profit`)).json()).toEqual({
      hideProfit: true,
    });
    // A flag change is seen on the next request, without signing in again.
    await users.put(Number(user.id), { ...user, hideProfit: false });
    expect((await hidden.get(`/api/user/${String(user.id)}/hide_profit`)).json()).toEqual({
      hideProfit: false,
    });
    expect((await shown.get('/api/user/role')).status).toBe(200);
  });
});
