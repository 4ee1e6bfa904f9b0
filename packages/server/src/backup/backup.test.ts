import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, type EntityStatsResponse, REPORT_PATHS } from '@cairn/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { cairn, startNode } from '../../test-support/cli.ts';
import { kindClient } from '../../test-support/entities.ts';
import {
  ADMIN_PASSWORD,
  removeTempDirs,
  startTestCairn,
  TestBrowser,
  tempDir,
} from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { MANIFEST_FILE, manifestSchema } from './manifest.ts';
import { runDueBackup } from './schedule.ts';

// The whole installation, backed up by `cairn backup` while a running server answers a stream of clicks,
// restored by `cairn restore` into an empty directory and started again: what was answered before the
// backup's mark is there, the same users sign in and the same campaign routes.

afterAll(removeTempDirs);

const OPS_PASSWORD = 'a quiet operator on duty';

interface Answered {
  clickId: string;
  /** When the answer had arrived here: the server sent it earlier. */
  at: number;
}

/** Clicks sent one after another on `lanes` connections until stopped; every answer must be a 302. */
function clickLoad(url: string, key: string, lanes = 2) {
  const answered: Answered[] = [];
  const problems: string[] = [];
  let running = true;
  const lane = async () => {
    while (running) {
      const response = await fetch(`${url}/click?key=${key}`, { redirect: 'manual' });
      const at = Date.now();
      await response.arrayBuffer();
      const clickId = new URL(response.headers.get('location') ?? 'x:').searchParams.get('c');
      if (response.status !== 302 || !clickId)
        problems.push(`${response.status} ${response.headers.get('location')}`);
      else answered.push({ clickId, at });
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, lane));
  return {
    answered,
    problems,
    async atLeast(count: number) {
      while (answered.length < count && problems.length === 0) await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

async function campaignClicks(browser: TestBrowser, id: number): Promise<number> {
  const day = 86_400_000;
  const from = new Date(Date.now() - day).toISOString();
  const to = new Date(Date.now() + day).toISOString();
  const result = await browser.get(
    `${REPORT_PATHS.entityStats}?kind=campaign&ids=${id}&from=${from}&to=${to}&timezone=UTC`,
  );
  expect(result.status, result.text).toBe(200);
  return Number(result.json<EntityStatsResponse>().stats[String(id)]?.clicks ?? 0);
}

async function installation(): Promise<{
  server: RunningCairn;
  browser: TestBrowser;
  key: string;
  campaignId: number;
}> {
  const server = await startTestCairn({
    dataDir: path.join(tempDir('cairn-backup-'), 'data'),
    configDb: null,
  });
  const browser = new TestBrowser(server.url);
  expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  await server.users.create({ login: 'ops', password: OPS_PASSWORD, role: 'user' });
  const offer = await kindClient(browser, 'offer').make({
    name: 'Kept offer',
    url: 'https://offer.example/?c={clickid}',
  });
  const campaign = await kindClient(browser, 'campaign').make<{ key: string; id: number }>({
    name: 'Kept campaign',
    flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
  });
  await server.tracking.table.settled();
  return { server, browser, key: campaign.key, campaignId: campaign.id };
}

describe('cairn backup and cairn restore', () => {
  it('backs up a serving installation; the restored copy has every click answered before the mark', async () => {
    const { server, key, campaignId } = await installation();
    const out = tempDir('cairn-backup-out-');
    let backupDir = '';
    const load = clickLoad(server.url, key);
    try {
      await load.atLeast(100);
      const backedUp = await cairn(['backup', '--to', out], { CAIRN_DATA_DIR: server.config.dataDir });
      expect(backedUp.code, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toContain('made by the running server');
      backupDir = /Backed up the installation to (\S+)/.exec(backedUp.stdout)?.[1] ?? '';
      expect(path.dirname(backupDir)).toBe(out);
      // Clicks keep being answered after the backup too.
      const after = load.answered.length;
      await load.atLeast(after + 20);
    } finally {
      await load.stop();
      await server.close();
    }
    expect(load.problems).toEqual([]);

    const manifest = manifestSchema.parse(
      JSON.parse(fs.readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8')),
    );
    expect(manifest.method).toBe('live');
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['cairn.duckdb', 'events.duckdb', 'secret.key', 'certificates.json']),
    );
    const mark = Date.parse(manifest.mark);
    const beforeMark = load.answered.filter((click) => click.at < mark);
    expect(beforeMark.length).toBeGreaterThanOrEqual(100);

    const restoredDir = path.join(tempDir('cairn-restored-'), 'data');
    const restored = await cairn(['restore', '--from', backupDir], { CAIRN_DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Every file matched its SHA-256');

    const again = await startTestCairn({ dataDir: restoredDir, configDb: null });
    try {
      const ids = new Set(
        (await again.events.query<{ click_id: string }>('SELECT click_id FROM events WHERE kind = 1')).map(
          (row) => row.click_id,
        ),
      );
      expect(beforeMark.filter((click) => !ids.has(click.clickId))).toEqual([]);
      const admin = new TestBrowser(again.url);
      expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      expect(await campaignClicks(admin, campaignId)).toBe(ids.size);
      expect((await new TestBrowser(again.url).signIn('ops', OPS_PASSWORD)).status).toBe(200);
      const click = await fetch(`${again.url}/click?key=${key}`, { redirect: 'manual' });
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toMatch(/^https:\/\/offer\.example\/\?c=/);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a damaged backup by naming the file, and a data directory that is not empty', async () => {
    const { server } = await installation();
    await server.close();
    // With the server stopped the CLI copies the files itself.
    const backedUp = await cairn(['backup'], { CAIRN_DATA_DIR: server.config.dataDir });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain('with Cairn stopped');
    const backupDir = /Backed up the installation to (\S+)/.exec(backedUp.stdout)?.[1] ?? '';

    const notEmpty = await cairn(['restore', '--from', backupDir], { CAIRN_DATA_DIR: server.config.dataDir });
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toContain('is not empty');

    const damaged = path.join(tempDir('cairn-damaged-'), 'copy');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const events = path.join(damaged, 'events.duckdb');
    const bytes = fs.readFileSync(events);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    fs.writeFileSync(events, bytes);
    const target = path.join(tempDir('cairn-restored-'), 'data');
    const refused = await cairn(['restore', '--from', damaged], { CAIRN_DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${events} does not match its SHA-256`);
    expect(fs.existsSync(target)).toBe(false);

    fs.rmSync(path.join(damaged, MANIFEST_FILE));
    const noManifest = await cairn(['restore', '--from', damaged], { CAIRN_DATA_DIR: target });
    expect(noManifest.stderr).toContain(`${damaged} is not a Cairn backup: it has no manifest.json`);
  }, 60_000);
});

describe('cairn backup of a stopped installation', () => {
  it('keeps clicks a killed server journaled but never stored, and the restored server stores each once', async () => {
    const dataDir = path.join(tempDir('cairn-killed-'), 'data');
    // Nothing moves from the journal to the event store before the kill.
    const env = {
      CAIRN_DATA_DIR: dataDir,
      CAIRN_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CAIRN_FLUSH_INTERVAL_MS: '600000',
    };
    const node = await startNode(env);
    const answered: string[] = [];
    try {
      const browser = new TestBrowser(node.url);
      expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const offer = await kindClient(browser, 'offer').make({
        name: 'O',
        url: 'https://offer.example/?c={clickid}',
      });
      const campaign = await kindClient(browser, 'campaign').make<{ key: string }>({
        name: 'C',
        flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
      });
      for (let sent = 0; sent < 40; sent += 1) {
        const click = await fetch(`${node.url}/click?key=${campaign.key}`, { redirect: 'manual' });
        answered.push(new URL(click.headers.get('location') ?? '').searchParams.get('c') ?? '');
      }
    } finally {
      node.child.kill('SIGKILL');
      await new Promise((resolve) => node.child.once('exit', resolve));
    }
    const backedUp = await cairn(['backup'], { CAIRN_DATA_DIR: dataDir });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toContain('click journal');
    const backupDir = /Backed up the installation to (\S+)/.exec(backedUp.stdout)?.[1] ?? '';
    const restoredDir = path.join(tempDir('cairn-restored-'), 'data');
    expect((await cairn(['restore', '--from', backupDir], { CAIRN_DATA_DIR: restoredDir })).code).toBe(0);
    const again = await startTestCairn({ dataDir: restoredDir, configDb: null });
    try {
      const stored = await again.events.query<{ click_id: string }>(
        'SELECT click_id FROM events WHERE kind = 1',
      );
      expect(stored.map((row) => row.click_id).sort()).toEqual([...answered].sort());
    } finally {
      await again.close();
    }
  }, 60_000);
});

describe('backups from the panel', () => {
  it('backs up now, lists it, and restores it at the next start after a confirmation', async () => {
    const { server, browser } = await installation();
    const dataDir = server.config.dataDir;
    let id = '';
    try {
      const taken = await browser.post(API_PATHS.backups);
      expect(taken.status, taken.text).toBe(200);
      id = taken.json<{ id: string }>().id;
      const listed = await browser.get(API_PATHS.backups);
      const backup = listed.json<{
        backups: { id: string; kind: string; contents: string[]; restorable: boolean }[];
      }>().backups[0];
      expect(backup).toMatchObject({ id, kind: 'installation', restorable: true });
      expect(backup?.contents).toEqual(
        expect.arrayContaining(['configuration', 'events', 'installation key']),
      );
      // Made after the backup: gone once it is restored.
      await kindClient(browser, 'offer').make({ name: 'Made later', url: 'https://later.example/' });
      const staged = await browser.post(`/api/backups/${id}/restore`);
      expect(staged.status, staged.text).toBe(200);
      expect(staged.json<{ message: string }>().message).toContain('restart Cairn');
      expect((await browser.get(API_PATHS.backups)).json<{ pendingRestore: string }>().pendingRestore).toBe(
        id,
      );
      expect((await browser.post('/api/backups/nonsense/restore')).status).toBe(409);
      // The CLI's route answers its token holder only.
      const stranger = await fetch(`${server.url}${API_PATHS.backupLocal}`, {
        method: 'POST',
        headers: { authorization: 'Bearer guess', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(stranger.status).toBe(404);
    } finally {
      await server.close();
    }
    const restarted = await startTestCairn({ dataDir, configDb: null });
    try {
      const admin = new TestBrowser(restarted.url);
      expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const offers = await restarted.store.query<{ name: string }>('SELECT name FROM offers');
      expect(offers.map((offer) => offer.name)).toEqual(['Kept offer']);
      const list = (await admin.get(API_PATHS.backups)).json<{
        pendingRestore: null;
        backups: { trigger: string }[];
      }>();
      expect(list.pendingRestore).toBeNull();
      expect(list.backups.map((backup) => backup.trigger)).toEqual(
        expect.arrayContaining(['manual', 'replaced']),
      );
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('does not apply a staged restore whose backup was damaged since, and says how to start without it', async () => {
    const { server, browser } = await installation();
    const dataDir = server.config.dataDir;
    let id = '';
    try {
      id = (await browser.post(API_PATHS.backups)).json<{ id: string }>().id;
      expect((await browser.post(`/api/backups/${id}/restore`)).status).toBe(200);
    } finally {
      await server.close();
    }
    const database = path.join(dataDir, 'backups', id, 'cairn.duckdb');
    fs.appendFileSync(database, 'damage');
    await expect(startTestCairn({ dataDir, configDb: null })).rejects.toThrow(
      `The backup is damaged: ${database} has`,
    );
    await expect(startTestCairn({ dataDir, configDb: null })).rejects.toThrow(
      `delete ${path.join(dataDir, 'restore-pending.json')} to start with the installation as it is`,
    );
    fs.rmSync(path.join(dataDir, 'restore-pending.json'));
    const started = await startTestCairn({ dataDir, configDb: null });
    await started.close();
  }, 60_000);

  it('keeps the schedule and prunes to the newest N', async () => {
    const { server, browser } = await installation();
    try {
      const saved = await browser.put(API_PATHS.backupSchedule, { enabled: true, hour: 0, keep: 2 });
      expect(saved.status, saved.text).toBe(200);
      expect((await browser.put(API_PATHS.backupSchedule, { enabled: true, hour: 24, keep: 2 })).status).toBe(
        400,
      );
      for (let made = 0; made < 3; made += 1) {
        expect((await browser.post(API_PATHS.backups)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const list = (await browser.get(API_PATHS.backups)).json<{
        schedule: unknown;
        backups: { kind: string }[];
      }>();
      expect(list.schedule).toEqual({ enabled: true, hour: 0, keep: 2 });
      expect(list.backups.filter((backup) => backup.kind === 'installation')).toHaveLength(2);

      // The job's check: one backup a UTC day once the hour has come, none while the schedule is off.
      let now = Date.parse('2030-01-02T05:00:00Z');
      const deps = {
        dataDir: server.config.dataDir,
        store: server.store,
        events: server.events,
        storeJournal: () => server.tracking.recorder.flushNow(),
        version: 'test',
        secretKeyFromEnv: false,
        now: () => now,
      };
      expect((await runDueBackup(deps))?.manifest.trigger).toBe('scheduled');
      now += 3_600_000;
      expect(await runDueBackup(deps)).toBeNull();
      now += 86_400_000;
      await browser.put(API_PATHS.backupSchedule, { enabled: false, hour: 0, keep: 2 });
      expect(await runDueBackup(deps)).toBeNull();
      const kept = (await browser.get(API_PATHS.backups)).json<{
        backups: { kind: string; trigger: string }[];
      }>();
      expect(kept.backups.filter((backup) => backup.kind === 'installation')).toHaveLength(2);
      expect(kept.backups[0]?.trigger).toBe('scheduled');
    } finally {
      await server.close();
    }
  }, 60_000);
});
