import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Triggers in Chromium against the real server: real clicks on a campaign, a trigger created on the
// page, its backtest over the last day finding the firing, then enabled and checked now, its run history
// showing the firing with its numbers; axe over the page and the dialogs.

const OFFER_URL = 'https://offer.example/trigger';

async function clickUntilRouted(serverUrl: string, key: string): Promise<void> {
  // The routing table follows a new campaign through the change signal: until then a click falls back.
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${serverUrl}/click?key=${key}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) e2e trigger visitor' },
    });
    if (response.status === 302 && (response.headers.get('location') ?? '').startsWith(OFFER_URL)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The campaign never reached its offer');
}

const e2e = e2eSuite({ session: true });

describe('triggers', () => {
  it('creates a trigger, backtests it, enables it and shows its firing', async () => {
    const page = e2e.session.page;
    const offer = await api<{ id: number }>(page, 'POST', '/api/offer', {
      name: 'e2e trigger offer',
      url: `${OFFER_URL}?c={clickid}`,
    });
    const campaign = await api<{ id: number; key: string }>(page, 'POST', '/api/campaign', {
      name: 'e2e trigger campaign',
      flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
    });
    for (let index = 0; index < 4; index++) await clickUntilRouted(e2e.server.url, campaign.key);
    // The clicks reach the event store with the journal's next flush.
    await expect
      .poll(
        async () => {
          const report = await api<{ totals: { clicks: number } }>(
            page,
            'GET',
            `/api/report?groupBy=campaign&preset=today&filter[campaign]=${campaign.id}`,
          );
          return report.totals.clicks;
        },
        { timeout: 20_000 },
      )
      .toBe(4);

    await page.goto('/panel/triggers');
    await waitForTitle(page, 'Triggers - Cairn');
    await page.getByText('No triggers yet').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: 'New trigger' }).click();
    const form = page.getByRole('dialog', { name: 'New trigger' });
    await form.getByLabel('Name', { exact: true }).fill('Busy campaign');
    await form.getByLabel('Only campaigns (ids)').fill(String(campaign.id));
    await form.getByLabel('Value 1').fill('3');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByLabel('Webhook URL').fill('https://hooks.example/cairn');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await form.getByRole('button', { name: 'Create' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Busy campaign').waitFor();
    await page.getByText('Disabled').waitFor();

    await page.getByRole('button', { name: 'Backtest and history of Busy campaign' }).click();
    const details = page.getByRole('dialog', { name: 'Busy campaign: backtest and history' });
    await details.getByText('Not checked yet.').waitFor();
    await details.getByRole('button', { name: 'Last day' }).click();
    const backtest = details.getByRole('status');
    await backtest.getByText(/^1 firings in 96 checks every 15 minutes/).waitFor();
    await backtest.getByRole('cell', { name: 'e2e trigger campaign' }).waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await details.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Edit Busy campaign' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Busy campaign' });
    await edit.getByText('Stored; leave empty to keep it').waitFor();
    await edit.getByRole('switch', { name: 'Enabled' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Enabled', { exact: true }).waitFor();

    // The server's own minute job checks every enabled trigger that is due, so on a busy machine it may
    // fire this one between the save and the click: then "check now" meets the cool-down (or the job's
    // lock) and says so. Either way one run fired, and the page and the history show it.
    await page.getByRole('button', { name: 'Check Busy campaign now' }).click();
    await page
      .getByText(
        /^Checked: fired, 1 firings \(dry run\)$|^Checked: quiet, 0 firings \(dry run\)$|being checked/,
      )
      .first()
      .waitFor();
    // A time in the viewer's own date format ("Dec 7, 2026, 4:58 AM UTC" in en-US), never "never".
    await page.getByText(/Last firing: (?!never)\D*\d.*\d{1,2}:\d{2}.* UTC/).waitFor();
    await page.getByRole('button', { name: 'Backtest and history of Busy campaign' }).click();
    const history = page.getByRole('dialog', { name: 'Busy campaign: backtest and history' });
    await history.getByText('fired', { exact: true }).waitFor();
    await history.getByRole('cell', { name: '4', exact: true }).first().waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
