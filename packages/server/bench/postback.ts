// `npm run bench:postback -w @cairn/server`: seeds BENCH_CLICKS clicks (default 10M) through the event
// store's bulk path (`cairn seed`), measures click lookup by id (the postback's way to its click: random
// seeded ids, one at a time, then many at once as concurrent postbacks ask) and then conversions
// recorded per second through the real HTTP endpoint: `cairn start` pinned to core 0, autocannon on
// core 1, each request a postback for a different seeded click, the clicks spread over the seeded days.
// Prints the figures with the event store's size; afterwards checks that every answered postback is
// one conversion in the config store (plus those still in flight when a run stopped).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrackingLinksResponse } from '@cairn/contract';
import autocannon from 'autocannon';
import { resolveConfig } from '../src/config.ts';
import { clickTimeOf } from '../src/events/clickId.ts';
import { openData, openEventStore } from '../src/runtime.ts';
import { ArchivedEventStore } from '../src/store/clicks/archivedStore.ts';
import { api, BENCH_PASSWORD } from './clickParts.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../src/cli.ts');
const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);
/** A data directory `cairn seed --clicks BENCH_CLICKS` filled before, copied instead of seeding anew. */
const SEEDED_DIR = process.env.BENCH_SEEDED_DIR;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const LOOKUPS = 1000;
const UNKNOWN_LOOKUPS = 300;
/** Lookups in flight at once for the concurrent figure, as many as the postback connections below. */
const IN_FLIGHT = 50;
/**
 * Seeded clicks the postbacks go to, each once: more than a fast machine converts in the warm-up and the
 * timed run (a click's second postback is a duplicate, answered but not recorded).
 */
const STORED_IDS = 200_000;
/** Clicks made just before their postbacks: within the 50,000 the server keeps in memory. */
const FRESH_CLICKS = 30_000;
const WARM_CONNECTIONS = 10;
const hasTaskset = fs.existsSync('/usr/bin/taskset') && os.cpus().length >= 2;

/** Runs a child on the given cores ('0', '0-1'); the bench itself is pinned to core 1, which children inherit. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, cores: string): ChildProcess {
  const [file, argv] = hasTaskset ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
  return spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
}

function output(child: ChildProcess, until?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = until?.exec(buffer);
      if (match) resolve(match[1] ?? match[0]);
    });
    child.on('exit', (code) =>
      code === 0 && !until ? resolve(buffer) : reject(new Error(`exit ${code}\n${buffer}`)),
    );
  });
}

/** The installation's postback key, as the panel's tracking links hand it out. */
async function postbackKeyOf(base: string): Promise<string> {
  const cookies = new Map<string, string>();
  await api(base, cookies, 'GET', '/api/mode');
  await api(base, cookies, 'POST', '/api/user/sign_in', { login: 'admin', password: BENCH_PASSWORD });
  const links = (await api(base, cookies, 'GET', '/api/tracking/links')) as unknown as TrackingLinksResponse;
  return new URL(links.domains[0]?.postbackUrl ?? '').searchParams.get('key') ?? '';
}

/** Clicks made through /click on a direct-to-offer campaign; their ids read from the redirects. */
async function freshClicks(base: string, count: number): Promise<string[]> {
  const cookies = new Map<string, string>();
  await api(base, cookies, 'GET', '/api/mode');
  await api(base, cookies, 'POST', '/api/user/sign_in', { login: 'admin', password: BENCH_PASSWORD });
  const offer = await api(base, cookies, 'POST', '/api/offer', {
    name: 'bench fresh offer',
    url: 'https://offer.example/?c={clickid}',
    payoutMicros: 3_000_000,
  });
  const campaign = await api(base, cookies, 'POST', '/api/campaign', {
    name: 'bench fresh campaign',
    flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
  });
  const ids: string[] = [];
  await autocannon({
    url: `${base}/click?key=${campaign.key}`,
    connections: 20,
    amount: count,
    requests: [
      {
        onResponse: (_status, _body, _context, headers) => {
          const location = String((headers as Record<string, unknown>).location ?? '');
          const id = new URL(location, 'https://x').searchParams.get('c');
          if (id) ids.push(id);
        },
      },
    ],
  });
  return ids;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-postback-'));
  const env = {
    CAIRN_DATA_DIR: dataDir,
    CAIRN_LOG_LEVEL: 'silent',
    CAIRN_ADMIN_PASSWORD: BENCH_PASSWORD,
  };
  console.log(
    `postback benchmark: ${CLICKS.toLocaleString('en-US')} seeded clicks, ${DURATION} s of postbacks`,
  );
  try {
    const seedStarted = performance.now();
    if (SEEDED_DIR) {
      // A copy of a store `cairn seed` filled before: seeding 10M clicks takes far longer than the
      // measurement. The installation key goes with the store it sealed; a node id only once a server has
      // started there.
      for (const file of ['cairn.duckdb', 'events.duckdb', 'secret.key', 'node-id']) {
        if (fs.existsSync(path.join(SEEDED_DIR, file))) {
          fs.copyFileSync(path.join(SEEDED_DIR, file), path.join(dataDir, file));
        }
      }
      // Its click archive too when it has one; else the first open below copies the clicks in.
      if (fs.existsSync(path.join(SEEDED_DIR, 'clicks'))) {
        fs.cpSync(path.join(SEEDED_DIR, 'clicks'), path.join(dataDir, 'clicks'), { recursive: true });
      }
      // A server that started there made its admin, whose password this run must know; a store only
      // `cairn seed` filled has none yet, and the server's first start below makes it with this run's.
      if (fs.existsSync(path.join(SEEDED_DIR, 'node-id'))) {
        const reset = run(
          process.execPath,
          [cli, 'user', 'reset-password', 'admin', '--password-stdin'],
          env,
          '0-1',
        );
        reset.stdin?.end(`${BENCH_PASSWORD}\n`);
        await output(reset);
      }
      console.log(`copied the seeded store of ${SEEDED_DIR}`);
    } else {
      const seeded = await output(
        run(process.execPath, [cli, 'seed', '--clicks', String(CLICKS), '--days', '7'], env, '0-1'),
      );
      console.log(seeded.trim().split('\n').at(-1));
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // Lookups in this process, before the server takes the data dir.
    const config = resolveConfig({ dataDir });
    const events = await openEventStore(config);
    let backfill = '';
    if (events instanceof ArchivedEventStore) {
      const started = performance.now();
      await events.backfilled;
      const seconds = (performance.now() - started) / 1000;
      if (seconds > 1) backfill = `, its clicks copied into the archive in ${seconds.toFixed(0)} s`;
    }
    const sample = (
      await events.query<{ click_id: string }>(
        `SELECT click_id FROM events WHERE kind = 1 USING SAMPLE ${2 * LOOKUPS + STORED_IDS} ROWS`,
      )
    ).map((row) => row.click_id);
    const lookups: number[] = [];
    for (const clickId of sample.slice(0, LOOKUPS)) {
      const started = performance.now();
      const found = await events.findClick(clickId, clickTimeOf(clickId) ?? 0);
      lookups.push(performance.now() - started);
      if (!found) throw new Error(`seeded click ${clickId} not found`);
    }
    // Ids no click has, each carrying a seeded click's time (what a hostile or misdirected postback
    // brings): the whole way a postback goes before its 404, the cleared clicks included.
    const misses: number[] = [];
    for (const clickId of sample.slice(0, UNKNOWN_LOOKUPS)) {
      const unknown = `${clickId.slice(0, 10)}${'z'.repeat(clickId.length - 10)}`;
      const clickTime = clickTimeOf(unknown) ?? 0;
      const started = performance.now();
      const found =
        (await events.findClick(unknown, clickTime)) ?? (await events.findClearedClick(unknown, clickTime));
      misses.push(performance.now() - started);
      if (found) throw new Error(`unknown id ${unknown} found`);
    }
    // The same number of other ids, IN_FLIGHT lookups always waiting, as concurrent postbacks ask.
    const crowd = sample.slice(LOOKUPS, 2 * LOOKUPS);
    let asked = 0;
    const crowdStarted = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (asked < crowd.length) {
          const clickId = crowd[asked++] as string;
          if (!(await events.findClick(clickId, clickTimeOf(clickId) ?? 0))) {
            throw new Error(`seeded click ${clickId} not found`);
          }
        }
      }),
    );
    const crowdPerSecond = crowd.length / ((performance.now() - crowdStarted) / 1000);
    const storeBytes = await events.sizeOnDisk();
    const archiveBytes = events instanceof ArchivedEventStore ? events.clickArchiveStatus().bytes : 0;
    await events.close();

    const server = run(
      process.execPath,
      [cli, 'start'],
      { ...env, CAIRN_PORT: '0', CAIRN_HOST: '127.0.0.1' },
      '0',
    );
    const base = (await output(server, /Panel:\s+(http:\/\/[^/\s]+)/)).replace('localhost', '127.0.0.1');
    try {
      const postbackKey = await postbackKeyOf(base);
      let ids = sample.slice(2 * LOOKUPS);
      let next = 0;
      let recorded = 0;
      let recordedInAll = 0;
      const postbacks = (run: { seconds: number } | { amount: number }, connections: number) =>
        autocannon({
          url: base,
          connections,
          ...('seconds' in run ? { duration: run.seconds } : { amount: run.amount }),
          requests: [
            {
              setupRequest: (request) => {
                const clickId = ids[next % ids.length];
                next += 1;
                return {
                  ...request,
                  path: `/postback?clickid=${clickId}&payout=2.5&status=approved&txid=b${next}&key=${postbackKey}`,
                };
              },
              onResponse: (status, body) => {
                if (status === 200 && body === 'OK') {
                  recorded += 1;
                  recordedInAll += 1;
                }
              },
            },
          ],
        });
      const warm = await postbacks({ seconds: 2 }, WARM_CONNECTIONS); // warm-up (JIT, caches); these count too
      recorded = 0;
      const result = await postbacks({ seconds: DURATION }, IN_FLIGHT);
      const storedRecorded = recorded;
      const storedIdsUsed = next;
      // The same for clicks made a moment ago: the postback finds them in memory, not in the store. Each
      // gets one postback, and the rate is theirs over the time they took.
      ids = await freshClicks(base, FRESH_CLICKS);
      next = 0;
      recorded = 0;
      const freshStarted = performance.now();
      const fresh = await postbacks({ amount: ids.length }, IN_FLIGHT);
      const freshSeconds = (performance.now() - freshStarted) / 1000;
      const freshRecorded = recorded;
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      const data = await openData(config, 'postback benchmark');
      const [row] = await data.store.query<{ n: number }>('SELECT count(*) AS n FROM conversions');
      await data.close();
      console.log('');
      console.log('| figure | value | target |');
      console.log('|---|---|---|');
      console.log(
        `| clicks seeded (cairn seed, bulk path) | ${CLICKS.toLocaleString('en-US')} ${SEEDED_DIR ? `copied from ${SEEDED_DIR}` : `in ${seedSeconds.toFixed(1)} s`} | |`,
      );
      console.log(
        `| event store size: events.duckdb + click archive | ${((storeBytes - archiveBytes) / 1e6).toFixed(0)} MB + ${(archiveBytes / 1e6).toFixed(0)} MB (${(archiveBytes / CLICKS).toFixed(0)} bytes a click)${backfill} | |`,
      );
      console.log(
        `| click lookup by id, median / p90 (ms, ${LOOKUPS} random seeded ids, one at a time) | ${median(lookups).toFixed(2)} / ${percentile(lookups, 0.9).toFixed(2)} | <= 5 median |`,
      );
      console.log(
        `| unknown click id, median / p90 (ms, ${UNKNOWN_LOOKUPS} ids no click has, at seeded clicks' times) | ${median(misses).toFixed(2)} / ${percentile(misses, 0.9).toFixed(2)} | |`,
      );
      console.log(
        `| click lookups per second, ${IN_FLIGHT} at once (${crowd.length} other random seeded ids) | ${crowdPerSecond.toFixed(0)} | |`,
      );
      console.log(
        `| conversions recorded per second (HTTP /postback, ${IN_FLIGHT} connections, seeded clicks) | ${(storedRecorded / DURATION).toFixed(0)} (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms) | >= 1,000 |`,
      );
      console.log(
        `| the same for clicks still in memory (${ids.length} made through /click just before, one postback each) | ${(freshRecorded / freshSeconds).toFixed(0)} (p50 ${fresh.latency.p50} ms, p99 ${fresh.latency.p99} ms) | |`,
      );
      console.log(
        `| non-2xx answers / errors | ${result.non2xx + fresh.non2xx} / ${result.errors + fresh.errors} | 0 |`,
      );
      // A timed run stops with a request in flight on each connection: the server still records those.
      const cutOff = WARM_CONNECTIONS + IN_FLIGHT;
      console.log(
        `| conversions in the config store / postbacks answered OK | ${Number(row?.n)} / ${recordedInAll} | equal, or more by at most ${cutOff} (cut off at the timed runs' ends) |`,
      );
      const duplicates = warm['2xx'] + result['2xx'] + fresh['2xx'] - recordedInAll;
      console.log(
        `| postbacks answered as duplicates (a seeded id used twice: ${storedIdsUsed} of ${sample.length - 2 * LOOKUPS}) | ${duplicates} | 0 |`,
      );
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (hasTaskset && !process.env.CAIRN_BENCH_PINNED) {
  // The load generator runs on core 1, away from the server.
  const self = spawn('taskset', ['-c', '1', process.execPath, fileURLToPath(import.meta.url)], {
    env: { ...process.env, CAIRN_BENCH_PINNED: '1' },
    stdio: 'inherit',
  });
  self.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}
