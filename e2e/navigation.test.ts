import { describe, expect, it } from 'vitest';
import { e2eSuite, panelAddress, waitForTitle } from './support.ts';

const e2e = e2eSuite({ session: true });

describe('addresses', () => {
  it('moves an address outside /panel/ into the panel, keeping query and hash', async () => {
    const { page } = e2e.session;
    // The real server hands a browser the panel for page addresses outside /panel/; the panel then
    // moves the address, the only side that knows the fragment.
    await page.goto('/campaigns?filter[name]=summer&ids[]=1#totals');
    await page.waitForURL('**/panel/campaigns**');
    expect(panelAddress(page)).toBe('/panel/campaigns?filter[name]=summer&ids[]=1#totals');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  });

  it('redirects / to the campaigns list', async () => {
    const { page } = e2e.session;
    await page.goto('/');
    await waitForTitle(page, 'Campaigns - Cairn');
    expect(new URL(page.url()).pathname).toBe('/panel/');
  });

  it('sends an unknown path to /panel/404', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/no/such/page');
    await page.waitForURL('**/panel/404');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    await waitForTitle(page, 'Not found - Cairn');
  });

  it('refuses a non-numeric id as an unknown path', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers/edit/abc');
    await page.waitForURL('**/panel/404');
  });

  it.each([
    ['/panel/campaigns', 'Campaigns - Cairn'],
    ['/panel/landings', 'Landers - Cairn'],
    ['/panel/affiliate-networks', 'Aff. networks - Cairn'],
    ['/panel/offers/create', 'New offer - Cairn'],
    ['/panel/campaigns/clone/4', 'Clone campaign - Cairn'],
    ['/panel/offers/edit/mass/1,2,3', 'Mass edit - Offers - Cairn'],
    ['/panel/report/campaign/1,2', 'Report - Cairn'],
    ['/panel/settings/ui', 'Interface - Settings - Cairn'],
    ['/panel/monitor/developer/messages', 'Messages - Monitor for developers - Cairn'],
  ])('titles %s "%s"', async (address, title) => {
    const { page } = e2e.session;
    await page.goto(address);
    await waitForTitle(page, title);
    expect(panelAddress(page)).toBe(address);
  });

  it('redirects /settings to tracking-links and /monitor/developer to build-info', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/settings');
    await page.waitForURL('**/panel/settings/tracking-links');
    await waitForTitle(page, 'Tracking links - Settings - Cairn');
    await page.goto('/panel/monitor/developer');
    await page.waitForURL('**/panel/monitor/developer/build-info');
    await page.getByText('Panel version').waitFor();
  });

  it('goes back to campaigns from /update when no update is available', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/update');
    await page.waitForURL('**/panel/campaigns');
  });

  it('shows the progress bar while a slow navigation waits for the guard', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/campaigns');
    await waitForTitle(page, 'Campaigns - Cairn');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/role', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Offers' }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading page' });
    await bar.waitFor();
    release();
    await waitForTitle(page, 'Offers - Cairn');
    await bar.waitFor({ state: 'detached' });
    await page.unroute('**/api/user/role');
  });

  it('navigates with the tabs and the menu without reloading the page', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/campaigns');
    await waitForTitle(page, 'Campaigns - Cairn');
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Traffic sources' })
      .click();
    await waitForTitle(page, 'Traffic sources - Cairn');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Rollback' }).click();
    await waitForTitle(page, 'Rollback - Cairn');
    await expect(page.evaluate(() => (window as unknown as { marker?: string }).marker)).resolves.toBe(
      'same document',
    );
    expect(e2e.session.errors).toEqual([]);
  });
});
