import { type PermissionInput, REPORT_VALUES_PATH, type ReportValuesResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click } from '../../test-support/reports.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The values a dimension took in a period, through the real API: most clicked first, narrowed by q,
// bounded, and only from the campaigns the caller may read.
let cairn: RunningCairn;
let admin: TestBrowser;
let alpha = 0;
const range = 'from=2026-02-20&to=2026-02-20&timezone=UTC';

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  const offerId = (await kindClient(admin, 'offer').make({ name: 'O', url: 'https://o.example/' })).id;
  const flow = { defaultPaths: [{ offers: [{ offerId }] }] };
  alpha = (await kindClient(admin, 'campaign').make({ name: 'Alpha', flow })).id;
  const beta = (await kindClient(admin, 'campaign').make({ name: 'Beta', flow })).id;
  await cairn.events.append([
    click('a1', '2026-02-20T09:00:00Z', { campaignId: alpha, country: 'US', city: 'Boston' }),
    click('a2', '2026-02-20T09:10:00Z', { campaignId: alpha, country: 'US', city: 'Austin' }),
    click('a3', '2026-02-20T09:20:00Z', { campaignId: alpha, country: 'DE', city: 'Berlin' }),
    click('b1', '2026-02-20T10:00:00Z', { campaignId: beta, country: 'FR', city: 'Paris' }),
    // Outside the period: not offered.
    click('a4', '2026-02-22T10:00:00Z', { campaignId: alpha, country: 'JP', city: 'Osaka' }),
  ]);
});
afterAll(async () => {
  await cairn.close();
});

const values = async (browser: TestBrowser, query: string) => {
  const answer = await browser.get(`${REPORT_VALUES_PATH}?${range}&${query}`);
  expect(answer.status).toBe(200);
  return answer.json<ReportValuesResponse>();
};

describe('report values', () => {
  it('lists the values seen in the period, most clicked first, with their names', async () => {
    const countries = await values(admin, 'dimension=country');
    expect(countries.values.map((row) => [row.value, row.clicks])).toEqual([
      ['US', 2],
      ['DE', 1],
      ['FR', 1],
    ]);
    expect(countries.values[0]?.name).toMatch(/United States/);
    expect(countries.more).toBe(false);
  });

  it('narrows by what was typed, in the value or its name, and bounds the answer', async () => {
    expect((await values(admin, 'dimension=country&q=united')).values.map((row) => row.value)).toEqual([
      'US',
    ]);
    expect((await values(admin, 'dimension=city&q=B')).values.map((row) => row.value).sort()).toEqual([
      'Berlin',
      'Boston',
    ]);
    const first = await values(admin, 'dimension=city&limit=1');
    expect(first.values).toHaveLength(1);
    expect(first.more).toBe(true);
    expect(
      (await values(admin, `dimension=city&filter[campaign]=${alpha}`)).values.map((row) => row.value).sort(),
    ).toEqual(['Austin', 'Berlin', 'Boston']);
  });

  it('refuses what it cannot answer, naming the field', async () => {
    expect(errorFields(await admin.get(`${REPORT_VALUES_PATH}?dimension=planet`))).toEqual(['dimension']);
    expect(errorFields(await admin.get(`${REPORT_VALUES_PATH}?dimension=city&limit=500`))).toEqual(['limit']);
    expect((await new TestBrowser(cairn.url).get(`${REPORT_VALUES_PATH}?dimension=city`)).status).toBe(401);
  });

  it('offers a user only the values of the campaigns they read', async () => {
    const only: PermissionInput = { kind: 'campaign', scope: 'items', access: 'read', itemIds: [alpha] };
    await kindClient(admin, 'user').make({
      login: 'values-viewer',
      password: 'Values viewer pass 4417',
      permissions: [only],
    });
    const viewer = new TestBrowser(cairn.url);
    expect((await viewer.signIn('values-viewer', 'Values viewer pass 4417')).status).toBe(200);
    expect((await values(viewer, 'dimension=country')).values.map((row) => row.value)).toEqual(['US', 'DE']);
  });
});
