import { API_PATHS } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Clock, startTestCairn, TestBrowser, tempDir } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { openData } from '../runtime.ts';
import { MIGRATIONS } from '../store/config/migrate.ts';

const running: RunningCairn[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
});

const MINUTE = 60_000;

async function lastSeen(cairn: RunningCairn): Promise<number[]> {
  const rows = await cairn.store.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions');
  return rows.map((row) => row.last_seen_at.getTime());
}

describe('idle sessions', () => {
  it('end after the idle timeout, while a session in use lives on to its lifetime', async () => {
    const clock = new Clock();
    const cairn = await startTestCairn({ now: clock.now, sessionIdleMinutes: 30, sessionLifetimeHours: 2 });
    running.push(cairn);
    const browser = new TestBrowser(cairn.url);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    for (let n = 0; n < 4; n++) {
      clock.advance(29 * MINUTE);
      expect((await browser.get(API_PATHS.role)).status).toBe(200);
    }
    // Used every 29 minutes, it still ends at its absolute lifetime.
    clock.advance(5 * MINUTE);
    expect((await browser.get(API_PATHS.role)).status).toBe(401);

    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    clock.advance(30 * MINUTE + 1000);
    expect((await browser.get(API_PATHS.role)).status).toBe(401);
    expect(await lastSeen(cairn)).toEqual([]);
  });

  it('records use at most once a minute', async () => {
    const clock = new Clock();
    const cairn = await startTestCairn({ now: clock.now });
    running.push(cairn);
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    const signedInAt = clock.ms;
    clock.advance(20_000);
    await browser.get(API_PATHS.role);
    clock.advance(20_000);
    await browser.get(API_PATHS.role);
    expect(await lastSeen(cairn)).toEqual([signedInAt]);
    clock.advance(30_000);
    await browser.get(API_PATHS.role);
    expect(await lastSeen(cairn)).toEqual([clock.ms]);
  });

  it('keep sessions made before the upgrade, counting their idle time from their creation', async () => {
    const dataDir = tempDir();
    const config = { dataDir, secretKey: null, now: Date.now };
    const before = MIGRATIONS.filter((migration) => migration.version < 4);
    const old = await openData(config, 'test', before);
    const createdAt = '2026-03-01T11:00:00.000Z';
    await old.store.execute(
      `INSERT INTO sessions (id_hash, user_id, pending_two_factor, created_at, expires_at)
       VALUES ('h', 1, FALSE, CAST($1 AS TIMESTAMPTZ), CAST($1 AS TIMESTAMPTZ) + INTERVAL 1 DAY)`,
      [createdAt],
    );
    await old.close();
    const upgraded = await openData(config, 'test');
    try {
      const rows = await upgraded.store.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions');
      expect(rows.map((row) => row.last_seen_at.toISOString())).toEqual([createdAt]);
    } finally {
      await upgraded.close();
    }
  });
});
