import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { api, e2eSuite, waitForTitle } from './support.ts';

// Settings > LP protect in Chromium against the real server, at a desktop and a phone width: the answer
// to unprotected visits is chosen, saved, still there after a reload, and applied to a hosted lander at
// once; the page (and its rotation warning) pass axe at both widths.

const e2e = e2eSuite({ session: true });

const SAFE_PAGE = '<!doctype html><title>Recipes</title><h1>Grandma’s recipes</h1>';

describe('Settings > LP protect', () => {
  it.each([
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])('saves, reloads and applies the answer to unprotected visits at $width px', async (size) => {
    const page = e2e.session.page;
    await page.setViewportSize(size);
    const folder = `guarded-${size.width}`;
    await api(page, 'POST', '/api/lander-files', { name: folder });
    await api(page, 'PUT', `/api/lander-files/${folder}/file`, {
      path: 'index.html',
      text: '<p>real lander</p>',
    });
    await api(page, 'POST', '/api/landing', {
      name: `guarded lander ${size.width}`,
      url: `${e2e.server.url}/lp/${folder}/`,
      lpProtect: true,
    });
    try {
      await page.goto('/panel/settings/lp-protect');
      await waitForTitle(page, 'LP protect - Settings - Cairn');
      await page.getByRole('radio', { name: 'Show a safe page' }).click();
      await page.getByRole('textbox', { name: 'Safe page HTML' }).fill(SAFE_PAGE);
      const lifetime = page.getByRole('spinbutton', { name: 'Key lifetime' });
      await lifetime.fill('30');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText(/LP protect saved/)
        .first()
        .waitFor();
      expect(await axeViolations(page, 'main')).toEqual([]);

      await page.reload();
      await waitForTitle(page, 'LP protect - Settings - Cairn');
      await expect.poll(() => page.getByRole('radio', { name: 'Show a safe page' }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Safe page HTML' }).inputValue()).toBe(SAFE_PAGE);
      expect(await page.getByRole('spinbutton', { name: 'Key lifetime' }).inputValue()).toBe('30');
      expect(await page.getByText(/echo base64_decode/).count()).toBe(1);

      const unprotected = await fetch(`${e2e.server.url}/lp/${folder}/`);
      expect(unprotected.status).toBe(200);
      expect(await unprotected.text()).toBe(SAFE_PAGE);

      await page.getByRole('button', { name: 'Rotate all secrets' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(/pasted check must then be updated/).waitFor();
      // The dialog fades in: axe measures contrast on what is painted, so it waits for the fade to end.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await api(page, 'PUT', '/api/settings/lp-protect', {});
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
