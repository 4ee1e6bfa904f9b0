import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Settings > Integration in Chromium against the real server, whose Meta Graph API is a local fake
// answering `/me` as Meta does: connect an account with its token, check the connection, send a
// traffic source's conversions to it, map a campaign's cost to a Meta campaign and sync it; the token
// never shows on the page, and axe finds nothing.

const TOKEN = 'EAAGe2e0123456789abcdefTOKEN';
const AD_ACCOUNT = '1234567890';
let graphUrl = '';
const graph = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://graph');
  const token = url.searchParams.get('access_token') === TOKEN;
  // Insights of an ad account (cost sync): one day's spend of the campaign, as Meta answers it.
  const insights = url.pathname === `/v25.0/act_${AD_ACCOUNT}/insights`;
  const ok = token && (url.pathname === '/v25.0/me' || insights);
  const answer = !ok
    ? { error: { message: 'Invalid OAuth access token.', code: 190 } }
    : insights
      ? { data: [], paging: { cursors: { before: 'MA', after: 'MA' } } }
      : { id: '42', name: 'Ada Buyer' };
  response.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v25.0`;
});
afterAll(async () => {
  graph.closeAllConnections();
  await new Promise((resolve) => graph.close(resolve));
});

const e2e = e2eSuite({
  session: true,
  server: () => ({ metaGraphUrl: graphUrl, privateDestinations: ['127.0.0.1'] }),
});

describe('Settings > Integration', () => {
  it('connects and checks a Meta account, sends a source to it, maps a campaign and syncs it, and passes axe', async () => {
    const page = e2e.session.page;
    await api(page, 'POST', '/api/traffic_source', { name: 'Facebook ads' });
    const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
      name: 'e2e cost sync offer',
      url: 'https://offer.example/?c={clickid}',
      payoutAuto: true,
      currency: 'USD',
    });
    await api(page, 'POST', '/api/campaign', {
      name: 'e2e cost sync',
      redirectMode: 'http_302',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    await page.goto('/panel/settings/integration');
    await waitForTitle(page, 'Integration - Settings - Cairn');
    await page.getByText('No accounts yet').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Main business');
    await page.getByLabel('Access token').fill(TOKEN);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Not checked yet').waitFor();
    await page.getByRole('button', { name: 'Check connection of Main business' }).click();
    await page.getByText(/^Connected \(checked/).waitFor();

    await page.getByRole('combobox', { name: 'Traffic source' }).click();
    await page.getByRole('option', { name: 'Facebook ads' }).click();
    await page.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: 'Main business' }).click();
    await page.getByRole('textbox', { name: 'Pixel (dataset) id' }).fill('123456789012345');
    await page.getByRole('button', { name: "Send this source's conversions" }).click();
    await page.getByText(/^Facebook ads to Main business, pixel 123456789012345, as Purchase/).waitFor();

    // Cost sync: the campaign takes its cost from a Meta campaign; a sync with no spend changes nothing.
    await page.getByRole('combobox', { name: 'Campaign', exact: true }).click();
    await page.getByRole('option', { name: 'e2e cost sync' }).click();
    await page.getByRole('combobox', { name: 'Spend from' }).click();
    await page.getByRole('option', { name: 'Main business' }).click();
    await page.getByRole('textbox', { name: 'Ad account id' }).fill(AD_ACCOUNT);
    await page.getByRole('textbox', { name: 'Campaign id at the source' }).fill('120200000000000001');
    await page.getByRole('button', { name: 'Map campaign' }).click();
    await page.getByText('Not synced yet').waitFor();
    await page.getByRole('button', { name: 'Sync now: e2e cost sync' }).click();
    await page.getByText(/^Synced .*: cost unchanged at 0$/).waitFor();

    await page.reload();
    await page.getByText(/^Connected \(checked/).waitFor();
    await page.getByText(/^Synced .*: cost unchanged at 0$/).waitFor();
    expect(await page.content()).not.toContain(TOKEN);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
