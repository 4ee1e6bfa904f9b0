import { describe, expect, it } from 'vitest';
import { adminLogin, adminPassword, e2eSuite, signInAt, signInThroughForm, waitForTitle } from './support.ts';

const e2e = e2eSuite();

describe('shipped assets', () => {
  it('renders Liberation Mono from the font files the panel ships', async () => {
    const { page } = await e2e.signIn(undefined, '/settings/ui');
    await waitForTitle(page, 'Interface - Settings - Cairn');
    const fontFile = page.waitForResponse((response) =>
      response.url().endsWith('/panel/fonts/liberation-mono/liberation-mono-400.woff2'),
    );
    await page.getByRole('combobox', { name: 'Font' }).click();
    await page.getByRole('option', { name: 'Liberation Mono', exact: true }).click();
    const answer = await fontFile;
    expect(answer.status()).toBe(200);
    // The face in use is the shipped file's, not a locally installed copy nor the mono fallback.
    await page.waitForFunction(() =>
      [...document.fonts].some(
        (face) => face.family.replaceAll(/["']/g, '') === 'Liberation Mono' && face.status === 'loaded',
      ),
    );
    const licence = await page.request.get('/panel/fonts/liberation-mono/OFL.txt');
    expect(await licence.text()).toContain('SIL OPEN FONT LICENSE Version 1.1');
  });

  it('keeps to its content security policy: no violation from sign-in to a form that validates', async () => {
    const { page, errors } = await e2e.open();
    await signInAt(page, undefined, '/campaigns/create');
    await waitForTitle(page, 'New campaign - Cairn');
    await page.getByRole('button', { name: 'Create campaign', exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.goto('/panel/report/campaign/1');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  it('has an icon of its own for the browser tab', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/login');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/panel/favicon.svg');
    const icon = await page.request.get(href as string);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
  });

  it('says so and offers a reload when a page chunk is gone (an old tab after an upgrade)', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/login');
    await waitForTitle(page, 'Sign in - Cairn');
    // The tab's build names a chunk the server no longer has.
    await page.route('**/panel/assets/EntityListPage-*.js', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    await signInThroughForm(page, adminLogin, adminPassword);
    await page.waitForURL('**/panel/campaigns');
    await page.getByRole('alert').getByText('Cairn may have been updated').waitFor();

    await page.unroute('**/panel/assets/EntityListPage-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  });
});
