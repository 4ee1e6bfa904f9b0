import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, type Backup, entityPath } from '@cairn/contract';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { TestBrowser, tempDir } from '../test-support/server.ts';

// `kill -9` of the real CLI at start-up, in the middle of writes and under load: a restart on the same data
// dir comes up and holds every change that was answered. A database that cannot open stops the CLI with a
// message naming the file and the way back (`cairn rollback`), never a native stack trace.

const CLI = path.join(import.meta.dirname, 'cli.ts');
const PASSWORD = 'crash-restart-Passphrase-5';
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  /** Resolves with the base URL once the banner is printed; rejects when the process exits first. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function launch(dataDir: string, args = ['start']): Started {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      CAIRN_DATA_DIR: dataDir,
      CAIRN_PORT: '0',
      CAIRN_HOST: '127.0.0.1',
      CAIRN_LOG_LEVEL: 'silent',
      CAIRN_ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Panel:\s+(http:\/\/\S+?)\/panel\//.exec(stdout);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`cairn exited (${code ?? signal}) before it was up: ${stdout}${stderr}`)),
    );
  });
  ready.catch(() => {});
  return { child, ready, exited };
}

async function kill9(started: Started): Promise<void> {
  started.child.kill('SIGKILL');
  await started.exited;
}

async function signedIn(url: string): Promise<TestBrowser> {
  const browser = new TestBrowser(url);
  expect((await browser.signIn('admin', PASSWORD)).status).toBe(200);
  return browser;
}

/** Creates offers from `workers` parallel loops until stopped; returns the ids answered with 201. */
function createOffers(browser: TestBrowser, workers: number) {
  const created: number[] = [];
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let n = 0; !stopped && n < 2000; n++) {
      try {
        const result = await browser.post(entityPath.list('offer'), {
          name: `crash ${worker}-${n}`,
          url: 'https://offer.example/?c={clickid}',
        });
        if (result.status === 201) created.push(result.json<{ id: number }>().id);
        // Reads between writes, as a panel under use makes them.
        if (n % 3 === 0) await browser.get(`${entityPath.list('offer')}?pageSize=5`);
      } catch {
        return; // the server is gone
      }
    }
  });
  return {
    created,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function expectAllPresent(browser: TestBrowser, ids: readonly number[]): Promise<void> {
  expect(ids.length).toBeGreaterThan(0);
  const missing: number[] = [];
  for (const id of ids) {
    if ((await browser.get(entityPath.item('offer', id))).status !== 200) missing.push(id);
  }
  expect(missing).toEqual([]);
}

describe('kill -9', () => {
  it('at any point of start-up leaves a data dir the next start opens', async () => {
    const dataDir = tempDir('cairn-kill-start-');
    // Spread over the first second (migrations, key, super-admin, event store, listen), and once on the banner.
    const delays: (number | 'banner')[] = [
      0,
      20,
      60,
      120,
      200,
      320,
      480,
      700,
      950,
      Math.floor(Math.random() * 1000),
    ];
    for (const delay of [...delays, 'banner' as const]) {
      const started = launch(dataDir);
      if (delay === 'banner') await started.ready;
      else await Promise.race([new Promise((resolve) => setTimeout(resolve, delay)), started.ready]);
      await kill9(started);
    }
    const restarted = launch(dataDir);
    const url = await restarted.ready;
    const browser = await signedIn(url);
    expect((await browser.get(API_PATHS.health)).json()).toMatchObject({ status: 'ok' });
    await kill9(restarted);
  }, 90_000);

  it('in the middle of writes keeps every answered change', async () => {
    const dataDir = tempDir('cairn-kill-write-');
    const first = launch(dataDir);
    const writes = createOffers(await signedIn(await first.ready), 1);
    while (writes.created.length < 25) await new Promise((resolve) => setTimeout(resolve, 20));
    await kill9(first);
    await writes.stop();

    const second = launch(dataDir);
    await expectAllPresent(await signedIn(await second.ready), writes.created);
    await kill9(second);
  }, 60_000);

  it('under load keeps every answered change, across repeated kills', async () => {
    const dataDir = tempDir('cairn-kill-load-');
    const answered: number[] = [];
    for (let round = 0; round < 2; round++) {
      const server = launch(dataDir);
      const writes = createOffers(await signedIn(await server.ready), 8);
      while (writes.created.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      await kill9(server);
      await writes.stop();
      answered.push(...writes.created);
    }
    const last = launch(dataDir);
    await expectAllPresent(await signedIn(await last.ready), answered);
    await kill9(last);
  }, 90_000);
});

describe('a database that cannot open', () => {
  async function preparedDataDir(): Promise<{ dataDir: string; backup: Backup }> {
    const dataDir = tempDir('cairn-broken-');
    const server = launch(dataDir);
    const browser = await signedIn(await server.ready);
    const backup = (await browser.post(API_PATHS.backups)).json<Backup>();
    await kill9(server);
    return { dataDir, backup };
  }

  function expectRecoveryMessage(result: { code: number | null; stderr: string }, file: string): void {
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain(`Cannot open ${file}`);
    expect(result.stderr).toContain('cairn rollback');
    expect(result.stderr).toContain('cairn rollback <backup id>');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }

  it('stops the CLI with the file and the recovery steps when the write-ahead log is damaged', async () => {
    const { dataDir, backup } = await preparedDataDir();
    const database = path.join(dataDir, 'cairn.duckdb');
    // A write left in the log (no checkpoint on close), then damaged on disk.
    const instance = await DuckDBInstance.create(database);
    const connection = await instance.connect();
    await connection.run('PRAGMA disable_checkpoint_on_shutdown');
    await connection.run("INSERT INTO settings (key, value) SELECT 'k' || range, 'v' FROM range(200)");
    connection.closeSync();
    instance.closeSync();
    const wal = fs.readFileSync(`${database}.wal`);
    for (let at = 30; at < wal.length; at += 61) wal[at] = (wal[at] ?? 0) ^ 0xff;
    fs.writeFileSync(`${database}.wal`, wal);

    const broken = launch(dataDir);
    expectRecoveryMessage(await broken.exited, database);
    expect((await broken.exited).stderr).toContain('cairn.duckdb.wal');

    // The steps it names work: list, restore, start.
    const listed = launch(dataDir, ['rollback']);
    await listed.exited;
    const restore = launch(dataDir, ['rollback', backup.id]);
    expect((await restore.exited).code).toBe(0);
    const recovered = launch(dataDir);
    await signedIn(await recovered.ready);
    await kill9(recovered);
  }, 60_000);

  it('names a damaged database file or event store the same way', async () => {
    const { dataDir } = await preparedDataDir();
    const events = path.join(dataDir, 'events.duckdb');
    fs.writeFileSync(events, Buffer.alloc(fs.statSync(events).size, 0x33));
    expectRecoveryMessage(await launch(dataDir).exited, events);

    const database = path.join(dataDir, 'cairn.duckdb');
    fs.truncateSync(database, 5000);
    const broken = launch(dataDir, ['migrate']);
    expectRecoveryMessage(await broken.exited, database);
  }, 60_000);
});
