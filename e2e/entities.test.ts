import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { e2eSuite, waitForTitle } from './support.ts';

// In Chromium against the real server: the generic list, form and mass-edit pages for offers,
// landers, affiliate networks, traffic sources and groups. The steps build on each other, in order.

const e2e = e2eSuite({ session: true });

/** Picks an option of a ui Select (Radix) found by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A text box by its accessible name (labels carry a hidden required mark, so getByLabel misses them). */
function textbox(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** Saves a create form and waits for the new item's edit page; returns its id. */
async function createAndWait(page: Page, button: string, listPath: string): Promise<number> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(new RegExp(`/panel${listPath}/edit/\\d+$`));
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
}

type Offer = {
  id: number;
  name: string;
  groupId: number | null;
  affiliateNetworkId: number | null;
  payoutMicros: number;
};

describe('entity management', () => {
  it('creates a traffic source from a template', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/traffic-sources/create');
    await waitForTitle(page, 'New traffic source - Cairn');
    // The picker open on its list of templates, as a buyer searches it: axe finds nothing.
    await page.getByRole('combobox', { name: 'Start from template', exact: true }).click();
    await page.getByRole('option', { name: 'PropellerAds', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('option', { name: 'PropellerAds', exact: true }).click();
    await expect.poll(() => textbox(page, 'Name').inputValue()).toBe('PropellerAds');
    // The template brings its tokens: the editor shows one row per token.
    expect(await textbox(page, 'Token 1 parameter').inputValue()).not.toBe('');
    const id = await createAndWait(page, 'Create traffic source', '/traffic-sources');
    const source = await apiGet<{ templateId: string | null; tokens: unknown[]; postbackUrl: string | null }>(
      page,
      `/api/traffic_source/${id}`,
    );
    expect(source.templateId).not.toBeNull();
    expect(source.tokens.length).toBeGreaterThan(0);
    await textbox(page, 'Campaign URL parameters').waitFor();
  });

  it('creates an affiliate network and shows the postback URL to hand it', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/affiliate-networks/create');
    await page.getByRole('combobox', { name: 'Start from template', exact: true }).click();
    await page.getByRole('option').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await textbox(page, 'Name').fill('MaxBounty');
    await textbox(page, 'Offer URL parameters').fill('sub={clickid}');
    await textbox(page, 'Payout').fill('{payout}');
    await createAndWait(page, 'Create affiliate network', '/affiliate-networks');
    const postback = await textbox(page, 'Postback URL').inputValue();
    expect(postback).toContain('/postback?');
    expect(postback).toContain('{payout}');
  });

  it('creates an offer group for the offers', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/groups/create');
    await textbox(page, 'Name').fill('Sweepstakes');
    await createAndWait(page, 'Create group', '/groups');
  });

  it('shows a validation error at its field, from the contract and from the server', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers/create');
    await textbox(page, 'Name').fill('Broken offer');
    await textbox(page, 'URL').fill('https://offer.example/?sub={clikid}');
    await page.getByRole('button', { name: 'Create offer', exact: true }).click();
    const url = textbox(page, 'URL');
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await url.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent();
    expect(message).toContain('Unknown macro {clikid}');
    expect(new URL(page.url()).pathname).toBe('/panel/offers/create');

    // A taken host is only known to the server (409 with detail.field): it lands at the Host field too.
    await page.goto('/panel/domains/create');
    await textbox(page, 'Host').fill('track.example.com');
    await createAndWait(page, 'Create domain', '/domains');
    await page.goto('/panel/domains/create');
    await textbox(page, 'Host').fill('track.example.com');
    await page.getByRole('button', { name: 'Create domain', exact: true }).click();
    const host = textbox(page, 'Host');
    await expect.poll(() => host.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('This domain is already added').first().waitFor();
  });

  it('creates two offers, with payout, network and group', async () => {
    const { page } = e2e.session;
    for (const [name, payout] of [
      ['Summer sweeps US', '2.5'],
      ['Winter sweeps DE', '1.25'],
    ] as const) {
      await page.goto('/panel/offers/create');
      await textbox(page, 'Name').fill(name);
      await textbox(page, 'URL').fill('https://offer.example/?sub={clickid}&geo={country_code}');
      await choose(page, 'Affiliate network', 'MaxBounty');
      await textbox(page, 'Payout').fill(payout);
      const id = await createAndWait(page, 'Create offer', '/offers');
      const offer = await apiGet<Offer>(page, `/api/offer/${id}`);
      expect(offer.name).toBe(name);
      expect(offer.payoutMicros).toBe(Math.round(Number(payout) * 1_000_000));
      expect(offer.affiliateNetworkId).not.toBeNull();
    }
  });

  it('clones an offer into a new one named "Copy of ..."', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers');
    await page.getByRole('link', { name: 'Clone Summer sweeps US' }).click();
    await page.waitForURL(/\/panel\/offers\/clone\/\d+$/);
    expect(await textbox(page, 'Name').inputValue()).toBe('Copy of Summer sweeps US');
    expect(await textbox(page, 'Payout').inputValue()).toBe('2.5');
    const id = await createAndWait(page, 'Create offer', '/offers');
    const clone = await apiGet<Offer>(page, `/api/offer/${id}`);
    expect(clone).toMatchObject({ name: 'Copy of Summer sweeps US', payoutMicros: 2_500_000 });
  });

  it('mass-edits the group of three offers', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers');
    const grid = page.getByRole('grid', { name: 'Offers' });
    await grid.getByRole('link', { name: 'Copy of Summer sweeps US', exact: true }).waitFor();
    await grid.getByLabel('Select all rows').click();
    await page.getByRole('button', { name: 'Mass edit', exact: true }).click();
    await page.waitForURL(/\/panel\/offers\/edit\/mass\/\d+,\d+,\d+$/);
    await waitForTitle(page, 'Mass edit - Offers - Cairn');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('3 offers selected').waitFor();
    await dialog.getByLabel('Change Group').click();
    await choose(page, 'Group', 'Sweepstakes');
    await dialog.getByRole('button', { name: 'Save 3 offers' }).click();
    await page.waitForURL(/\/panel\/offers$/);
    const { items, total } = await apiGet<{ items: Offer[]; total: number }>(page, '/api/offer');
    expect(total).toBe(3);
    const groups = await apiGet<{ items: { id: number; name: string }[] }>(page, '/api/group');
    const sweepstakes = groups.items.find((group) => group.name === 'Sweepstakes')?.id;
    expect(items.map((offer) => offer.groupId)).toEqual([sweepstakes, sweepstakes, sweepstakes]);
    // Mass edit changed only the group: payouts stay as they were.
    expect(items.map((offer) => offer.payoutMicros).sort()).toEqual([1_250_000, 2_500_000, 2_500_000]);
    await expect.poll(() => grid.getByRole('gridcell', { name: 'Sweepstakes' }).count()).toBe(3);
  });

  it('searches and filters the list on the server, keeping both in the address', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers');
    const grid = page.getByRole('grid', { name: 'Offers' });
    await choose(page, 'Group', 'No group');
    await grid.getByText('No offers here').waitFor();
    await choose(page, 'Group', 'Sweepstakes');
    await grid.getByRole('link', { name: 'Winter sweeps DE', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('winter');
    await grid.getByRole('link', { name: 'Summer sweeps US', exact: true }).waitFor({ state: 'detached' });
    expect(await grid.getByRole('link', { name: 'Winter sweeps DE', exact: true }).count()).toBe(1);
    expect(decodeURIComponent(new URL(page.url()).search)).toMatch(/q=winter/);
    // A reload (or a shared link) shows the same list.
    await page.reload();
    await grid.getByRole('link', { name: 'Winter sweeps DE', exact: true }).waitFor();
    expect(await grid.getByRole('link', { name: 'Summer sweeps US', exact: true }).count()).toBe(0);
  });

  it('creates a lander and shows its click-through URL', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/landings/create');
    await waitForTitle(page, 'New lander - Cairn');
    await textbox(page, 'Name').fill('Quiz lander');
    await textbox(page, 'URL').fill('https://lander.example/quiz');
    await createAndWait(page, 'Create lander', '/landings');
    const clickThrough = await textbox(page, 'Click-through URL').inputValue();
    expect(clickThrough).toBe(`${e2e.server.url}/click?lp=1`);
  });

  it('archives and restores an offer from the list', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers');
    const grid = page.getByRole('grid', { name: 'Offers' });
    const row = grid.getByRole('row').filter({ hasText: 'Winter sweeps DE' });
    await row.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive', exact: true }).click();
    await grid.getByRole('link', { name: 'Winter sweeps DE', exact: true }).waitFor({ state: 'detached' });

    await choose(page, 'Show', 'Archived');
    const archivedRow = grid.getByRole('row').filter({ hasText: 'Winter sweeps DE' });
    await archivedRow.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore', exact: true }).click();
    await archivedRow.waitFor({ state: 'detached' });
    await choose(page, 'Show', 'Active');
    await grid.getByRole('link', { name: 'Winter sweeps DE', exact: true }).waitFor();
    expect(e2e.session.errors).toEqual([]);
  });
  it('keeps column settings per kind across a reload', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers');
    const offers = page.getByRole('grid', { name: 'Offers' });
    await offers.getByRole('columnheader', { name: 'Name' }).waitFor();
    // The URL is left out at first, so the list fits its page; a user who wants it shows it.
    expect(await offers.getByRole('columnheader', { name: 'URL' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page
      .getByRole('dialog', { name: 'Column settings' })
      .getByRole('checkbox', { name: 'URL' })
      .check();
    await page.keyboard.press('Escape');
    await offers.getByRole('columnheader', { name: 'URL' }).waitFor();
    await page.reload();
    await offers.getByRole('columnheader', { name: 'URL' }).waitFor();
    // Landers keep their own settings.
    await page.goto('/panel/landings');
    const landers = page.getByRole('grid', { name: 'Landers' });
    await landers.getByRole('columnheader', { name: 'Name' }).waitFor();
    expect(await landers.getByRole('columnheader', { name: 'URL' }).count()).toBe(0);
  });

  it('imports offers in bulk and reports each refused line', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/offers');
    await page.getByRole('button', { name: 'Import offers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import offers' });
    await textbox(page, 'Offers').fill(
      [
        'Imported sweeps;https://import.example/?s={clickid};no;1.5;USD;no;US;Sweepstakes;MaxBounty',
        'Broken line;ftp://import.example/;no',
      ].join('\n'),
    );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('1 offer created').waitFor();
    expect(await dialog.getByRole('list', { name: 'Refused lines' }).textContent()).toMatch(/^Line 2: /);
    // Only the refused line stays in the box, ready to be fixed and sent again.
    expect(await textbox(page, 'Offers').inputValue()).toBe('Broken line;ftp://import.example/;no');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page
      .getByRole('grid', { name: 'Offers' })
      .getByRole('link', { name: 'Imported sweeps', exact: true })
      .waitFor();
  });

  it('refuses to delete a network its offers still use, with the reason', async () => {
    const { page } = e2e.session;
    const networks = await apiGet<{ items: { id: number; name: string }[] }>(page, '/api/affiliate_network');
    const id = networks.items.find((network) => network.name === 'MaxBounty')?.id;
    await page.goto(`/panel/affiliate-networks/edit/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('alert').getByText('is still used by', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe(`/panel/affiliate-networks/edit/${id}`);
    expect(e2e.session.errors).toEqual([]);
  });
});
