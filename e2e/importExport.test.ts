import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Settings > Import/Export in Chromium against the real server: real clicks on a campaign, then the raw
// events of today downloaded as CSV from the page, holding those clicks; the configuration exported and
// imported back through its dry run; axe over the page.

const OFFER_URL = 'https://offer.example/export';

const e2e = e2eSuite({ session: true });

describe('import/export', () => {
  it('downloads the raw clicks of today as CSV from the page', async () => {
    const page = e2e.session.page;
    const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
      name: 'e2e export offer',
      url: `${OFFER_URL}?c={clickid}`,
    });
    const campaign = await api<{ id: number; key: string }>(page, 'POST', '/api/campaign', {
      name: 'e2e export campaign',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    let routed = 0;
    // The routing table follows a new campaign through the change signal: until then a click falls back.
    for (let attempt = 0; attempt < 100 && routed < 3; attempt++) {
      const response = await fetch(`${e2e.server.url}/click?key=${campaign.key}`, {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) e2e export visitor' },
      });
      if ((response.headers.get('location') ?? '').startsWith(OFFER_URL)) routed += 1;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(routed).toBe(3);
    await expect
      .poll(
        async () =>
          (
            await api<{ totals: { clicks: number } }>(
              page,
              'GET',
              `/api/report?groupBy=campaign&preset=today&filter[campaign]=${campaign.id}`,
            )
          ).totals.clicks,
        { timeout: 20_000 },
      )
      .toBe(3);

    await page.goto('/panel/settings/import-export');
    await waitForTitle(page, 'Import / export - Settings - Cairn');
    await page.getByRole('heading', { name: 'Raw events' }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('radio', { name: 'Clicks', exact: true }).click();
    await page.getByRole('radio', { name: 'CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cairn-clicks-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]?.startsWith('"kind","ts","click_id"') || lines[0]?.startsWith('kind,ts,click_id')).toBe(
      true,
    );
    const ours = lines.filter((line) => line.includes('e2e export visitor'));
    expect(ours).toHaveLength(3);
    await page
      .getByRole('status')
      .getByText(/^Downloaded cairn-clicks-/)
      .waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
  it('exports the configuration and imports it back as copies after its dry run', async () => {
    const page = e2e.session.page;
    await api(page, 'POST', '/api/offer', { name: 'e2e bundle offer', url: 'https://offer.example/bundle' });
    await page.goto('/panel/settings/import-export');
    await waitForTitle(page, 'Import / export - Settings - Cairn');
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export configuration' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cairn-configuration-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const bundle = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      version: number;
      entities: { offer?: { key: string }[] };
    };
    expect(bundle.version).toBe(1);
    expect(bundle.entities.offer?.map((offer) => offer.key)).toContain('e2e bundle offer');

    await page.getByRole('radio', { name: /rename/ }).click();
    await page.getByLabel('Configuration file').setInputFiles(file);
    const planned = page.getByRole('list', { name: 'Planned changes' });
    await planned.getByText('Offer “e2e bundle offer”: renamed as “e2e bundle offer (imported)”').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    const before = await api<{ total: number }>(
      page,
      'GET',
      '/api/offer?q=e2e%20bundle%20offer&archived=all',
    );
    expect(before.total).toBe(1);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('list', { name: 'Changes made' }).waitFor();
    const after = await api<{ items: { name: string }[] }>(
      page,
      'GET',
      '/api/offer?q=e2e%20bundle%20offer&archived=all',
    );
    expect(after.items.map((offer) => offer.name).sort()).toEqual([
      'e2e bundle offer',
      'e2e bundle offer (imported)',
    ]);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
