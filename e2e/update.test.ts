import fs from 'node:fs';
import path from 'node:path';
import { CAIRN_VERSION } from '@cairn/server';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogin,
  adminPassword,
  launchBrowser,
  openSession,
  type RunningServer,
  removeTempDirs,
  signInThroughForm,
  startServer,
  tempDir,
  waitForTitle,
} from './support.ts';

const plainLogin = 'buyer';
const plainPassword = 'a plain user password';
const nextVersion = '99.0.0';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const feed = path.join(tempDir(), 'releases.json');
  fs.writeFileSync(
    feed,
    JSON.stringify({
      releases: [{ version: nextVersion, notes: 'Reports twice as fast; new click log columns.' }],
    }),
  );
  server = await startServer({ updateFeed: feed });
  await server.users.create({ login: plainLogin, password: plainPassword, role: 'user' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeTempDirs();
});

describe('update and rollback pages', () => {
  it('shows the running and the latest version with the release notes, and flags the menu', async () => {
    const { page, context } = await openSession(browser, server.url);
    await page.goto('/panel/login?returnTo=%2Fupdate');
    await signInThroughForm(page, adminLogin, adminPassword);
    await waitForTitle(page, 'Update - Cairn');
    await page.getByText('A new version is available').waitFor();
    await page.getByText(nextVersion, { exact: true }).waitFor();
    await page.getByText(CAIRN_VERSION, { exact: true }).waitFor();
    await page.getByText('Reports twice as fast; new click log columns.').waitFor();
    await page.getByRole('button', { name: /An update is available/ }).click();
    await page.getByRole('menuitem', { name: 'Update (new version)' }).waitFor();
    await context.close();
  });

  it('lists the backups with the restore command', async () => {
    const { page, context } = await openSession(browser, server.url);
    await page.goto('/panel/login?returnTo=%2Frollback');
    await signInThroughForm(page, adminLogin, adminPassword);
    await waitForTitle(page, 'Rollback - Cairn');
    await page.getByText('Stop Cairn, then run: cairn rollback <backup id>').waitFor();
    await context.close();
  });

  it('tells a plain user that update checks are not theirs', async () => {
    const { page, context } = await openSession(browser, server.url);
    await page.goto('/panel/login?returnTo=%2Fupdate');
    await signInThroughForm(page, plainLogin, plainPassword);
    await waitForTitle(page, 'Update - Cairn');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Permission denied');
    await context.close();
  });
});
