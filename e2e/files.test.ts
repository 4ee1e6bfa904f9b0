import fs from 'node:fs';
import path from 'node:path';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, tempDir, waitForTitle } from './support.ts';

// Hosted landers in Chromium against the real server: a 200-file lander zip with a `../` entry and a
// symbolic link uploaded on the Files page (per-entry results), the good files served with their
// types and validators, then a campaign whose lander is that folder: click -> hosted page with its click
// id filled in -> click-through -> offer.

const OFFER = 'https://offer.example/';
const SYMLINK = 0o120777 << 16;

function landerZip(): string {
  const files: Zippable = {
    'spring/index.html': strToU8(
      '<!doctype html><html lang="en"><title>Spring</title><link rel="stylesheet" href="css/site.css">' +
        '<p id="click">{clickid}</p><a id="go" href="{click_through_url}">Get it</a></html>',
    ),
    'spring/css/site.css': strToU8('p { margin: 0 }'),
    '../evil.html': strToU8('outside'),
    'spring/link': [strToU8('/etc/passwd'), { os: 3, attrs: SYMLINK }],
  };
  for (let index = 0; index < 198; index++)
    files[`spring/img/${index}.svg`] = strToU8('<svg xmlns="http://www.w3.org/2000/svg"/>');
  const file = path.join(tempDir(), 'spring.zip');
  fs.writeFileSync(file, zipSync(files));
  return file;
}

const e2e = e2eSuite({ session: true });

describe('files', () => {
  it('uploads a lander zip, reports the refused entries, and serves the rest', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/files');
    await waitForTitle(page, 'Files - Cairn');
    await page.getByRole('button', { name: 'New folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('spring');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 2, name: 'spring' }).waitFor();

    await page.getByLabel('Files to upload').setInputFiles(landerZip());
    await page.getByText('200 saved, 2 refused.').waitFor();
    const results = page.getByRole('grid', { name: 'Upload results' });
    await results.getByText('../evil.html').waitFor();
    await results.getByText('The name climbs out of the folder (..)').waitFor();
    await results.getByText('A symbolic link: refused').waitFor();
    await page
      .getByRole('grid', { name: 'Files in spring' })
      .getByText('css/site.css', { exact: true })
      .waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    const served = await fetch(`${e2e.server.url}/lp/spring/css/site.css`);
    expect(served.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(served.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(served.headers.get('last-modified')).toBeTruthy();
    const again = await fetch(`${e2e.server.url}/lp/spring/css/site.css`, {
      headers: { 'if-none-match': served.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${e2e.server.url}/lp/spring/img/7.svg`)).headers.get('content-type')).toBe(
      'image/svg+xml',
    );
    const listed = await api<{ files: { path: string }[] }>(page, 'GET', '/api/lander-files/spring');
    expect(listed.files).toHaveLength(200);
    expect(listed.files.every((file) => !file.path.includes('..') && file.path !== 'link')).toBe(true);
  });

  it('sends a click to the hosted lander with its click id, and on through the link to the offer', async () => {
    const page = e2e.session.page;
    const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
      name: 'e2e hosted offer',
      url: `${OFFER}?c={clickid}`,
    });
    const lander = await api<{ id: number }>(page, 'POST', '/api/landing', {
      name: 'e2e hosted lander',
      url: `${e2e.server.url}/lp/spring/?clickid={clickid}`,
    });
    const campaign = await api<{ key: string }>(page, 'POST', '/api/campaign', {
      name: 'e2e hosted',
      redirectMode: 'http_302',
      flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] },
    });
    const visitor = await e2e.open();
    let reached = '';
    await visitor.page.route(`${OFFER}**`, async (route) => {
      reached = route.request().url();
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Offer</title>offer' });
    });
    // The routing table follows the new campaign through the change signal: tried until it arrives.
    for (let attempt = 0; attempt < 50; attempt++) {
      await visitor.page.goto(`${e2e.server.url}/click?key=${campaign.key}`);
      if (new URL(visitor.page.url()).pathname === '/lp/spring/') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const clickId = new URL(visitor.page.url()).searchParams.get('clickid') ?? '';
    expect(clickId).not.toBe('');
    expect(await visitor.page.locator('#click').textContent()).toBe(clickId);
    await visitor.page.locator('#go').click();
    await visitor.page.waitForURL(`${OFFER}**`);
    expect(new URL(reached).searchParams.get('c')).toBe(clickId);
  });
});
