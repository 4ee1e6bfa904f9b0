import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api, type E2e, e2eSuite, waitForTitle } from './support.ts';

// In Chromium against the real server: a campaign built in the flow editor, its URL copied, then
// moved onto a shared rotation; a plain user limited to one campaign group sees only that group. The
// steps build on each other, in order.

interface FlowPath {
  weight: number;
  offers: { offerId: number; weight: number }[];
}
interface Campaign {
  id: number;
  name: string;
  url: string;
  rotationId: number | null;
  flow: {
    defaultPaths: FlowPath[];
    rules: { criteria: { type: string; values: string[] }[]; paths: FlowPath[] }[];
  } | null;
  effectiveFlow: { defaultPaths: FlowPath[] } | null;
}

/** Picks an option of a ui Select (Radix) found by its accessible name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a ui Combobox (multi-select) and takes the first match with Enter. */
async function pick(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .waitFor();
  await box.press('Enter');
  await box.press('Escape');
}

const ids: {
  offerA: number;
  offerB: number;
  source: number;
  teamA: number;
  teamB: number;
  rotation: number;
} = {
  offerA: 0,
  offerB: 0,
  source: 0,
  teamA: 0,
  teamB: 0,
  rotation: 0,
};
let campaignId = 0;

async function setup({ server, session }: E2e): Promise<void> {
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const { page } = e2e.session;

  // What a campaign refers to, made through the API: entities.test.ts covers these forms in the browser.
  type Created = { id: number };
  const offer = (name: string) =>
    api<Created>(page, 'POST', '/api/offer', { name, url: 'https://offer.example/?sub={clickid}' });
  ids.offerA = (await offer('Summer sweeps')).id;
  ids.offerB = (await offer('Winter sweeps')).id;
  ids.source = (
    await api<Created>(page, 'POST', '/api/traffic_source', {
      name: 'PushHouse',
      externalId: { parameter: 'cid', placeholder: '{click_id}' },
      tokens: [{ parameter: 'zone', placeholder: '{zone_id}', name: 'Zone' }],
    })
  ).id;
  ids.teamA = (await api<Created>(page, 'POST', '/api/group', { name: 'Team A', kind: 'campaign' })).id;
  ids.teamB = (await api<Created>(page, 'POST', '/api/group', { name: 'Team B', kind: 'campaign' })).id;
  ids.rotation = (
    await api<Created>(page, 'POST', '/api/rotation', {
      name: 'Evergreen rotation',
      flow: { defaultPaths: [{ offers: [{ offerId: ids.offerB }] }], rules: [] },
    })
  ).id;
  await api(page, 'POST', '/api/campaign', {
    name: 'Team B campaign',
    groupId: ids.teamB,
    rotationId: ids.rotation,
  });
}

const e2e = e2eSuite({ session: true, setup });

describe('campaigns and users', () => {
  it('builds a campaign with two weighted paths and a country rule', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/campaigns/create');
    await waitForTitle(page, 'New campaign - Cairn');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sweeps push');
    await choose(page, 'Group', 'Team A');
    await choose(page, 'Traffic source', 'PushHouse');
    // The URL preview already carries the source's parameters.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Campaign URL' }).inputValue())
      .toContain('zone={zone_id}');

    await pick(page, 'Offers of Path 1', 'Summer sweeps');
    await page.getByRole('button', { name: 'Add path', exact: true }).click();
    await pick(page, 'Offers of Path 2', 'Winter sweeps');
    const weight = page.getByRole('spinbutton', { name: 'Weight of Path 2' });
    await weight.fill('50');
    const path2 = page.getByRole('group', { name: 'Path 2', exact: true });
    await path2.getByText('33.3%').waitFor();
    await page.getByRole('group', { name: 'Path 1', exact: true }).getByText('66.7%').first().waitFor();

    await page.getByRole('button', { name: 'Add rule', exact: true }).click();
    await pick(page, 'Country values of Rule 1 criterion 1', 'Germany');
    await pick(page, 'Offers of Rule 1 path 1', 'Winter sweeps');

    await page.getByRole('button', { name: 'Create campaign', exact: true }).click();
    await page.waitForURL(/\/panel\/campaigns\/edit\/\d+$/);
    campaignId = Number(new URL(page.url()).pathname.split('/').pop());
    const campaign = await api<Campaign>(page, 'GET', `/api/campaign/${campaignId}`);
    expect(campaign.rotationId).toBeNull();
    expect(
      campaign.flow?.defaultPaths.map((path) => [path.weight, path.offers.map((o) => o.offerId)]),
    ).toEqual([
      [100, [ids.offerA]],
      [50, [ids.offerB]],
    ]);
    expect(campaign.flow?.rules[0]?.criteria).toEqual([
      expect.objectContaining({ type: 'country', mode: 'include', values: ['DE'] }),
    ]);
    expect(campaign.flow?.rules[0]?.paths[0]?.offers.map((o) => o.offerId)).toEqual([ids.offerB]);
  });

  it('copies the campaign URL with the traffic source tokens', async () => {
    const { page } = e2e.session;
    const campaign = await api<Campaign>(page, 'GET', `/api/campaign/${campaignId}`);
    expect(campaign.url).toMatch(/\/click\?key=[a-z0-9]{12}&cid=\{click_id\}&zone=\{zone_id\}$/);
    expect(await page.getByRole('textbox', { name: 'Campaign URL' }).inputValue()).toBe(campaign.url);
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(campaign.url);

    // The list has it too, one click from the clipboard.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.goto('/panel/campaigns');
    await page.getByRole('button', { name: 'Copy the URL of Sweeps push' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(campaign.url);
  });

  it('switches the campaign to a shared rotation', async () => {
    const { page } = e2e.session;
    await page.goto(`/panel/campaigns/edit/${campaignId}`);
    await page.getByRole('radio', { name: 'A shared rotation' }).click();
    // The campaign's own flow is not used any more, so the editor goes.
    await page.getByRole('group', { name: 'Path 1', exact: true }).waitFor({ state: 'detached' });
    await choose(page, 'Rotation', 'Evergreen rotation');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Campaign "Sweeps push" saved').first().waitFor();
    const campaign = await api<Campaign>(page, 'GET', `/api/campaign/${campaignId}`);
    expect(campaign.rotationId).toBe(ids.rotation);
    expect(campaign.flow).toBeNull();
    expect(campaign.effectiveFlow?.defaultPaths[0]?.offers.map((o) => o.offerId)).toEqual([ids.offerB]);
    // The admin sees the change in the campaign's history, from the audit log.
    const history = page.getByRole('region', { name: 'History' });
    await history
      .getByRole('row', { name: /Updated.*Flow source: Its own flow to Evergreen rotation/ })
      .waitFor();
  });

  it('limits a plain user to one campaign group', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/users/create');
    await waitForTitle(page, 'New user - Cairn');
    await page.getByRole('textbox', { name: 'Login', exact: true }).fill('buyer');
    await page.getByLabel('Password', { exact: true }).fill('buyer password 1');
    await choose(page, 'Campaigns access', 'Read');
    await choose(page, 'Campaigns scope', 'Items in groups');
    await pick(page, 'Campaigns groups', 'Team A');
    await page.getByRole('button', { name: 'Create user', exact: true }).click();
    await page.waitForURL(/\/panel\/users\/edit\/\d+$/);

    const buyer = await e2e.signIn({ login: 'buyer', password: 'buyer password 1' });
    await buyer.page.waitForURL('**/panel/campaigns');
    await buyer.page.getByRole('link', { name: 'Sweeps push', exact: true }).waitFor();
    expect(await buyer.page.getByRole('link', { name: 'Team B campaign', exact: true }).count()).toBe(0);
    const list = await api<{ items: { name: string }[]; total: number }>(buyer.page, 'GET', '/api/campaign');
    expect(list.items.map((item) => item.name)).toEqual(['Sweeps push']);
    expect(buyer.errors).toEqual([]);
    expect(e2e.session.errors).toEqual([]);
  });

  it('mass-edits the status and cost model of campaigns from the default screen', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/');
    await waitForTitle(page, 'Campaigns - Cairn');
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('link', { name: 'Team B campaign', exact: true }).waitFor();
    await grid.getByLabel('Select all rows').click();
    await page.getByRole('button', { name: 'Mass edit', exact: true }).click();
    await page.waitForURL(/\/panel\/edit\/mass\/\d+,\d+$/);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('2 campaigns selected').waitFor();
    await dialog.getByLabel('Change Status').click();
    await choose(page, 'Status', 'Paused');
    await dialog.getByLabel('Change Cost model').click();
    await choose(page, 'Cost model', 'CPM (per 1000 clicks)');
    await dialog.getByRole('button', { name: 'Save 2 campaigns' }).click();
    await page.waitForURL(/\/panel\/$/);
    const { items } = await api<{
      items: { name: string; status: string; costModel: string; groupId: number }[];
    }>(page, 'GET', '/api/campaign');
    expect(items.map((item) => [item.name, item.status, item.costModel, item.groupId])).toEqual([
      ['Sweeps push', 'paused', 'cpm', ids.teamA],
      ['Team B campaign', 'paused', 'cpm', ids.teamB],
    ]);
    expect(e2e.session.errors).toEqual([]);
  });

  it('edits the shared rotation in its form, and the campaign using it follows', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/rotations');
    await page.getByRole('link', { name: 'Edit Evergreen rotation', exact: true }).click();
    await waitForTitle(page, 'Edit rotation - Cairn');
    // Both campaigns use it: the form says how far a change reaches.
    await page.getByText(/^Used by 2 campaigns/).waitFor();
    await page.getByRole('button', { name: 'Add path', exact: true }).click();
    await pick(page, 'Offers of Path 2', 'Summer sweeps');
    await page.getByRole('spinbutton', { name: 'Weight of Path 2' }).fill('300');
    await page.getByRole('group', { name: 'Path 2', exact: true }).getByText('75%').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Rotation "Evergreen rotation" saved').first().waitFor();
    const campaign = await api<Campaign>(page, 'GET', `/api/campaign/${campaignId}`);
    expect(
      campaign.effectiveFlow?.defaultPaths.map((path) => [path.weight, path.offers.map((o) => o.offerId)]),
    ).toEqual([
      [100, [ids.offerB]],
      [300, [ids.offerA]],
    ]);
    expect(e2e.session.errors).toEqual([]);
  });
});
