import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { e2eSuite, waitForTitle } from './support.ts';

const e2e = e2eSuite({ session: { colorScheme: 'light' } });

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rootState = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    scheme: document.documentElement.dataset.colorScheme,
    font: document.documentElement.dataset.font,
    contrast: document.documentElement.dataset.contrast,
    delta: document.documentElement.style.getPropertyValue('--cairn-font-size-delta'),
  }));

async function openUiSettings(page: Page) {
  await page.goto('/panel/settings/ui');
  await waitForTitle(page, 'Interface - Settings - Cairn');
}

describe('display preferences', () => {
  it('starts from the system light/dark preference until the user chooses', async () => {
    const { page } = await e2e.open({ colorScheme: 'dark' });
    await page.goto('/panel/login');
    await waitForTitle(page, 'Sign in - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ theme: 'dark' });
    await page.evaluate(() => localStorage.setItem('cairn.theme', JSON.stringify('light')));
    await page.reload();
    await waitForTitle(page, 'Sign in - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ theme: 'light' });
  });

  it('keeps theme, colour scheme and font across a reload', async () => {
    const { page } = e2e.session;
    await openUiSettings(page);
    await expect(rootState(page)).resolves.toMatchObject({
      theme: 'light',
      scheme: 'default',
      font: 'vela-sans',
    });

    await choose(page, 'Theme', 'Dark');
    await choose(page, 'Colour scheme', 'Legacy (dense)');
    await choose(page, 'Font', 'Roboto');
    await page.waitForFunction(() => document.documentElement.dataset.font === 'roboto');
    await expect(rootState(page)).resolves.toMatchObject({ theme: 'dark', scheme: 'legacy', font: 'roboto' });

    await page.reload();
    await waitForTitle(page, 'Interface - Settings - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ theme: 'dark', scheme: 'legacy', font: 'roboto' });
    await expect(page.getByRole('combobox', { name: 'Theme' }).textContent()).resolves.toContain('Dark');
  });

  it("follows the system's more-contrast preference until the user chooses", async () => {
    const { page } = await e2e.open({ contrast: 'more' });
    await page.goto('/panel/login');
    await waitForTitle(page, 'Sign in - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ contrast: 'more' });
    await page.evaluate(() => localStorage.setItem('cairn.contrast', JSON.stringify('standard')));
    await page.reload();
    await waitForTitle(page, 'Sign in - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ contrast: 'standard' });
  });

  it('lays high contrast over the chosen scheme and keeps it across a reload', async () => {
    const { page } = e2e.session;
    await openUiSettings(page);
    await choose(page, 'Colour scheme', 'Creative');
    await choose(page, 'Contrast', 'More (high contrast)');
    await expect(rootState(page)).resolves.toMatchObject({ scheme: 'creative', contrast: 'more' });
    // The page title wears the palette's text colour: near black in light, near white in dark.
    const highContrastText = /^rgb\((14,17,22|240,243,246)\)$/;
    const titleColour = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).color.replace(/\s/g, ''));
    await expect(titleColour()).resolves.toMatch(highContrastText);

    await page.reload();
    await waitForTitle(page, 'Interface - Settings - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ scheme: 'creative', contrast: 'more' });
    await choose(page, 'Contrast', 'Standard');
    await expect(rootState(page)).resolves.toMatchObject({ contrast: 'standard' });
    await expect(titleColour()).resolves.not.toMatch(highContrastText);
  });

  it('toggles the theme from the user menu', async () => {
    const { page } = e2e.session;
    await openUiSettings(page);
    const before = (await rootState(page)).theme;
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: before === 'dark' ? 'Light theme' : 'Dark theme' }).click();
    await expect(rootState(page)).resolves.toMatchObject({ theme: before === 'dark' ? 'light' : 'dark' });
  });

  it('clamps the font size delta to +-10 px and keeps it across a reload', async () => {
    const { page } = e2e.session;
    await openUiSettings(page);
    const field = page.getByRole('spinbutton', { name: 'Font size delta' });

    await field.fill('15');
    await field.blur();
    await page.waitForFunction(
      () => document.documentElement.style.getPropertyValue('--cairn-font-size-delta') === '10',
    );
    await expect(field.inputValue()).resolves.toBe('10');
    const headingPx = () =>
      page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.querySelector('h1') as Element).fontSize),
      );
    const largest = await headingPx();
    await page.getByRole('button', { name: 'Larger' }).click();
    await expect(field.inputValue()).resolves.toBe('10');

    await field.fill('-42');
    await field.blur();
    await page.waitForFunction(
      () => document.documentElement.style.getPropertyValue('--cairn-font-size-delta') === '-10',
    );
    await expect(field.inputValue()).resolves.toBe('-10');
    // The delta moves what the user reads, not only a variable.
    expect(await headingPx()).toBeLessThan(largest);

    await page.reload();
    await waitForTitle(page, 'Interface - Settings - Cairn');
    await expect(rootState(page)).resolves.toMatchObject({ delta: '-10' });
    await expect(page.evaluate(() => localStorage.getItem('cairn.fontSizeDelta'))).resolves.toBe('-10');
  });

  it('keeps the debug settings and shows the monitor for developers in the menu when asked', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/monitor/developer/debug-settings');
    await waitForTitle(page, 'Debug settings - Monitor for developers - Cairn');
    const toggle = page.getByRole('switch', { name: 'Show the monitor for developers in the menu' });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
    await toggle.click();
    await page.reload();
    await waitForTitle(page, 'Debug settings - Monitor for developers - Cairn');
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Monitor for developers' }).click();
    await page.waitForURL('**/panel/monitor/developer/build-info');
    expect(e2e.session.errors).toEqual([]);
  });
});
