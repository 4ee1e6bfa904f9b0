import { API_KEY_HEADER, API_PATHS } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { e2eSuite, waitForTitle } from './support.ts';

// The public API in Chromium: the reference page renders from this server alone under its policy, and
// a key made in Settings > Public API works for a script until it is revoked there.

const e2e = e2eSuite();

describe('public API', () => {
  it('renders the API reference at /api/doc with no policy breach and no other host', async () => {
    const { page, errors } = await e2e.open();
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    await page.goto('/api/doc');
    await page.getByText('Cairn API', { exact: false }).first().waitFor();
    // Every tag of the document is listed (closed), and one opens on its operations.
    const document = (await (await fetch(`${e2e.server.url}/api/openapi.json`)).json()) as {
      tags: unknown[];
    };
    await expect.poll(() => page.locator('.opblock-tag').count()).toBe(document.tags.length);
    await page.locator('.opblock-tag', { hasText: 'API keys' }).click();
    await page.getByText('/api/api_key', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: /Authorize/ }).waitFor();
    expect(errors).toEqual([]);
    expect([...hosts].filter((host) => host !== '' && host !== new URL(e2e.server.url).host)).toEqual([]);
  });

  it('makes a key in Settings > Public API, shows it once, and revokes it', async () => {
    const { page, errors } = await e2e.signIn(undefined, '/settings/public-api');
    await waitForTitle(page, 'Public API - Settings - Cairn');
    await page.getByRole('textbox', { name: 'Name' }).fill('e2e script');
    await page.getByRole('radio', { name: 'Read and write' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByRole('textbox', { name: 'New API key' }).inputValue();
    expect(key).toMatch(/^cairn_/);
    await page.getByRole('table').getByText('e2e script').waitFor();

    const asScript = () =>
      fetch(`${e2e.server.url}${API_PATHS.role}`, { headers: { [API_KEY_HEADER]: key } }).then(
        (r) => r.status,
      );
    expect(await asScript()).toBe(200);

    await page.getByRole('button', { name: 'Revoke e2e script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    // The dialog hides the page from role queries while it is open: wait for what the revoke leaves.
    await page.getByText('No keys yet').waitFor();
    expect(await asScript()).toBe(401);
    expect(errors).toEqual([]);
  });
});
