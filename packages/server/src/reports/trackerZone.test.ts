import {
  type ClickLogResponse,
  REPORT_PATHS,
  type ReportResponse,
  STATS_SETTINGS_PATHS,
} from '@cairn/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { click } from '../../test-support/reports.ts';
import { Clock, type TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// A report asked without a time zone counts its days, hours and presets in the tracker's zone (the
// stats settings), not in UTC; the panel sends the viewer's own zone when they chose one.

let cairn: RunningCairn;
let admin: TestBrowser;

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin({ now: new Clock('2026-04-10T12:00:00Z').now }));
  // 23:30 UTC on 8 April is 9 April in Tokyo; 14:30 UTC on 9 April is 23:30 there.
  await cairn.events.append([
    click('z1', '2026-04-08T23:30:00Z', { campaignId: 1 }),
    click('z2', '2026-04-09T14:30:00Z', { campaignId: 1 }),
    click('z3', '2026-04-09T15:30:00Z', { campaignId: 1 }),
  ]);
});
afterAll(async () => {
  await cairn.close();
});

const days = async (query: string) => {
  const answer = await admin.get(`${REPORT_PATHS.report}?groupBy=day&${query}`);
  expect(answer.status).toBe(200);
  return answer.json<ReportResponse>().rows.map((row) => [row.value, row.metrics.clicks]);
};

it('counts in the tracker zone when the query names none', async () => {
  expect(await days('from=2026-04-08&to=2026-04-10')).toEqual([
    ['2026-04-08', 1],
    ['2026-04-09', 2],
  ]);
  const saved = await admin.call('PUT', STATS_SETTINGS_PATHS.stats, {
    body: { timezone: 'Asia/Tokyo', baseCurrency: 'USD', rates: {} },
  });
  expect(saved.status).toBe(200);
  const tokyo = [
    ['2026-04-09', 2],
    ['2026-04-10', 1],
  ];
  expect(await days('from=2026-04-08&to=2026-04-10')).toEqual(tokyo);
  expect(await days('from=2026-04-08&to=2026-04-10&timezone=Asia%2FTokyo')).toEqual(tokyo);
  // A zone in the query wins over the tracker's.
  expect(await days('from=2026-04-08&to=2026-04-10&timezone=UTC')).toEqual([
    ['2026-04-08', 1],
    ['2026-04-09', 2],
  ]);
  // Presets too: "yesterday" is 9 April in Tokyo (it is 21:00 on 10 April there).
  const yesterday = await admin.get(`${REPORT_PATHS.clicks}?preset=yesterday`);
  expect(yesterday.json<ClickLogResponse>().rows.map((row) => row.click_id)).toEqual(['z2', 'z1']);
});
