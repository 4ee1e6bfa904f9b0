import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, e2eSuite } from './support.ts';

// Every redirect mode in Chromium against the real server: the visitor starts on a page that links to
// the campaign, clicks, and ends on the offer. A local "offer site" records what referrer it was sent.

const e2e = e2eSuite({ session: true });

interface OfferVisit {
  path: string;
  referer: string | undefined;
}

let offerSite: http.Server;
let offerBase = '';
const visits: OfferVisit[] = [];

beforeAll(async () => {
  offerSite = http.createServer((request, response) => {
    if (request.url?.startsWith('/offer'))
      visits.push({ path: request.url, referer: request.headers.referer });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (request.url?.startsWith('/source')) {
      const target = new URL(request.url, 'http://x').searchParams.get('to') ?? '';
      response.end(
        `<!doctype html><title>Source</title><a id="ad" href="${target.replace(/"/g, '&quot;')}">ad</a>`,
      );
    } else {
      response.end('<!doctype html><title>Offer page</title><h1>Offer</h1>');
    }
  });
  await new Promise<void>((resolve) => offerSite.listen(0, '127.0.0.1', resolve));
  offerBase = `http://127.0.0.1:${(offerSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => offerSite.close(resolve));
});

describe('redirect modes in the browser', () => {
  for (const mode of ['http_302', 'meta_refresh', 'double_meta_refresh', 'javascript'] as const) {
    it(`ends on the offer with ${mode}`, async () => {
      const page = e2e.session.page;
      const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
        name: `e2e offer ${mode}`,
        url: `${offerBase}/offer/${mode}?c={clickid}`,
      });
      const campaign = await api<{ key: string }>(page, 'POST', '/api/campaign', {
        name: `e2e ${mode}`,
        redirectMode: mode,
        flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
      });
      // The routing table follows the change signal; give it a moment on a loaded machine.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const visitor = await e2e.open();
      const clickUrl = `${e2e.server.url}/click?key=${campaign.key}`;
      await visitor.page.goto(`${offerBase}/source?to=${encodeURIComponent(clickUrl)}`);
      await visitor.page.click('#ad');
      await visitor.page.waitForURL(`${offerBase}/offer/${mode}?c=*`);
      expect(await visitor.page.title()).toBe('Offer page');
      const visit = visits.findLast((entry) => entry.path.startsWith(`/offer/${mode}`));
      expect(visit).toBeDefined();
      if (mode === 'double_meta_refresh') expect(visit?.referer).toBeUndefined();
      // A 302 keeps the source page as referrer (cut to its origin by the browser across origins).
      if (mode === 'http_302') expect(visit?.referer).toBe(`${offerBase}/`);
    });
  }
});

describe('a renamed click path', () => {
  it('is set in Settings > URL customization, handed out, and ends on the offer through its hop', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/settings/url-customization');
    const clickPath = page.getByRole('textbox', { name: 'Click path' });
    await clickPath.fill('/go');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/URL customization saved/)
      .first()
      .waitFor();

    const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
      name: 'e2e offer renamed path',
      url: `${offerBase}/offer/renamed?c={clickid}`,
    });
    const campaign = await api<{ id: number; url: string }>(page, 'POST', '/api/campaign', {
      name: 'e2e renamed path',
      redirectMode: 'double_meta_refresh',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    expect(new URL(campaign.url).pathname).toBe('/go');
    await page.goto(`/panel/campaigns/edit/${campaign.id}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Campaign URL' }).inputValue())
      .toBe(campaign.url);

    const visitor = await e2e.open();
    await visitor.page.goto(`${offerBase}/source?to=${encodeURIComponent(campaign.url)}`);
    await visitor.page.click('#ad');
    await visitor.page.waitForURL(`${offerBase}/offer/renamed?c=*`);
    const visit = visits.findLast((entry) => entry.path.startsWith('/offer/renamed'));
    expect(visit?.referer).toBeUndefined();

    await api(page, 'PUT', '/api/settings/url-customization', {
      clickPath: '/click',
      postbackPath: '/postback',
      conversionPixelPath: '/conversion.gif',
      fallbackUrl: '',
    });
  });
});
