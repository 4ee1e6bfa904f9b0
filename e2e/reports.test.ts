import fs from 'node:fs';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, seedTraffic, waitForTitle } from './support.ts';

// The reports against the real server on seeded traffic: a campaign's report grouped two levels deep with
// a row opened and exported (the server's CSV of every row), the worst of 500 sites found by a server
// sort (issue 53), the trends chart, the click log scrolled through 100,000 clicks, and axe over every
// new page.

const CLICKS = 100_000;
let campaign = { id: 0, name: '' };

const e2e = e2eSuite({
  session: true,
  setup: async ({ session }) => {
    const seeded = await seedTraffic(session.page, { clicks: CLICKS, days: 7, campaigns: 3 });
    expect(seeded.clicks).toBe(CLICKS);
    campaign = seeded.campaigns[0] as { id: number; name: string };
  },
});

interface Row {
  value: string;
  name: string;
  metrics: { profit: number };
}

async function noViolations(page: Page, what: string): Promise<void> {
  expect({ what, violations: await axeViolations(page, 'main') }).toEqual({ what, violations: [] });
}

describe('reports', () => {
  it("groups a campaign's report by offer and country, opens a row and exports every row", async () => {
    const page = e2e.session.page;
    await page.goto(`/panel/report/campaign/${campaign.id}?period=allTime&tz=UTC`);
    await waitForTitle(page, 'Report - Cairn');
    await page.getByRole('heading', { name: `Report: ${campaign.name}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Offer > Country' }).click();
    const grid = page.getByRole('treegrid', { name: 'Report by Offer > Country' });
    const first = grid.locator('[role="row"][aria-level="1"]').first();
    await first.waitFor();
    const offerName = (await first.getByRole('link').first().textContent()) ?? '';
    expect(offerName).toMatch(/^Seed offer /);
    await first.getByRole('button', { name: /expand/i }).click();
    await expect.poll(() => grid.locator('[role="row"][aria-level="2"]').count()).toBeGreaterThan(0);
    const country =
      (await grid.locator('[role="row"][aria-level="2"]').first().getByRole('link').first().textContent()) ??
      '';
    await noViolations(page, 'report');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await (await download).path();
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\ufeff/, '')
      .replace(/\r\n$/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^Offer,Country,Clicks,/);
    expect(lines[1]?.startsWith(`${offerName},,`)).toBe(true);
    expect(lines[2]?.startsWith(`${offerName},${country},`)).toBe(true);
    expect(lines.at(-1)).toMatch(/^Total,,\d+,/);
    // The first level's rows (all of them: the export cuts none) add up to the total of the campaign.
    const clicksOf = (line: string) => Number(line.split(',')[2]);
    const top = lines.slice(1, -1).filter((line) => /^[^,]+,,/.test(line));
    expect(top.reduce((sum, line) => sum + clicksOf(line), 0)).toBe(clicksOf(lines.at(-1) ?? ''));
  });

  it('finds the worst of 500 sites by profit with a server sort, and loads them all', async () => {
    const page = e2e.session.page;
    const everything = await api<{ rows: Row[]; total: number }>(
      page,
      'GET',
      `/api/report?groupBy=token_3&filter[campaign]=${campaign.id}&preset=all_time&timezone=UTC&pageSize=100000`,
    );
    expect(everything.total).toBeGreaterThan(200);
    // The server's order: profit ascending, ties by the value.
    const [worst] = [...everything.rows].sort(
      (a, b) => a.metrics.profit - b.metrics.profit || (a.value < b.value ? -1 : 1),
    );
    const count = everything.total.toLocaleString('en-US');
    await page.goto(`/panel/report/campaign/${campaign.id}?group=token_3&period=allTime&tz=UTC`);
    await waitForTitle(page, 'Report - Cairn');
    await page.getByText(`Showing 100 of ${count}`).waitFor();
    // Named by the source's own token name when it has one ("Site (t3)"), "Token 3" when not.
    const grid = page.getByRole('treegrid', { name: /^Report by (Token 3|.* \(t3\))$/ });
    const profit = grid.getByRole('columnheader', { name: /^Profit/ });
    for (let click = 0; click < 3 && (await profit.getAttribute('aria-sort')) !== 'ascending'; click++) {
      const before = await profit.getAttribute('aria-sort');
      await profit.getByRole('button').first().click();
      await expect.poll(() => profit.getAttribute('aria-sort')).not.toBe(before);
    }
    expect(await profit.getAttribute('aria-sort')).toBe('ascending');
    const firstName = () =>
      grid.locator('[role="row"][aria-level="1"]').first().getByRole('link').first().textContent();
    await expect.poll(firstName).toBe(worst?.name);
    await page.getByRole('button', { name: 'Load all' }).click();
    await page.getByText(`Showing ${count} of ${count}`).waitFor();
    expect(await firstName()).toBe(worst?.name);
    await noViolations(page, 'report sorted by profit');
  });

  it('lists the leads of the campaign', async () => {
    const page = e2e.session.page;
    await page.goto(`/panel/report/leads/campaign/${campaign.id}?period=allTime&tz=UTC`);
    await waitForTitle(page, 'Leads report - Cairn');
    await page
      .getByRole('grid', { name: `Leads of ${campaign.name}` })
      .locator('[role="row"]')
      .nth(1)
      .waitFor();
    await noViolations(page, 'leads report');
  });

  // A zone west of UTC moves every bucket by a negative offset, which the embedded store's SQL once refused.
  it.each(['UTC', 'America/New_York'])(
    'draws the trends chart of the campaign against the period before, in %s',
    async (zone) => {
      const page = e2e.session.page;
      await page.goto(`/panel/trends?period=last7&tz=${zone}&filter[campaign]=${campaign.id}`);
      await waitForTitle(page, 'Trends - Cairn');
      const chart = page.getByRole('img', { name: /^Clicks per day, .*: [1-9][\d,]* in total, against/ });
      await chart.and(page.locator('[data-state="drawn"]')).waitFor();
      expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
      expect(
        await page.getByRole('grid', { name: 'Trends per day' }).locator('[role="row"]').count(),
      ).toBeGreaterThan(2);
      await noViolations(page, 'trends');
    },
  );

  it('scrolls the click log through all 100,000 clicks, newest first, a page at a time', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/clicklog?period=allTime&tz=UTC');
    await waitForTitle(page, 'Click log - Cairn');
    const grid = page.getByRole('grid', { name: 'Click log' });
    await grid.locator('[role="row"]').nth(2).waitFor();
    await noViolations(page, 'click log');
    // Click ids begin with their time: newest first is descending ids.
    const ids = await grid
      .locator('[role="row"]')
      .evaluateAll((rows) =>
        rows.slice(1, 4).map((row) => row.querySelectorAll('[role="gridcell"]')[1]?.textContent ?? ''),
      );
    expect([...ids].sort().reverse()).toEqual(ids);
    const status = page.getByRole('navigation', { name: 'More clicks' });
    for (let step = 0; step < 1000; step++) {
      if (((await status.textContent()) ?? '').includes(`All ${CLICKS.toLocaleString('en-US')} rows`)) break;
      // To the end of what is loaded: the next page is asked for as the end comes near.
      await grid.evaluate((element) => {
        const scroller = element.parentElement as HTMLElement;
        scroller.scrollTop = scroller.scrollHeight;
      });
      await page.waitForTimeout(50);
    }
    expect(await status.textContent()).toContain(`All ${CLICKS.toLocaleString('en-US')} rows`);
    // Only the rows in view are in the page, however many are loaded.
    expect(await grid.locator('[role="row"]').count()).toBeLessThan(100);
  }, 300_000);

  it('shows the campaigns with their numbers, and the stats and columns settings, without axe findings', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/campaigns');
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('columnheader', { name: /^Clicks/ }).waitFor();
    await grid.getByRole('row', { name: new RegExp(campaign.name) }).waitFor();
    // The totals row comes with the numbers.
    await grid.getByRole('row', { name: /^Total/ }).waitFor();
    await noViolations(page, 'campaigns with numbers');
    for (const [path, title] of [
      ['/panel/settings/stats', 'Stats - Settings - Cairn'],
      ['/panel/settings/columns', 'Columns - Settings - Cairn'],
    ] as const) {
      await page.goto(path);
      await waitForTitle(page, title);
      await page.getByRole('button', { name: 'Save' }).first().waitFor();
      await noViolations(page, path);
    }
  });
});
