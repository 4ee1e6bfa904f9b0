import fs from 'node:fs';
import path from 'node:path';
import { csvUnguard, type Offer, parseCsv, type TrackingLinksResponse } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, signInAt, tempDir, waitForTitle } from './support.ts';

// Moving things in and out, in Chromium against the real server: the offers list as CSV (the whole
// filtered list out, past its page, and an edited file read back line by line), and the configuration
// bundle with its secrets sealed by a passphrase, read by another installation.

const e2e = e2eSuite({ session: true });

const PASSPHRASE = 'moving day passphrase';

describe('moving data', () => {
  it('exports the searched offers as CSV, every page, and imports an edited file back', async () => {
    const page = e2e.session.page;
    const ours: Offer[] = [];
    for (const n of [1, 2, 3]) {
      ours.push(
        await api<Offer>(page, 'POST', '/api/offer', {
          name: `Moving CSV ${n}`,
          url: `https://moving.example/${n}?c={clickid}`,
          payoutMicros: 1_000_000 * n,
        }),
      );
    }
    await api(page, 'POST', '/api/offer', { name: 'An offer staying put', url: 'https://staying.example/' });

    // A page holds two offers: the export must still carry the three the search selects.
    await page.goto('/panel/offers?sort=name:asc&pageSize=2');
    await waitForTitle(page, 'Offers - Cairn');
    const grid = page.getByRole('grid', { name: 'Offers' });
    await grid.getByRole('link', { name: 'An offer staying put', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('Moving CSV');
    await grid
      .getByRole('link', { name: 'An offer staying put', exact: true })
      .waitFor({ state: 'detached' });
    await grid.getByRole('link', { name: 'Moving CSV 1', exact: true }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).search)).toMatch(/q=Moving CSV|q=Moving\+CSV/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const [header, ...rows] = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    const names = header?.cells ?? [];
    const cell = (row: { cells: string[] }, name: string) => csvUnguard(row.cells[names.indexOf(name)] ?? '');
    expect(rows.map((row) => cell(row, 'Name')).sort()).toEqual([
      'Moving CSV 1',
      'Moving CSV 2',
      'Moving CSV 3',
    ]);
    expect(rows.map((row) => Number(cell(row, 'ID'))).sort()).toEqual(ours.map((offer) => offer.id).sort());

    const first = ours[0] as Offer;
    const file = path.join(tempDir('cairn-e2e-csv-'), 'offers.csv');
    fs.writeFileSync(
      file,
      [
        'ID,Name,URL,Payout',
        `${first.id},Moving CSV 1,,7.50`,
        ',Moving CSV 0 new,https://moving.example/new?c={clickid},3.25',
        '999999,Ghost,https://ghost.example/,1',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Import CSV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import offers from CSV' });
    await dialog.waitFor();
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await expect.poll(() => dialog.getByRole('textbox', { name: 'CSV' }).inputValue()).toContain('Ghost');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const status = dialog.getByRole('status');
    await status.getByText('1 created, 1 updated, 1 line refused:').waitFor();
    const refused = dialog.getByRole('list', { name: 'Refused lines' }).getByRole('listitem');
    expect(await refused.count()).toBe(1);
    const reason = (await refused.first().textContent()) ?? '';
    expect(reason).toMatch(/^Line 4: .*999999/);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    const updated = await api<Offer>(page, 'GET', `/api/offer/${first.id}`);
    expect(updated.payoutMicros).toBe(7_500_000);
    expect(updated.url).toBe(first.url);

    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await grid.getByRole('link', { name: 'Moving CSV 0 new', exact: true }).waitFor();
  });

  it('exports the configuration with sealed secrets and opens them on another installation', async () => {
    const page = e2e.session.page;
    const { postback } = await api<TrackingLinksResponse>(page, 'GET', '/api/tracking/links');
    await page.goto('/panel/settings/import-export');
    await waitForTitle(page, 'Import / export - Settings - Cairn');
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    await page.getByRole('checkbox', { name: 'Include secrets (postback keys, LP-protect keys)' }).click();
    await page.getByLabel('Passphrase for the secrets').fill(PASSPHRASE);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export configuration' }).click(),
    ]);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toHaveProperty('secrets');
    expect(postback.key.length).toBeGreaterThan(0);
    expect(text).not.toContain(postback.key);

    // Another Cairn, whose postback keys are its own: the file's key joins them.
    const other = await e2e.startServer();
    const there = await e2e.open({ server: other });
    await signInAt(there.page);
    await there.page.waitForURL('**/panel/campaigns');
    const own = await api<TrackingLinksResponse>(there.page, 'GET', '/api/tracking/links');
    expect(own.postback.key).not.toBe(postback.key);
    await there.page.goto('/panel/settings/import-export');
    await waitForTitle(there.page, 'Import / export - Settings - Cairn');
    await there.page.getByLabel('Configuration file').setInputFiles(file);
    const passphrase = there.page.getByLabel("Passphrase of the file's secrets");
    await passphrase.fill('not the passphrase at all');
    const show = there.page.getByRole('button', { name: 'Show what importing would do' });
    await show.click();
    await there.page.getByText("This passphrase does not open the bundle's secrets").first().waitFor();
    expect(await passphrase.getAttribute('aria-invalid')).toBe('true');

    await passphrase.fill(PASSPHRASE);
    await show.click();
    const planned = there.page.getByRole('list', { name: 'Planned changes' });
    await planned.getByText(/^Secret: postback keys: /).waitFor();
    expect(await axeViolations(there.page, 'main')).toEqual([]);
  });
});
