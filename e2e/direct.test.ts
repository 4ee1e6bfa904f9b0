import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, e2eSuite } from './support.ts';

// Direct (redirectless) tracking in Chromium: an ad sends the visitor straight to a lander on another
// site, which includes the tracker's script. The visit records exactly one click with the page's
// parameters (a reload does not count again), the lander's offer link carries that click's id, and a
// postback for it lands on that click.

const e2e = e2eSuite({ session: true });

let landerSite: http.Server;
let landerBase = '';
let campaignKey = '';
let campaignId = 0;

beforeAll(async () => {
  landerSite = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (request.url?.startsWith('/lander')) {
      const tracker = e2e.server.url;
      response.end(
        `<!doctype html><html lang="en"><head><title>Lander</title>` +
          `<script src="${tracker}/t.js?key=${campaignKey}" async></script></head>` +
          `<body><h1>Quiz</h1><a id="go" href="${tracker}/click?lp=1&clickid={clickid}">See the offer</a></body></html>`,
      );
    } else {
      response.end('<!doctype html><html lang="en"><title>Offer page</title><h1>Offer</h1></html>');
    }
  });
  await new Promise<void>((resolve) => landerSite.listen(0, '127.0.0.1', resolve));
  // Another site than the tracker's (localhost, not 127.0.0.1): the script's call is cross-site.
  landerBase = `http://localhost:${(landerSite.address() as AddressInfo).port}`;
  const page = e2e.session.page;
  const lander = await api<{ id: number }>(page, 'POST', '/api/landing', {
    name: 'e2e direct lander',
    url: `${landerBase}/lander`,
  });
  const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
    name: 'e2e direct offer',
    url: `${landerBase}/offer?c={clickid}`,
  });
  const campaign = await api<{ id: number; key: string }>(page, 'POST', '/api/campaign', {
    name: 'e2e direct',
    flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] },
  });
  campaignKey = campaign.key;
  campaignId = campaign.id;
  await e2e.server.tracking.table.settled();
});
afterAll(async () => {
  await new Promise((resolve) => landerSite.close(resolve));
});

async function clicksOfCampaign(): Promise<{ click_id: string; t1: string; kind: number }[]> {
  await e2e.server.tracking.conversions.writer.idle();
  await e2e.server.tracking.recorder.flushNow();
  return e2e.server.events.query(
    'SELECT click_id, t1, kind FROM events WHERE campaign_id = $1 ORDER BY kind, ts',
    [campaignId],
  ) as Promise<{ click_id: string; t1: string; kind: number }[]>;
}

describe('direct tracking on a lander', () => {
  it('records one click a visit, fills the offer link and attributes the postback to it', async () => {
    const visitor = await e2e.open();
    const page = visitor.page;
    await page.goto(`${landerBase}/lander?t1=zone-5&utm_source=meta`);
    await page.waitForFunction(() => Boolean((window as { cairn?: { clickId?: string } }).cairn?.clickId));
    const clickId = await page.evaluate(
      () => (window as unknown as { cairn: { clickId: string } }).cairn.clickId,
    );
    expect(clickId).toMatch(/^[0-9a-z]{23}$/);
    expect(await page.locator('#go').getAttribute('href')).toBe(
      `${e2e.server.url}/click?lp=1&clickid=${clickId}`,
    );

    await page.reload();
    await page.waitForFunction(() => Boolean((window as { cairn?: { clickId?: string } }).cairn?.clickId));
    expect(
      await page.evaluate(() => (window as unknown as { cairn: { clickId: string } }).cairn.clickId),
    ).toBe(clickId);
    expect(await clicksOfCampaign()).toEqual([{ click_id: clickId, t1: 'zone-5', kind: 1 }]);

    await page.locator('#go').click();
    await page.waitForURL(`${landerBase}/offer?c=${clickId}`);

    const key = e2e.server.tracking.conversions.keys.current;
    const postback = await fetch(`${e2e.server.url}/postback?clickid=${clickId}&payout=3.5&key=${key}`);
    expect(postback.status).toBe(200);
    await postback.arrayBuffer();
    const events = await clicksOfCampaign();
    expect(events.map((event) => [event.kind, event.click_id])).toEqual([
      [1, clickId],
      [2, clickId],
      [3, clickId],
    ]);
  });
});
