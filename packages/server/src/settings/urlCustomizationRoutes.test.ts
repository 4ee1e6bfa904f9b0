import {
  type Campaign,
  DEFAULT_URL_CUSTOMIZATION,
  networkPostbackUrl,
  type PostbackPlaceholders,
  TRACKING_API_PATHS,
  type TrackingLinksResponse,
  URL_CUSTOMIZATION_PATH,
  type UrlCustomization,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { SETTING_URL_CUSTOMIZATION } from './keys.ts';
import { readUrlCustomization } from './readers.ts';
import { setSetting } from './store.ts';

// Settings > URL customization through the real API and the real tracking endpoints: renamed paths are
// answered and handed out, the default ones keep working, and an unroutable click goes to the fallback.

const RENAMED: UrlCustomization = {
  clickPath: '/go',
  postbackPath: '/r/cb',
  conversionPixelPath: '/img/t.png',
  fallbackUrl: 'https://example.com/sorry?from=tracker',
};

let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;
let campaign: Campaign & { offerId: number; networkId: number | null };
let dataDir: string;

const put = (browser: TestBrowser, body: unknown) => browser.call('PUT', URL_CUSTOMIZATION_PATH, { body });

/** A visitor's request to the tracker, redirects not followed. */
async function visit(path: string): Promise<Response> {
  return fetch(`${cairn.url}${path}`, {
    headers: { 'x-forwarded-for': '212.27.48.10', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    redirect: 'manual',
  });
}

/** The click id of a click answered with a 302 to the offer (`?c={clickid}`). */
async function clickThrough(path: string): Promise<string> {
  const response = await visit(path);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin).toBe('https://offer.example');
  return location.searchParams.get('c') ?? '';
}

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  dataDir = cairn.config.dataDir;
  kit = new ConversionKit(cairn, admin);
  campaign = await kit.campaign({
    network: { postbackPlaceholders: { clickId: '{sub1}', payout: '{sum}' } },
  });
});
afterAll(async () => {
  await cairn.close();
});

describe('URL customization', () => {
  it('reads the defaults, for every signed-in user, and lets only admins change them', async () => {
    const password = 'Url viewer pass 5531';
    await kindClient(admin, 'user').make({
      login: 'url-viewer',
      password,
      role: 'user',
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
    });
    const plain = new TestBrowser(cairn.url);
    expect((await plain.signIn('url-viewer', password)).status).toBe(200);
    const read = await plain.get(URL_CUSTOMIZATION_PATH);
    expect(read.status).toBe(200);
    expect(read.json()).toEqual({
      clickPath: '/click',
      postbackPath: '/postback',
      conversionPixelPath: '/conversion.gif',
      fallbackUrl: '',
    });
    expect((await put(plain, RENAMED)).status).toBe(403);
    expect((await new TestBrowser(cairn.url).get(URL_CUSTOMIZATION_PATH)).status).toBe(401);
  });

  it('refuses bad paths and fallbacks field by field, and keeps what was saved', async () => {
    const refused = await put(admin, {
      clickPath: '/api/go',
      postbackPath: '/click',
      conversionPixelPath: 'px',
      fallbackUrl: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused).sort()).toEqual([
      'clickPath',
      'conversionPixelPath',
      'fallbackUrl',
      'postbackPath',
    ]);
    expect((await admin.get(URL_CUSTOMIZATION_PATH)).json()).toMatchObject({ clickPath: '/click' });
    expect((await visit(`/api/go?key=${campaign.key}`)).status).toBe(404);
  });

  it('answers clicks, postbacks and the pixel on the renamed paths, and on the default ones still', async () => {
    const saved = await put(admin, RENAMED);
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual(RENAMED);

    const onNewPath = await clickThrough(`/go?key=${campaign.key}`);
    const onOldPath = await clickThrough(`/click?key=${campaign.key}`);
    expect((await visit(`/go/other?key=${campaign.key}`)).status).toBe(404);

    expect(await kit.postback(`/r/cb?clickid=${onNewPath}&payout=2.5&status=approved`)).toMatchObject({
      status: 200,
    });
    expect(
      await kit.postback('/r/cb', {
        method: 'POST',
        type: 'application/json',
        body: JSON.stringify({ clickid: onOldPath, payout: '1.25', status: 'approved' }),
      }),
    ).toMatchObject({ status: 200 });
    const pixel = await visit(`/img/t.png?clickid=${onOldPath}`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toMatch(/^image\//);
    const onDefaults = await clickThrough(`/click?key=${campaign.key}`);
    expect(await kit.postback(`/postback?clickid=${onDefaults}&status=approved`)).toMatchObject({
      status: 200,
    });

    // The offer pays a fixed 5.00, whatever the postback says.
    for (const clickId of [onNewPath, onOldPath, onDefaults]) {
      expect(await kit.sums(clickId)).toMatchObject({ events: 1, approved: 1, revenue: 5_000_000 });
    }
  });

  it('hands out links on the renamed paths: tracking links, campaign, lander and network postback', async () => {
    const links = (await admin.get(TRACKING_API_PATHS.trackingLinks)).json<TrackingLinksResponse>();
    const [domain] = links.domains;
    expect(domain?.clickUrl).toBe(`${cairn.url}/go?key={campaign_key}`);
    expect(domain?.lpClickUrl).toBe(`${cairn.url}/go?lp=1`);
    expect(domain?.postbackUrl).toMatch(new RegExp(`^${cairn.url}/r/cb\\?clickid=\\{clickid\\}&`));
    const key = cairn.tracking.conversions.keys.current;
    expect(domain?.conversionPixelUrl).toBe(`${cairn.url}/img/t.png?clickid={clickid}&key=${key}`);

    const shown = (await kit.campaigns.get(campaign.id)).json<{ url: string }>();
    expect(shown.url).toBe(`${cairn.url}/go?key=${campaign.key}`);
    const lander = await kindClient(admin, 'landing').make<{ clickThroughUrl: string }>({
      name: 'renamed lander',
      url: 'https://lp.example/',
    });
    expect(lander.clickThroughUrl).toBe(`${cairn.url}/go?lp=1`);
    const network = (await kit.networks.get(campaign.networkId ?? 0)).json<{
      postbackUrl: string;
      postbackPlaceholders: PostbackPlaceholders;
    }>();
    expect(network.postbackUrl).toBe(`${cairn.url}/r/cb?clickid={sub1}&payout={sum}&key=${key}`);
    // What a network's form previews before saving, from the tracking links: the URL the save gives.
    expect(links.postback).toEqual({ path: '/r/cb', key });
    expect(domain?.baseUrl).toBe(cairn.url);
    expect(
      networkPostbackUrl(
        domain?.baseUrl ?? '',
        links.postback.path,
        network.postbackPlaceholders,
        links.postback.key,
      ),
    ).toBe(network.postbackUrl);
  });

  it('sends the double meta refresh through the hop on the renamed click path', async () => {
    const double = await kit.campaign({ campaign: { redirectMode: 'double_meta_refresh' } });
    const first = await visit(`/go?key=${double.key}`);
    expect(first.status).toBe(200);
    const hop = /content="0;url=([^"]+)"/.exec(await first.text())?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(hop).toMatch(/^\/go\/hop\?u=/);
    const second = await visit(hop);
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('https://offer.example/?c=');
  });

  it('sends clicks with nowhere to go to the fallback, and to a plain 404 once it is cleared', async () => {
    for (const path of ['/go?key=no-such-campaign', '/click?key=no-such-campaign', '/go?lp=1&clickid=x']) {
      const response = await visit(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe(RENAMED.fallbackUrl);
    }
    expect((await put(admin, { ...RENAMED, fallbackUrl: '' })).status).toBe(200);
    const plain = await visit('/go?key=no-such-campaign');
    expect(plain.status).toBe(404);
    expect(await plain.text()).toContain('Not found');
    expect((await put(admin, RENAMED)).status).toBe(200);
  });

  it('records who changed what, and keeps the paths across a restart', async () => {
    const audit = await cairn.store.query<{ details: string }>(
      "SELECT details FROM audit_log WHERE action = 'url_customization_changed' ORDER BY id",
    );
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(String(audit[0]?.details))).toMatchObject({
      before: { clickPath: '/click' },
      after: RENAMED,
    });

    await cairn.close();
    cairn = await startTestCairn({ dataDir });
    kit = new ConversionKit(cairn, admin);
    expect(await clickThrough(`/go?key=${campaign.key}`)).toHaveLength(23);
    expect((await visit('/go?key=no-such-campaign')).headers.get('location')).toBe(RENAMED.fallbackUrl);
  });

  it('reads a stored value it cannot use (a hand edit, an older release) as the defaults', async () => {
    for (const stored of ['{not json', JSON.stringify({ clickPath: '/api' }), JSON.stringify([1])]) {
      await setSetting(cairn.store, SETTING_URL_CUSTOMIZATION, stored);
      expect(await readUrlCustomization(cairn.store)).toEqual(DEFAULT_URL_CUSTOMIZATION);
    }
  });
});
