import fs from 'node:fs';
import path from 'node:path';
import { CAIRN_VERSION } from '@cairn/server';
import { describe, expect, it } from 'vitest';
import { e2eSuite, tempDir, waitForTitle } from './support.ts';

const plainLogin = 'buyer';
const plainPassword = 'a plain user password';
const nextVersion = '99.0.0';

function releaseFeed(): string {
  const feed = path.join(tempDir(), 'releases.json');
  fs.writeFileSync(
    feed,
    JSON.stringify({
      releases: [{ version: nextVersion, notes: 'Reports twice as fast; new click log columns.' }],
    }),
  );
  return feed;
}

const e2e = e2eSuite({
  server: () => ({ updateFeed: releaseFeed() }),
  setup: async ({ server }) => {
    await server.users.create({ login: plainLogin, password: plainPassword, role: 'user' });
  },
});

describe('update and rollback pages', () => {
  it('shows the running and the latest version with the release notes, and flags the menu', async () => {
    const { page } = await e2e.signIn(undefined, '/update');
    await waitForTitle(page, 'Update - Cairn');
    await page.getByText('A new version is available').waitFor();
    await page.getByText(nextVersion, { exact: true }).waitFor();
    await page.getByText(CAIRN_VERSION, { exact: true }).waitFor();
    await page.getByText('Reports twice as fast; new click log columns.').waitFor();
    await page.getByRole('button', { name: /An update is available/ }).click();
    await page.getByRole('menuitem', { name: 'Update (new version)' }).waitFor();
  });

  it('backs the installation up now and lists it with the restore command', async () => {
    const { page } = await e2e.signIn(undefined, '/rollback');
    await waitForTitle(page, 'Rollback - Cairn');
    await page.getByText(/cairn restore --from <backup directory>/).waitFor();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('Whole installation').first().waitFor();
  });

  it('tells a plain user that update checks are not theirs', async () => {
    const { page } = await e2e.signIn({ login: plainLogin, password: plainPassword }, '/update');
    await waitForTitle(page, 'Update - Cairn');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Permission denied');
  });
});
