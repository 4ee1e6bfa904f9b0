import fs from 'node:fs';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Conversions against the real server: real clicks on a campaign, conversions uploaded for them in the
// panel with the result of every line, then the conversion log showing them with their status and payout,
// filtered and exported; axe over the page and the dialog.

const OFFER_URL = 'https://offer.example/landing';
const clickIds: string[] = [];

/** A visitor's click on the campaign: the click id is the one the offer URL carries. */
async function click(serverUrl: string, key: string, visitor: number): Promise<string> {
  // The routing table follows the new campaign through the change signal: until then the click falls
  // back (404), so the first click is tried until it reaches the offer.
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${serverUrl}/click?key=${key}`, {
      redirect: 'manual',
      headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) e2e visitor ${visitor}` },
    });
    const location = response.headers.get('location') ?? '';
    if (response.status === 302 && location.startsWith(OFFER_URL)) {
      const id = new URL(location).searchParams.get('c');
      if (id) return id;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The campaign never reached its offer');
}

const e2e = e2eSuite({
  session: true,
  setup: async ({ session, server }) => {
    const offer = await api<{ id: number }>(session.page, 'POST', '/api/offer', {
      name: 'e2e conversions offer',
      url: `${OFFER_URL}?c={clickid}`,
      payoutAuto: true,
      currency: 'USD',
    });
    const campaign = await api<{ key: string }>(session.page, 'POST', '/api/campaign', {
      name: 'e2e conversions',
      redirectMode: 'http_302',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    for (let visitor = 1; visitor <= 3; visitor++)
      clickIds.push(await click(server.url, campaign.key, visitor));
  },
});

async function noViolations(page: Page, what: string, selector: string): Promise<void> {
  // Measured mid-fade the colours are not the ones a reader sees.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  expect({ what, violations: await axeViolations(page, selector) }).toEqual({ what, violations: [] });
}

describe('conversions', () => {
  it('uploads conversions for real clicks, reports every line, and lists them with status and payout', async () => {
    const page = e2e.session.page;
    const [first, second, third] = clickIds as [string, string, string];
    // Same time, same length, a random part no click has.
    const unknown = `${first.slice(0, 10)}${'0'.repeat(first.length - 10)}`;
    await page.goto('/panel/conversions?period=allTime&tz=UTC');
    await waitForTitle(page, 'Conversions - Cairn');
    await page.getByRole('heading', { name: 'Conversions', level: 1 }).waitFor();
    await page.getByText('No conversions in this period').waitFor();
    await noViolations(page, 'empty conversions page', 'main');

    await page.getByRole('button', { name: 'Upload conversions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload conversions' });
    const box = dialog.getByRole('textbox', { name: 'Conversions' });
    await box.fill(
      [
        '# from the network report',
        `${first}:payout=12.5:status=approved:txid=T-1`,
        `${second}:payout=3:status=pending`,
        `${third}:payout=7:status=declined`,
        `${unknown}:payout=1`,
        `${first}:payout=12.5:status=approved:txid=T-1`,
      ].join('\n'),
    );
    expect(await dialog.getByText('5 conversions to upload.').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('3 recorded, 0 updated, 1 ignored, 1 error.', { exact: false }).waitFor();
    const results = dialog.getByRole('grid', { name: 'Upload results' });
    const resultOf = (line: number) =>
      results
        .locator('[role="row"]')
        .filter({ has: page.getByRole('gridcell', { name: String(line), exact: true }) });
    expect(await resultOf(2).textContent()).toContain('Recorded');
    expect(await resultOf(3).textContent()).toContain('Recorded');
    expect(await resultOf(4).textContent()).toContain('Recorded');
    expect(await resultOf(5).textContent()).toMatch(/Error.*unknown click/);
    expect(await resultOf(6).textContent()).toContain('Ignored');
    // The line with an error stays in the box, to be fixed and sent again.
    expect(await box.inputValue()).toBe(`${unknown}:payout=1`);
    await noViolations(page, 'upload dialog with its report', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const grid = page.getByRole('grid', { name: 'Conversions' });
    const rowOf = (clickId: string) => grid.locator('[role="row"]').filter({ hasText: clickId });
    await rowOf(first).waitFor();
    expect(await grid.locator('[role="row"]').count()).toBe(4);
    const approved = (await rowOf(first).textContent()) ?? '';
    expect(approved).toContain('Approved');
    expect(approved).toContain('$12.50');
    expect(approved).toContain('e2e conversions offer');
    expect(approved).toContain('T-1');
    const pending = (await rowOf(second).textContent()) ?? '';
    expect(pending).toContain('Pending');
    expect(pending).toContain('$3.00');
    // A declined conversion counts nothing.
    const declined = (await rowOf(third).textContent()) ?? '';
    expect(declined).toContain('Declined');
    expect(declined).toContain('$0.00');
    await noViolations(page, 'conversions page', 'main');

    await page.getByRole('combobox', { name: 'Statuses' }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('filter[conversion_status]') === 'approved');
    // While the filtered rows load the table shows none: wait for the approved one alone.
    await expect
      .poll(async () => [await rowOf(first).count(), await rowOf(second).count(), await rowOf(third).count()])
      .toEqual([1, 0, 0]);
    expect(await grid.locator('[role="row"]').count()).toBe(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = fs
      .readFileSync(await (await download).path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Conversion time,Click ID,Click time,Time to convert,Campaign,Offer,/);
    expect(lines[1]).toContain(`,${first},`);
    expect(lines[1]).toContain(',e2e conversions,e2e conversions offer,');
    expect(lines[1]).toContain(',approved,12.50,T-1,');
  });

  it('saves the postback-processing settings', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/settings/postback-processing');
    await waitForTitle(page, 'Postback processing - Settings - Cairn');
    await page.getByRole('combobox', { name: 'Missing status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Postback processing saved.', { exact: false }).first().waitFor();
    expect(await api(page, 'GET', '/api/settings/postback-processing')).toMatchObject({
      missingStatus: 'pending',
    });
    await noViolations(page, 'postback-processing settings', 'main');
  });
});
