import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Finding any click and postback (issue 53) on seeded traffic: a click from days ago found in the click
// log by its pasted id while the log shows today, its detail opened; then a postback sent with a wrong
// key, seen on the Postbacks page as rejected with its reason and its key masked (axe over both).

const CLICKS = 20_000;
const DAY_MS = 86_400_000;
let target = { id: '', campaign: '' };

const e2e = e2eSuite({
  session: true,
  setup: async ({ session }) => {
    const seeded = await api<{ clicks: number }>(session.page, 'POST', '/api/monitor/seed', {
      clicks: CLICKS,
      days: 7,
      campaigns: 3,
    });
    expect(seeded.clicks).toBe(CLICKS);
    // A click of three days ago: not among today's, so only the search by id can show it.
    const day = new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10);
    const page = await api<{ rows: { click_id: string; campaign: { name: string } }[] }>(
      session.page,
      'GET',
      `/api/clicks?preset=custom&from=${day}&to=${day}&timezone=UTC&limit=1&columns=campaign`,
    );
    const row = page.rows[0];
    if (!row) throw new Error(`No seeded click on ${day}`);
    target = { id: row.click_id, campaign: row.campaign.name };
  },
});

async function noViolations(page: Page, what: string, selector: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  expect({ what, violations: await axeViolations(page, selector) }).toEqual({ what, violations: [] });
}

describe('finding any click and postback', () => {
  it('finds a click of days ago by its pasted id and opens its detail', async () => {
    const page = e2e.session.page;
    await page.goto('/panel/clicklog?tz=UTC');
    await waitForTitle(page, 'Click log - Cairn');
    const grid = page.getByRole('grid', { name: 'Click log' });
    await grid.locator('[role="row"]').nth(1).waitFor();
    expect(await grid.getByRole('button', { name: target.id, exact: true }).count()).toBe(0);

    // Pasted as some sources show it: capitals, a space either side.
    await page.getByRole('textbox', { name: 'Find a click' }).fill(` ${target.id.toUpperCase()} `);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const found = grid.getByRole('button', { name: target.id, exact: true });
    await found.waitFor();
    await expect.poll(() => grid.locator('[role="row"]').count()).toBe(2);
    await page.getByText(`The click ${target.id}, whatever the period and filters.`).waitFor();

    await found.click();
    const dialog = page.getByRole('dialog', { name: 'Click' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Click ID' }).inputValue()).toBe(target.id);
    const facts = dialog.getByLabel('Click facts');
    await facts.waitFor();
    expect(await facts.textContent()).toContain(`Campaign${target.campaign}`);
    await dialog.getByRole('heading', { name: 'Conversions' }).waitFor();
    await noViolations(page, 'click detail', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a postback with a wrong key as rejected, with the reason and the key masked', async () => {
    const page = e2e.session.page;
    const sent = await fetch(`${e2e.server.url}/postback?clickid=${target.id}&payout=4.2&key=e2e-wrong-key`);
    expect(sent.status).toBe(403);
    await sent.arrayBuffer();
    // The log is written a moment after the answer.
    await expect
      .poll(
        async () =>
          (await api<{ rows: unknown[] }>(page, 'GET', '/api/postbacks?preset=today&outcome=refused')).rows
            .length,
      )
      .toBe(1);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Postbacks' }).click();
    await waitForTitle(page, 'Postbacks - Cairn');
    await page.getByRole('heading', { name: 'Postbacks', level: 1 }).waitFor();
    const grid = page.getByRole('grid', { name: 'Postbacks' });
    const rejected = grid
      .locator('[role="row"]')
      .filter({ hasText: 'Rejected: missing or wrong postback key' });
    await rejected.waitFor();
    const text = (await rejected.textContent()) ?? '';
    expect(text).toContain(target.id);
    expect(text).toContain('payout=4.2');
    expect(text).not.toContain('e2e-wrong-key');
    expect(text).toContain('403');
    await noViolations(page, 'postbacks page', 'main');
  });
});
