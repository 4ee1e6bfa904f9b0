import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { e2eSuite, seedTraffic } from './support.ts';

// A buyer on a phone (390 px) on seeded traffic: the campaigns list and a campaign's report show each
// row's name with the key metrics (profit and ROI by default), the filters open from one button, and the
// page itself never scrolls sideways.

let campaigns: { id: number; name: string }[] = [];

const e2e = e2eSuite({
  session: true,
  setup: async ({ session }) => {
    const seeded = await seedTraffic(session.page, { clicks: 2000, days: 2, campaigns: 2 });
    campaigns = seeded.campaigns;
    await session.page.setViewportSize({ width: 390, height: 844 });
  },
});

const first = () => campaigns[0] as { id: number; name: string };

async function scrollsSideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
  }));
}

async function headersOf(grid: ReturnType<Page['getByRole']>): Promise<string[]> {
  const texts = await grid.getByRole('columnheader').allTextContents();
  return texts.map((text) => text.trim()).filter((text) => text !== '');
}

describe('at 390 px', () => {
  it('lists campaigns by name with profit and ROI, opens the filters from one button, and fits the width', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/campaigns');
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const row = grid.getByRole('row', { name: new RegExp(first().name) });
    await row.waitFor();
    await expect.poll(() => headersOf(grid)).toEqual(['Name', 'Profit', 'ROI']);
    // The name and its two numbers, each in view.
    const cells = row.getByRole('gridcell');
    expect(await cells.count()).toBe(3);
    await expect.poll(() => cells.nth(2).textContent()).toMatch(/%/);
    for (const index of [0, 1, 2]) {
      const box = await cells.nth(index).boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }

    const filters = page.getByRole('button', { name: /^Filters/ });
    const show = page.getByRole('combobox', { name: 'Show', exact: true });
    expect(await show.isVisible()).toBe(false);
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await show.waitFor();
    expect(await page.getByRole('combobox', { name: 'Traffic source', exact: true }).isVisible()).toBe(true);

    const { scrollWidth, innerWidth } = await scrollsSideways(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows a campaign's report rows by name with the key metrics, within the width", async () => {
    const page = e2e.session.page;
    await page.goto(`/panel/report/campaign/${first().id}?period=allTime&tz=UTC`);
    await page.getByRole('heading', { name: `Report: ${first().name}`, level: 1 }).waitFor();
    const grid = page.getByRole('treegrid', { name: /^Report by / });
    await grid.getByRole('row').nth(1).waitFor();
    await expect.poll(async () => (await headersOf(grid)).slice(1)).toEqual(['Profit', 'ROI']);
    const { scrollWidth, innerWidth } = await scrollsSideways(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(await axeViolations(page)).toEqual([]);
  });
});
