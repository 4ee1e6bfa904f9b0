import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, signInAt, waitForTitle } from './support.ts';

// The click engine's panel pages against the real server: the tracking links, the live monitor and the
// developer monitor's clicker on a campaign made through the API.

const e2e = e2eSuite({ session: true });

/** A ui Card by its title: the section whose own header holds that h3 (not a section around it). */
function card(page: Page, title: string) {
  return page.locator(`section:has(> header h3:text-is(${JSON.stringify(title)}))`);
}

describe('click engine pages', () => {
  it('lists the tracking links of the server it runs on', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/settings');
    await page.waitForURL('**/panel/settings/tracking-links');
    await waitForTitle(page, 'Tracking links - Settings - Cairn');
    const host = new URL(e2e.server.url).host;
    const region = page.getByRole('region', { name: `Tracking links for ${host}` });
    await expect
      .poll(() => region.getByLabel(`Click URL on ${host}`, { exact: true }).inputValue())
      .toBe(`${e2e.server.url}/click?key={campaign_key}`);
    expect(await region.getByLabel(`Postback URL on ${host}`, { exact: true }).inputValue()).toContain(
      `${e2e.server.url}/postback?clickid={clickid}`,
    );
    expect(await region.getByRole('button', { name: 'Copy' }).count()).toBe(4);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('shows the live monitor', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/monitor');
    await waitForTitle(page, 'Monitor - Cairn');
    await page.getByRole('heading', { name: 'Clicks per minute' }).waitFor();
    // ui's Chart draws the minutes as bars on a canvas and marks the picture once it is drawn.
    const chart = page.getByRole('img', { name: /^Clicks per minute\./ });
    await expect.poll(() => chart.getAttribute('data-state')).toBe('drawn');
    expect(await chart.locator('canvas').count()).toBe(1);
    // The same minutes as a table, folded away under the chart.
    expect(await card(page, 'Clicks per minute').locator('tbody tr').count()).toBe(60);
    const databases = card(page, 'Enrichment databases');
    await databases.getByRole('row', { name: /city-ipv4/ }).waitFor();
    await page.getByRole('row', { name: /Journal flusher/ }).waitFor();
    await page.getByRole('row', { name: /Report summary .*quarter hours read raw/ }).waitFor();
    // The embedded setup is one node: this one, from its own heartbeat.
    const nodes = card(page, 'Nodes');
    await nodes.getByText('(this node)').waitFor();
    expect(await nodes.getByRole('row').count()).toBe(2);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('routes a test click through a real campaign to its offer', async () => {
    const page = e2e.session.page;
    const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
      name: 'E2E clicker offer',
      url: 'https://offer.example/land?c={clickid}',
    });
    await api(page, 'POST', '/api/campaign', {
      name: 'E2E clicker campaign',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    await page.goto('/panel/monitor/developer/clicker');
    await waitForTitle(page, 'Clicker - Monitor for developers - Cairn');
    await page.getByText('Test clicks are not recorded').waitFor();
    await page.getByRole('combobox', { name: 'Campaign', exact: true }).click();
    await page.getByRole('option', { name: 'E2E clicker campaign' }).click();
    await page.getByRole('button', { name: 'iPhone Safari' }).click();
    await page.getByRole('button', { name: 'Send test click' }).click();

    const decision = card(page, 'Decision');
    await decision.getByText(`E2E clicker offer (#${offer.id})`).waitFor();
    expect(await decision.getByText('Routed', { exact: true }).count()).toBe(1);
    expect(await decision.getByLabel('Final URL').inputValue()).toMatch(
      /^https:\/\/offer\.example\/land\?c=[0-9a-z]+$/,
    );
    const facts = card(page, 'Enriched facts');
    expect(await facts.getByRole('row', { name: /^OS (?!version)/ }).textContent()).toContain('iOS');
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('keeps the monitor pages readable in the dark theme', async () => {
    const { page } = await e2e.open({ colorScheme: 'dark' });
    await signInAt(page);
    await page.waitForURL('**/panel/campaigns');
    for (const [path, ready] of [
      ['/panel/monitor', 'Clicks per minute'],
      ['/panel/monitor/developer/build-info', 'IP Geolocation by DB-IP'],
      ['/panel/monitor/developer/seed', 'Traffic to write'],
      ['/panel/settings/tracking-links', 'Default'],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready, { exact: true }).first().waitFor();
      expect({ path, violations: await axeViolations(page, 'main') }).toEqual({ path, violations: [] });
    }
  });
});
