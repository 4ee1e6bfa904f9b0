import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../packages/server/test-support/postgres.ts';
import { api, e2eSuite, type RunningServer, signInAt, tempDir, waitForTitle } from './support.ts';

// A hosted lander on two nodes sharing one PostgreSQL, in Chromium: uploaded on node A's Files page, the
// campaign's visitor arrives at node B, gets the page from B with its click id filled in, and goes on
// through B's click-through to the offer. Nothing is copied between the nodes' data dirs.

const OFFER = 'https://offer.example/';

function landerZip(): string {
  const file = path.join(tempDir(), 'summer.zip');
  fs.writeFileSync(
    file,
    zipSync({
      'index.html': strToU8(
        '<!doctype html><html lang="en"><title>Summer</title>' +
          '<p id="click">{clickid}</p><a id="go" href="{click_through_url}">Get it</a></html>',
      ),
    }),
  );
  return file;
}

let database: TestPostgres | undefined;
// Registered before the suite's own: after-all hooks run last-registered first, so the nodes are closed
// before their database goes.
afterAll(async () => {
  await database?.dispose();
});
const e2e = e2eSuite({ server: false });

describe.skipIf(!TEST_POSTGRES_URL)(
  `hosted landers on two nodes${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    it('serves a lander uploaded on one node from the other, click id and click-through included', async () => {
      database = testPostgres();
      const secretKey = crypto.randomBytes(32).toString('base64');
      const shared = { configDb: database.url, secretKey };
      const a: RunningServer = await e2e.startServer({ ...shared, nodeId: 'e2e-a' });
      const b: RunningServer = await e2e.startServer({ ...shared, nodeId: 'e2e-b' });

      const admin = await e2e.open({ server: a });
      await signInAt(admin.page);
      await admin.page.waitForURL('**/panel/campaigns');
      await admin.page.goto('/panel/files');
      await waitForTitle(admin.page, 'Files - Cairn');
      await admin.page.getByRole('button', { name: 'New folder' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'New folder' });
      await dialog.getByRole('textbox', { name: 'Folder name' }).fill('summer');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await admin.page.getByRole('heading', { level: 2, name: 'summer' }).waitFor();
      await admin.page.getByLabel('Files to upload').setInputFiles(landerZip());
      await admin.page.getByText('1 saved, 0 refused.').waitFor();

      const offer = await api<{ id: number }>(admin.page, 'POST', '/api/offer', {
        name: 'two-node offer',
        url: `${OFFER}?c={clickid}`,
      });
      const lander = await api<{ id: number }>(admin.page, 'POST', '/api/landing', {
        name: 'two-node lander',
        url: `${b.url}/lp/summer/?clickid={clickid}`,
      });
      const campaign = await api<{ key: string }>(admin.page, 'POST', '/api/campaign', {
        name: 'two-node hosted',
        redirectMode: 'http_302',
        flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] },
      });

      const visitor = await e2e.open({ server: b });
      let reached = '';
      await visitor.page.route(`${OFFER}**`, async (route) => {
        reached = route.request().url();
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Offer</title>offer' });
      });
      // Node B learns of the campaign through the PostgreSQL change signal: tried until it has.
      for (let attempt = 0; attempt < 100; attempt++) {
        await visitor.page.goto(`${b.url}/click?key=${campaign.key}`);
        if (new URL(visitor.page.url()).pathname === '/lp/summer/') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(new URL(visitor.page.url()).origin).toBe(new URL(b.url).origin);
      const clickId = new URL(visitor.page.url()).searchParams.get('clickid') ?? '';
      expect(clickId).not.toBe('');
      expect(await visitor.page.locator('#click').textContent()).toBe(clickId);
      await visitor.page.locator('#go').click();
      await visitor.page.waitForURL(`${OFFER}**`);
      expect(new URL(reached).searchParams.get('c')).toBe(clickId);
      expect(fs.readdirSync(b.config.dataDir)).not.toContain('summer');
    });
  },
);
