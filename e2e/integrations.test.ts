import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Settings > Integration in Chromium against the real server, whose Meta Graph API is a local fake
// answering `/me` as Meta does: connect an account with its token, check the connection, send a
// traffic source's conversions to it; the token never shows on the page, and axe finds nothing.

const TOKEN = 'EAAGe2e0123456789abcdefTOKEN';
let graphUrl = '';
const graph = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://graph');
  const ok = url.pathname === '/v25.0/me' && url.searchParams.get('access_token') === TOKEN;
  response
    .writeHead(ok ? 200 : 400, { 'content-type': 'application/json' })
    .end(
      JSON.stringify(
        ok
          ? { id: '42', name: 'Ada Buyer' }
          : { error: { message: 'Invalid OAuth access token.', code: 190 } },
      ),
    );
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
  it('connects and checks a Meta account, sends a source to it, and passes axe', async () => {
    const page = e2e.session.page;
    await api(page, 'POST', '/api/traffic_source', { name: 'Facebook ads' });
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

    await page.reload();
    await page.getByText(/^Connected \(checked/).waitFor();
    expect(await page.content()).not.toContain(TOKEN);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
