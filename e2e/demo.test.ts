import { DEMO_ACCOUNT } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { e2eSuite, waitForTitle } from './support.ts';

const e2e = e2eSuite({ server: { mode: 'demo' } });

describe('demo mode', () => {
  it('lets a visitor straight in through the demo account', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/offers');
    await waitForTitle(page, 'Offers - Cairn');
    expect(new URL(page.url()).pathname).toBe('/panel/offers');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').textContent()).resolves.toContain('demo');
  });

  it('offers the demo sign-in on the sign-in page', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/login?returnTo=%2Ftrends');
    await page.getByRole('button', { name: 'Sign in to the demo' }).click();
    await page.waitForURL('**/panel/trends');
    await waitForTitle(page, 'Trends - Cairn');
  });

  it('explains in a toast that changes are unavailable in the demo (410)', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/settings/user');
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByLabel('Current password').fill(DEMO_ACCOUNT.password);
    await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'unavailable in the demo version' });
    await toast.first().waitFor();
    const text = await toast.first().textContent();
    expect(text).toContain(
      'This feature is unavailable in the demo version. However, you can access our 14-day free trial',
    );
    expect(text).toContain('write to us on Telegram');
  });
});
