import { describe, expect, it } from 'vitest';
import { e2eSuite, seedTraffic, waitForTitle } from './support.ts';

// The buyer's daily loop in Chromium on seeded traffic: a list's name opens its report, several rows
// open one report, the numbers sit beside the name at 1440 px, the report names the source's tokens, and
// a country is filtered by its name (resolved when seen, refused with its code when it cannot match).

let campaigns: { id: number; name: string }[] = [];

const e2e = e2eSuite({
  session: true,
  setup: async ({ session }) => {
    const seeded = await seedTraffic(session.page, { clicks: 3000, days: 3, campaigns: 3 });
    campaigns = seeded.campaigns;
    await session.page.setViewportSize({ width: 1440, height: 900 });
  },
});

const first = () => campaigns[0] as { id: number; name: string };

describe("the buyer's daily loop", () => {
  it("opens a campaign's report from its name, with the numbers beside the name at 1440 px", async () => {
    const page = e2e.session.page;
    await page.goto('/panel/campaigns');
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const row = grid.getByRole('row', { name: new RegExp(first().name) });
    await row.waitFor();
    // Edit stays one click away.
    expect(await row.getByRole('link', { name: `Edit ${first().name}` }).getAttribute('href')).toBe(
      `/panel/campaigns/edit/${first().id}`,
    );
    for (const header of ['Clicks', 'Conversions', 'CR', 'Cost', 'Revenue', 'Profit', 'ROI', 'EPC']) {
      const cell = grid.getByRole('columnheader', { name: new RegExp(`^${header}`) }).first();
      const box = await cell.boundingBox();
      expect({ header, inView: box !== null && box.x + box.width <= 1440 }).toEqual({ header, inView: true });
    }
    await row.getByRole('link', { name: first().name, exact: true }).click();
    await waitForTitle(page, 'Report - Cairn');
    expect(new URL(page.url()).pathname).toBe(`/panel/report/campaign/${first().id}`);
    await page.getByRole('heading', { name: `Report: ${first().name}`, level: 1 }).waitFor();
  });

  it('opens one report of the rows chosen', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/campaigns');
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const [a, b] = campaigns as [{ id: number; name: string }, { id: number; name: string }];
    for (const campaign of [a, b]) {
      await grid
        .getByRole('row', { name: new RegExp(campaign.name) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByRole('link', { name: 'Report', exact: true }).click();
    await waitForTitle(page, 'Report - Cairn');
    const ids = new URL(page.url()).pathname.split('/').at(-1)?.split(',').map(Number).sort();
    expect(ids).toEqual([a.id, b.id].sort());
    await page.getByRole('heading', { name: /^Report: / }).waitFor();
  });

  it("names the campaign's source tokens in the grouping and offers only those", async () => {
    const page = e2e.session.page;
    await page.goto(`/panel/report/campaign/${first().id}?period=allTime&tz=UTC`);
    await page.getByRole('heading', { name: `Report: ${first().name}`, level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Level 1' }).click();
    const options = page.getByRole('listbox');
    await options.getByRole('option', { name: 'Zone (t1)' }).waitFor();
    expect(await options.getByRole('option', { name: 'Creative (t2)' }).count()).toBe(1);
    expect(await options.getByRole('option', { name: /^Token \d+$|\(t4\)/ }).count()).toBe(0);
    await options.getByRole('option', { name: 'Zone (t1)' }).click();
    const grid = page.getByRole('treegrid', { name: /^Report by Zone \(t1\)/ });
    // The seed's zones are 1000 to 1199.
    await grid
      .getByRole('gridcell', { name: /^1[01]\d\d$/ })
      .first()
      .waitFor();
  });

  it('filters by a country typed by its name, and refuses one that cannot match with its code', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/trends?period=last7&tz=UTC');
    await waitForTitle(page, 'Trends - Cairn');
    const values = page.getByRole('combobox', { name: 'Values' });
    // Seen in the period: offered by name, and the name typed in full is the code.
    await values.fill('United States');
    await page.getByRole('option', { name: 'United States (US)' }).waitFor();
    await values.press('Enter');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await expect
      .poll(async () => (await page.getByRole('list', { name: 'Filters' }).textContent()) ?? '')
      .toContain('Country: US');
    expect(decodeURIComponent(page.url())).toContain('filter[country]=US');
    // The filter matches traffic: days with clicks, not a silent zero.
    const days = page.getByRole('grid', { name: 'Trends per day' });
    const total = days.getByRole('row', { name: /^Total/ });
    await expect.poll(async () => (await total.textContent()) ?? '').toMatch(/Total[^0-9]*[1-9]/);
    // Seen nowhere: refused, naming the code, rather than a filter that answers zeros.
    await values.fill('Japan');
    await values.press('Enter');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page
      .getByText('“Japan” is not valid here: two-letter country codes such as US (try “JP”)')
      .waitFor();
    // The API refuses the name too, with the same hint.
    const refused = await page.evaluate(async () => {
      const response = await fetch(
        '/api/report?groupBy=offer&preset=all_time&filter[country]=United%20States',
      );
      return { status: response.status, body: await response.text() };
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('try \\"US\\"');
  });
});
