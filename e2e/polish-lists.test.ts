import type { BrowserContext, Page } from 'playwright';
import { afterEach, describe, expect, it } from 'vitest';
import { api, type E2e, e2eSuite, signInAt } from './support.ts';

// In Chromium against the real server: lists show the names of what their rows refer to, from the first
// paint after signing in and after moving around inside the panel; dates, times and money read as people
// write them; a name too long for its cell ends in an ellipsis and gives its whole text on hover; and
// at phone width no list, form or edit page scrolls sideways.

interface Created {
  id: number;
  updatedAt: string;
}

const LONG_NAME = 'Autumn push for new subscribers across every placement the source sells, all countries';

const made = { source: 0, otherSource: 0, group: 0, offer: 0, campaign: 0, longCampaign: 0, updatedAt: '' };

function campaignBody(name: string, change: Record<string, unknown> = {}) {
  return {
    name,
    flow: { defaultPaths: [{ offers: [{ offerId: made.offer }] }], rules: [] },
    ...change,
  };
}

async function setup({ session }: E2e): Promise<void> {
  const { page } = session;
  made.source = (await api<Created>(page, 'POST', '/api/traffic_source', { name: 'PushHouse' })).id;
  made.otherSource = (await api<Created>(page, 'POST', '/api/traffic_source', { name: 'PropellerAds' })).id;
  made.group = (await api<Created>(page, 'POST', '/api/group', { name: 'Team A', kind: 'campaign' })).id;
  made.offer = (
    await api<Created>(page, 'POST', '/api/offer', {
      name: 'Summer sweeps',
      url: 'https://offer.example/?sub={clickid}',
    })
  ).id;
  const campaign = await api<Created>(
    page,
    'POST',
    '/api/campaign',
    campaignBody('Sweeps push', {
      trafficSourceId: made.source,
      groupId: made.group,
      costModel: 'cpc',
      costMicros: 12_500,
      currency: 'EUR',
    }),
  );
  made.campaign = campaign.id;
  made.updatedAt = campaign.updatedAt;
  made.longCampaign = (
    await api<Created>(
      page,
      'POST',
      '/api/campaign',
      campaignBody(LONG_NAME, { trafficSourceId: made.source }),
    )
  ).id;
}

const e2e = e2eSuite({ session: true, setup });

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/**
 * A fresh profile (no cookies, no cache) in the given locale and zone, recording from its first paint
 * every text any grid cell has shown, so an id shown for a moment in place of a name is caught.
 */
async function freshProfile(
  options: { locale?: string; timezoneId?: string; colorScheme?: string } = {},
): Promise<Page> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.server.url,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  contexts.push(context);
  await context.addInitScript((scheme) => {
    if (scheme) localStorage.setItem('cairn.colorScheme', scheme);
    const seen = new Set<string>();
    (window as unknown as { cellTexts: Set<string> }).cellTexts = seen;
    new MutationObserver(() => {
      for (const cell of document.querySelectorAll('[role="gridcell"]')) seen.add(cell.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, options.colorScheme);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

async function cellTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { cellTexts: Set<string> }).cellTexts]);
}

/** The ids a reference column would show if its name were missing. */
function idTexts(): string[] {
  return [made.source, made.otherSource, made.group].map((id) => `#${id}`);
}

function row(page: Page, name: string) {
  return page.getByRole('grid', { name: 'Campaigns' }).getByRole('row', { name: new RegExp(name) });
}

async function expectNamesOnly(page: Page): Promise<void> {
  const campaign = row(page, 'Sweeps push');
  await campaign.getByRole('gridcell', { name: 'PushHouse', exact: true }).waitFor();
  await campaign.getByRole('gridcell', { name: 'Team A', exact: true }).waitFor();
  const shown = await cellTexts(page);
  for (const id of idTexts()) expect(shown, `a cell showed ${id}`).not.toContain(id);
}

describe('lists name what their rows refer to', () => {
  it('shows names, never ids, from the first paint after each fresh sign-in', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const page = await freshProfile();
      await signInAt(page);
      await page.waitForURL('**/panel/campaigns');
      await expectNamesOnly(page);
    }
  });

  it('shows names after moving inside the panel, also of a source made meanwhile', async () => {
    const page = await freshProfile();
    await signInAt(page);
    await page.waitForURL('**/panel/campaigns');
    await expectNamesOnly(page);

    // Made by someone else while this list's names are already loaded.
    const late = (await api<Created>(page, 'POST', '/api/traffic_source', { name: 'Zeropark' })).id;
    await api(page, 'POST', '/api/campaign', campaignBody('Late campaign', { trafficSourceId: late }));

    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Traffic sources', exact: true }).click();
    await page
      .getByRole('grid', { name: 'Traffic sources' })
      .getByRole('row', { name: /Zeropark/ })
      .waitFor();
    await sections.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await page.waitForURL('**/panel/campaigns');
    await row(page, 'Late campaign').getByRole('gridcell', { name: 'Zeropark', exact: true }).waitFor();
    await expectNamesOnly(page);
    expect(await cellTexts(page)).not.toContain(`#${late}`);
  });
});

describe('values read as people write them', () => {
  it('writes the last change in the viewer’s zone and locale, and money with its currency symbol', async () => {
    const page = await freshProfile({ locale: 'en-GB', timezoneId: 'Asia/Tokyo' });
    await signInAt(page);
    await page.waitForURL('**/panel/campaigns');
    const campaign = row(page, 'Sweeps push');
    await campaign.getByRole('gridcell', { name: 'CPC €0.0125', exact: true }).waitFor();
    const when = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(Date.parse(made.updatedAt));
    await campaign.getByRole('gridcell', { name: when, exact: true }).waitFor();
    expect(await campaign.textContent()).not.toContain(made.updatedAt);

    // The history names the field as the form does and shows both values as the form would.
    await api(page, 'PUT', `/api/campaign/${made.campaign}`, {
      ...campaignBody('Sweeps push', {
        groupId: made.group,
        costModel: 'cpc',
        currency: 'EUR',
        trafficSourceId: made.otherSource,
        costMicros: 20_000,
      }),
    });
    await page.goto(`/panel/campaigns/edit/${made.campaign}`);
    const entry = page
      .getByRole('region', { name: 'History' })
      .getByRole('row', { name: /Updated/ })
      .first();
    // Referenced entities read as `#id` until their names arrive (a loaded machine can take a while).
    await entry.filter({ hasText: 'PropellerAds' }).waitFor();
    // The arrow is for the eye; screen readers hear "to" instead.
    const text = ((await entry.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Traffic source: PushHouse → to PropellerAds');
    expect(text).toContain('Cost: €0.0125 → to €0.02');
    expect(text).not.toContain('trafficSourceId');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('long text', () => {
  for (const scheme of ['default', 'legacy', 'creative']) {
    it(`ends a long name in an ellipsis inside its cell, with the whole name on hover (${scheme})`, async () => {
      const page = await freshProfile({ colorScheme: scheme });
      await page.setViewportSize({ width: 1366, height: 768 });
      await signInAt(page);
      await page.waitForURL('**/panel/campaigns');
      const cell = row(page, 'Autumn push').getByRole('gridcell', { name: LONG_NAME, exact: true });
      await cell.waitFor();
      const shape = await cell.evaluate((element) => {
        const text = element.querySelector('span') as HTMLElement;
        const box = element.getBoundingClientRect();
        const inner = text.getBoundingClientRect();
        return {
          ellipsis: getComputedStyle(text).textOverflow,
          cut: text.scrollWidth > text.clientWidth,
          inside: inner.right <= box.right + 0.5,
        };
      });
      expect(shape).toEqual({ ellipsis: 'ellipsis', cut: true, inside: true });
      await cell.hover();
      await expect.poll(() => cell.getAttribute('title')).toBe(LONG_NAME);
      // The status pill beside it is not covered.
      const status = row(page, 'Autumn push').getByText('Active', { exact: true });
      const [nameBox, statusBox] = [await cell.boundingBox(), await status.boundingBox()];
      expect(nameBox && statusBox && nameBox.x + nameBox.width <= statusBox.x).toBe(true);
    });
  }
});

describe('at 390 px wide', () => {
  it('stacks the filters full width behind their one button and never scrolls a list, form or edit page sideways', async () => {
    const page = await freshProfile();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page);
    await page.waitForURL('**/panel/campaigns');
    await row(page, 'Sweeps push').waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const widths = await Promise.all(
      ['Show', 'Status', 'Group', 'Traffic source', 'Rotation'].map(async (label) => {
        const box = await page.getByRole('combobox', { name: label, exact: true }).boundingBox();
        return Math.round(box?.width ?? 0);
      }),
    );
    const content = await page.getByRole('main').evaluate((main) => {
      const style = getComputedStyle(main);
      return main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    });
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(Math.floor(content) - 1);

    for (const address of [
      '/panel/campaigns',
      '/panel/campaigns/create',
      `/panel/campaigns/edit/${made.campaign}`,
      '/panel/offers/create',
      `/panel/traffic-sources/edit/${made.source}`,
      '/panel/users/create',
    ]) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (address.startsWith('/panel/campaigns/edit/')) {
        await page.getByRole('region', { name: 'History' }).getByRole('row').first().waitFor();
      }
      if (address === '/panel/users/create') await page.getByRole('table', { name: 'Permissions' }).waitFor();
      const sideways = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(sideways.scrollWidth, address).toBeLessThanOrEqual(sideways.clientWidth);
    }
  });
});
