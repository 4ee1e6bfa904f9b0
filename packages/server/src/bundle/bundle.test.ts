import {
  type Campaign,
  CONFIG_BUNDLE_PATHS,
  type ConfigBundle,
  type ConfigImportResponse,
  entityPath,
  STATS_SETTINGS_PATHS,
  TRACKING_API_PATHS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, FR_IP, US_MOBILE_IP } from '../../test-support/clicks.ts';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The configuration bundle through the real API: a seeded installation exported, imported into an empty
// one and exported again gives the same bundle, and both installations send the same click to the same
// offer; dry runs, each conflict policy and malformed bundles change nothing they should not.

interface Installation {
  cairn: RunningCairn;
  browser: TestBrowser;
}

async function installation(): Promise<Installation> {
  return signedInAdmin({ trustProxy: true });
}

async function exportOf(browser: TestBrowser, query = ''): Promise<ConfigBundle> {
  const result = await browser.get(`${CONFIG_BUNDLE_PATHS.export}${query}`);
  expect(result.status).toBe(200);
  return result.json<ConfigBundle>();
}

async function importInto(
  browser: TestBrowser,
  bundle: unknown,
  query: string,
): Promise<{ status: number; body: ConfigImportResponse; fields: string[] }> {
  const result = await browser.post(`${CONFIG_BUNDLE_PATHS.import}?${query}`, bundle);
  return {
    status: result.status,
    body: result.json<ConfigImportResponse>(),
    fields: result.status === 400 ? errorFields(result) : [],
  };
}

/** A bundle without the moment it was taken: what two installations holding the same setup share. */
function comparable(bundle: ConfigBundle): Omit<ConfigBundle, 'exportedAt'> {
  const { exportedAt: _at, ...rest } = bundle;
  return rest;
}

/** The host a click from this visitor is sent to (the offer's or lander's). */
async function destination(cairn: RunningCairn, key: string, ip: string, userAgent = AGENTS.windows) {
  const response = await fetch(`${cairn.url}/click?key=${key}`, {
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '').host;
}

/** Entities of every kind the bundle carries, referring to each other every way they can. */
interface Seeded {
  ruleCampaign: Campaign;
  rotationCampaign: Campaign;
  /** Hands its clicks to ruleCampaign, which the bundle lists after it. */
  entryCampaign: Campaign;
  /** Uses a rotation that hands its clicks to ruleCampaign. */
  handedCampaign: Campaign;
}

async function seed(browser: TestBrowser): Promise<Seeded> {
  const seeded = await browser.post(TRACKING_API_PATHS.seed, { clicks: 20, days: 1, campaigns: 2 });
  expect(seeded.status).toBe(200);
  const stats = await browser.put(STATS_SETTINGS_PATHS.stats, {
    timezone: 'Europe/Berlin',
    baseCurrency: 'EUR',
    rates: { USD: 0.9 },
  });
  expect(stats.status).toBe(200);
  const group = await kindClient(browser, 'group').make({ name: 'Nutra', kind: 'offer' });
  const campaignGroup = await kindClient(browser, 'group').make({ name: 'Nutra', kind: 'campaign' });
  const domain = await kindClient(browser, 'domain').make({ host: 'trk.example.com' });
  const network = await kindClient(browser, 'affiliate_network').make({
    name: 'Net A',
    offerUrlParams: 'sub1={clickid}',
  });
  const source = await kindClient(browser, 'traffic_source').make({
    name: 'Push A',
    cost: { parameter: 'cost', placeholder: '{cost}' },
  });
  const offers = kindClient(browser, 'offer');
  const fallback = await offers.make({ name: 'Fallback', url: 'https://fallback.example/?c={clickid}' });
  const hit = await offers.make({
    name: 'Hit',
    url: 'https://hit.example/?c={clickid}',
    affiliateNetworkId: network.id,
    groupId: group.id,
    payoutMicros: 2_500_000,
    dailyCap: 10,
    capFallbackOfferId: fallback.id,
  });
  const miss = await offers.make({ name: 'Miss', url: 'https://miss.example/?c={clickid}' });
  // Two offers of one name: their keys must still tell them apart.
  const twin = await offers.make({ name: 'Miss', url: 'https://twin.example/?c={clickid}' });
  const old = await offers.make({ name: 'Old', url: 'https://old.example/' });
  const lander = await kindClient(browser, 'landing').make({ name: 'LP', url: 'https://lp.example/' });
  const rotation = await kindClient(browser, 'rotation').make({
    name: 'Rot',
    flow: { defaultPaths: [{ offers: [{ offerId: twin.id }] }] },
  });
  const entryCampaign = await kindClient(browser, 'campaign').make<Campaign>({
    name: 'Entry',
    flow: { defaultPaths: [{ offers: [{ offerId: miss.id }] }] },
  });
  const ruleCampaign = await kindClient(browser, 'campaign').make<Campaign>({
    name: 'Rules',
    groupId: campaignGroup.id,
    trafficSourceId: source.id,
    domainId: domain.id,
    costAuto: true,
    flow: {
      defaultPaths: [{ offers: [{ offerId: miss.id }, { offerId: old.id, paused: true }] }],
      rules: [
        {
          name: 'France',
          criteria: [{ type: 'country', values: ['FR'] }],
          paths: [{ offers: [{ offerId: hit.id }] }],
        },
        {
          name: 'Mobile',
          criteria: [{ type: 'device_type', values: ['mobile'] }],
          paths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: hit.id }] }],
        },
      ],
    },
  });
  const rotationCampaign = await kindClient(browser, 'campaign').make<Campaign>({
    name: 'Rotated',
    rotationId: rotation.id,
  });
  // Sent on to campaigns by id here; by key in the bundle, placed after what they point at.
  const sentOn = { defaultPaths: [{ target: 'campaign', campaignId: ruleCampaign.id }] };
  const entryUpdate = await kindClient(browser, 'campaign').put(entryCampaign.id, {
    name: 'Entry',
    flow: sentOn,
  });
  expect(entryUpdate.status).toBe(200);
  const handOff = await kindClient(browser, 'rotation').make({ name: 'Hand-off', flow: sentOn });
  const handedCampaign = await kindClient(browser, 'campaign').make<Campaign>({
    name: 'Handed',
    rotationId: handOff.id,
  });
  const buyer = await kindClient(browser, 'user').make({
    login: 'buyer',
    password: 'a long enough passphrase 42',
    hideProfit: true,
    permissions: [
      { kind: 'offer', scope: 'items', access: 'write', itemIds: [hit.id, twin.id] },
      { kind: 'campaign', scope: 'groups', groupIds: [campaignGroup.id] },
    ],
  });
  expect(buyer.id).toBeGreaterThan(1);
  // Archived while a campaign's flow still names it: the import must place it live, then archive it.
  expect((await offers.archive(old.id)).status).toBe(200);
  return { ruleCampaign, rotationCampaign, entryCampaign, handedCampaign };
}

describe('configuration bundle', () => {
  let source: Installation;
  let target: Installation;
  let bundle: ConfigBundle;
  let campaigns: Seeded;

  beforeAll(async () => {
    source = await installation();
    target = await installation();
    campaigns = await seed(source.browser);
    bundle = await exportOf(source.browser);
  }, 120_000);
  afterAll(async () => {
    await source.cairn.close();
    await target.cairn.close();
  });

  it('exports entities by key, with no ids and no secrets', () => {
    const text = JSON.stringify(bundle);
    expect(bundle.version).toBe(1);
    expect(text).not.toMatch(
      /"(group|trafficSource|domain|rotation|affiliateNetwork|capFallbackOffer|landing|offer|campaign)Id"/,
    );
    expect(text).not.toMatch(/lpProtectKey|passwordHash|postback\.keys/);
    const offers = bundle.entities.offer ?? [];
    expect(offers.map((offer) => offer.key)).toEqual(expect.arrayContaining(['Miss', 'Miss #2', 'Hit']));
    expect(offers.find((offer) => offer.key === 'Hit')?.values).toMatchObject({
      affiliateNetwork: 'Net A',
      group: 'offer:Nutra',
      capFallbackOffer: 'Fallback',
    });
    expect(bundle.entities.campaign?.map((campaign) => campaign.key)).toContain(campaigns.ruleCampaign.key);
    const sentOn = { target: 'campaign', campaign: campaigns.ruleCampaign.key };
    const entry = bundle.entities.campaign?.find((item) => item.key === campaigns.entryCampaign.key);
    expect(entry?.values.flow).toMatchObject({ defaultPaths: [sentOn] });
    const handOff = bundle.entities.rotation?.find((item) => item.key === 'Hand-off');
    expect(handOff?.values.flow).toMatchObject({ defaultPaths: [sentOn] });
    expect(bundle.settings.stats?.timezone).toBe('Europe/Berlin');
    // Users by login, their permissions by key; the super-admin stays with its installation.
    expect(bundle.entities.user).toEqual([
      {
        key: 'buyer',
        archived: false,
        values: expect.objectContaining({
          login: 'buyer',
          hideProfit: true,
          permissions: [
            { kind: 'offer', scope: 'items', access: 'write', groups: [], items: ['Hit', 'Miss #2'] },
            { kind: 'campaign', scope: 'groups', access: 'read', groups: ['campaign:Nutra'], items: [] },
          ],
        }),
      },
    ]);
    expect(text).not.toMatch(/password|totp|authSecret/i);
  });

  it('exports only the kinds asked for', async () => {
    const only = await exportOf(source.browser, '?kinds=offer,settings');
    expect(Object.keys(only.entities)).toEqual(['offer']);
    expect(only.settings.stats).toBeDefined();
    expect((await source.browser.get(`${CONFIG_BUNDLE_PATHS.export}?kinds=spaceships`)).status).toBe(400);
  });

  it('a dry run lists what would be created and changes nothing', async () => {
    const before = await exportOf(target.browser);
    const plan = await importInto(target.browser, bundle, 'dryRun=true');
    expect(plan.status).toBe(200);
    expect(plan.body.dryRun).toBe(true);
    const entityCount = Object.values(bundle.entities).reduce((sum, list) => sum + list.length, 0);
    expect(
      plan.body.items.filter((item) => item.kind !== 'settings' && item.action === 'created'),
    ).toHaveLength(entityCount);
    expect(comparable(await exportOf(target.browser))).toEqual(comparable(before));
  });

  it('reads bundles beyond the usual 1 MiB body limit of the API', async () => {
    const text = `${JSON.stringify(bundle, null, 2)}${' '.repeat(2 * 1024 * 1024)}`;
    const response = await fetch(`${target.cairn.url}${CONFIG_BUNDLE_PATHS.import}?dryRun=true`, {
      method: 'POST',
      headers: {
        cookie: target.browser.cookieHeader(),
        'content-type': 'application/json',
        [XSRF_HEADER]: decodeURIComponent(target.browser.cookies.get(XSRF_COOKIE) ?? ''),
      },
      body: text,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).dryRun).toBe(true);
  });

  it('a malformed bundle is refused with its fields named, and nothing changes', async () => {
    const before = await exportOf(target.browser);
    const broken = structuredClone(bundle) as unknown as Record<string, unknown> & ConfigBundle;
    const offers = broken.entities.offer ?? [];
    (offers[0] as { values: Record<string, unknown> }).values.url = 'not a url';
    const bad = await importInto(target.browser, broken, 'dryRun=false');
    expect(bad.status).toBe(400);
    expect(bad.fields).toContain('entities.offer.0.values.url');
    const hitAt = offers.findIndex((offer) => offer.key === 'Hit');
    (offers[hitAt] as { values: Record<string, unknown> }).values.group = 5;
    (offers[hitAt] as { values: Record<string, unknown> }).values.payoutMicros = -1;
    const worse = await importInto(target.browser, broken, 'dryRun=false');
    expect(worse.status).toBe(400);
    expect(worse.fields).toEqual(
      expect.arrayContaining([
        'entities.offer.0.values.url',
        `entities.offer.${hitAt}.values.group`,
        `entities.offer.${hitAt}.values.payoutMicros`,
      ]),
    );
    const badKey = structuredClone(bundle);
    const first = badKey.entities.campaign?.[0];
    if (first) first.key = 'x&y=1';
    const keyRefused = await importInto(target.browser, badKey, 'dryRun=false');
    expect(keyRefused.status).toBe(400);
    expect(keyRefused.fields).toEqual(['entities.campaign.0.key']);
    const wrongVersion = await importInto(target.browser, { ...bundle, version: 2 }, 'dryRun=false');
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.fields).toContain('version');
    const dangling = structuredClone(bundle);
    const campaign = dangling.entities.campaign?.find((item) => item.key === campaigns.ruleCampaign.key);
    if (campaign) campaign.values.trafficSource = 'No such source';
    const unresolved = await importInto(target.browser, dangling, 'dryRun=false');
    expect(unresolved.status).toBe(400);
    expect(unresolved.fields.some((field) => field.endsWith('.values.trafficSource'))).toBe(true);
    expect(comparable(await exportOf(target.browser))).toEqual(comparable(before));
  });

  it('round trip: the imported installation exports the same bundle and routes clicks the same way', async () => {
    const result = await importInto(target.browser, bundle, 'dryRun=false&conflict=skip');
    expect(result.status).toBe(200);
    expect(result.body.counts.updated + result.body.counts.renamed).toBe(0);
    expect(comparable(await exportOf(target.browser))).toEqual(comparable(bundle));

    for (const campaign of Object.values(campaigns)) {
      for (const [ip, agent] of [
        [FR_IP, AGENTS.windows],
        [US_MOBILE_IP, AGENTS.iPhone],
        [US_MOBILE_IP, AGENTS.windows],
      ] as const) {
        const there = await destination(source.cairn, campaign.key, ip, agent);
        expect(await destination(target.cairn, campaign.key, ip, agent)).toBe(there);
      }
    }
    expect(await destination(target.cairn, campaigns.ruleCampaign.key, FR_IP)).toBe('hit.example');
    expect(await destination(target.cairn, campaigns.rotationCampaign.key, FR_IP)).toBe('twin.example');
    // Sent on to the imported Rules campaign, not to whatever has its id here.
    expect(await destination(target.cairn, campaigns.entryCampaign.key, FR_IP)).toBe('hit.example');
    expect(await destination(target.cairn, campaigns.handedCampaign.key, FR_IP)).toBe('hit.example');

    // An imported user has a password nobody knows: not the one it had, until an admin sets one.
    const buyer = new TestBrowser(target.cairn.url);
    expect((await buyer.signIn('buyer', 'a long enough passphrase 42')).status).toBe(401);

    const audit = await target.browser.get(`${entityPath.auditLog}?action=config_imported`);
    const entries = audit.json<{ items: { details: Record<string, unknown> }[] }>().items;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toMatchObject({
      conflict: 'skip',
      counts: result.body.counts,
      settings: { stats: { after: { timezone: 'Europe/Berlin', baseCurrency: 'EUR' } } },
    });
    // Each entity written is in the log as through its own page.
    const created = await target.browser.get(`${entityPath.auditLog}?action=offer_created&pageSize=100`);
    expect(created.json<{ total: number }>().total).toBe(bundle.entities.offer?.length);
  });

  it('conflict skip leaves what exists; overwrite replaces it; rename adds a copy', async () => {
    // The target's copy drifts from the bundle: each policy decides what becomes of it.
    const offers = kindClient(target.browser, 'offer');
    const list = (await offers.list('q=Hit')).json<{ items: { id: number; name: string; url: string }[] }>();
    const hit = list.items.find((item) => item.name === 'Hit');
    if (!hit) throw new Error('Hit not imported');
    const drifted = await offers.get(hit.id);
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      archived: _a,
      finalUrl: _f,
      ...input
    } = drifted.json<Record<string, unknown>>();
    expect((await offers.put(hit.id, { ...input, url: 'https://drift.example/' })).status).toBe(200);
    const onlyOffers = { ...bundle, entities: { offer: bundle.entities.offer ?? [] }, settings: {} };

    const skipped = await importInto(target.browser, onlyOffers, 'dryRun=false&conflict=skip');
    expect(skipped.status).toBe(200);
    expect(skipped.body.items.every((item) => item.action === 'skipped')).toBe(true);
    expect((await offers.get(hit.id)).json()).toMatchObject({ url: 'https://drift.example/' });

    const dry = await importInto(target.browser, onlyOffers, 'dryRun=true&conflict=overwrite');
    expect(dry.body.items.find((item) => item.key === 'Hit')?.action).toBe('updated');
    expect((await offers.get(hit.id)).json()).toMatchObject({ url: 'https://drift.example/' });

    const overwritten = await importInto(target.browser, onlyOffers, 'dryRun=false&conflict=overwrite');
    expect(overwritten.status).toBe(200);
    expect(overwritten.body.items.find((item) => item.key === 'Hit')).toMatchObject({
      action: 'updated',
      id: hit.id,
    });
    expect((await offers.get(hit.id)).json()).toMatchObject({ url: 'https://hit.example/?c={clickid}' });

    const total = (await offers.list('archived=all')).json<{ total: number }>().total;
    const renamed = await importInto(target.browser, onlyOffers, 'dryRun=false&conflict=rename');
    expect(renamed.status).toBe(200);
    expect(renamed.body.counts.renamed).toBe(onlyOffers.entities.offer.length);
    expect(renamed.body.items.find((item) => item.key === 'Hit')?.newKey).toBe('Hit (imported)');
    expect((await offers.list('archived=all')).json<{ total: number }>().total).toBe(
      total + onlyOffers.entities.offer.length,
    );
    // The copy's fallback is the copy of the fallback, not the original.
    const copies = (await offers.list('q=imported&archived=all')).json<{
      items: { id: number; name: string; capFallbackOfferId: number | null }[];
    }>().items;
    const copy = copies.find((item) => item.name === 'Hit (imported)');
    const fallbackCopy = copies.find((item) => item.name === 'Fallback (imported)');
    expect(copy?.capFallbackOfferId).toBe(fallbackCopy?.id);
  });

  it('renaming a campaign gives the copy a new URL key, and the original keeps routing', async () => {
    const all = bundle.entities.campaign ?? [];
    const campaignList = kindClient(target.browser, 'campaign');
    const before = (await campaignList.list('archived=all')).json<{ total: number }>().total;
    // A new flow may not take up an archived offer, an import's copy included: the whole import is
    // refused at that offer, and nothing of it is kept.
    const refused = await importInto(
      target.browser,
      { ...bundle, entities: { campaign: all }, settings: {} },
      'dryRun=false&conflict=rename',
    );
    expect(refused.status).toBe(400);
    const rulesAt = all.findIndex((item) => item.key === campaigns.ruleCampaign.key);
    expect(refused.fields).toEqual([`entities.campaign.${rulesAt}.values.flow.defaultPaths.0.offers.1`]);
    expect((await campaignList.list('archived=all')).json<{ total: number }>().total).toBe(before);

    const live = all.filter((item) => item.key !== campaigns.ruleCampaign.key);
    const renamed = await importInto(
      target.browser,
      { ...bundle, entities: { campaign: live }, settings: {} },
      'dryRun=false&conflict=rename',
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.counts.renamed).toBe(live.length);
    const item = renamed.body.items.find((entry) => entry.key === campaigns.rotationCampaign.key);
    expect(item?.action).toBe('renamed');
    expect(item?.newKey).toMatch(/^[a-z0-9]{12}$/);
    expect(item?.newKey).not.toBe(campaigns.rotationCampaign.key);
    expect(await destination(target.cairn, item?.newKey ?? '', FR_IP)).toBe('twin.example');
    expect(await destination(target.cairn, campaigns.rotationCampaign.key, FR_IP)).toBe('twin.example');
    const copy = (await campaignList.get(item?.id ?? 0)).json<{ name: string }>();
    expect(copy.name).toBe('Rotated (imported)');
  });
});
