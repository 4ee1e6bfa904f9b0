// `npm run bench:click -w @cairn/server`: a full click (a campaign with 10 rules of mixed criteria,
// enrichment, uniqueness, journal, storage) against a bare node:http server answering a fixed 302, both
// pinned to core 0 with taskset while the load generator runs on core 1, in the same run.
//
// The headline is the server's CPU a click, sustained: BENCH_ROUNDS paired rounds (default 3) of a paced
// load at BENCH_RATE requests/s (default 3,000) for BENCH_SECONDS (default 15) from visitors never seen
// before, the server's CPU time (all its threads, from /proc) counted from the first request until the
// clicks are stored (the journal drained), divided by the requests; the bare server measured the same
// way. Both are warmed the same way first. Each round also gives p50/p99 at that rate, and the run the
// server's RSS, bytes a click on disk and the flusher's throughput.
//
// Requests/s at 50 connections (autocannon, BENCH_BURST_ROUNDS paired rounds, default 3) come last and
// are secondary: a round where the generator's core was saturated measured the generator, so it is
// flagged and left out of the requests/s ratio.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchFigure, keepBenchResult, targetFigure } from '@cairn/tooling/benchResults';
import autocannon from 'autocannon';
import {
  BENCH_PASSWORD,
  benchClickPaths,
  busyShare,
  clickHeaders,
  coreTimes,
  duckdbFreeBytes,
  median,
  processSeconds,
  rssOf,
  sum,
  tenRuleCampaign,
  threadSeconds,
} from './clickParts.ts';
import { type PacedResult, pacedLoad } from './pacedLoad.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../src/cli.ts');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BURST_SECONDS = 10;
const BURST_ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 3);
/** A load generator's core this busy set the pace itself: its round says nothing of the server. */
const SATURATED = 0.95;
const hasTaskset = fs.existsSync('/usr/bin/taskset') && os.cpus().length >= 2;
/** The core the load generator (this process) is pinned to. */
const LOAD_CORE = 1;

function pinned(core: number, command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const [file, argv] = hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
  return spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = pattern.exec(buffer);
      if (match) resolve(match[1] ?? match[0]);
    });
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before: ${pattern}\n${buffer}`)));
  });
}

/**
 * Requests/s with 50 connections each sending its next request as soon as the last is answered, and how
 * busy the load generator's core was meanwhile: near 100% the generator, not the server, set the pace.
 */
async function load(url: string, options: { paths: string[] }) {
  let index = 0;
  const generatorBefore = coreTimes(LOAD_CORE);
  const result = await autocannon({
    url,
    connections: 50,
    duration: BURST_SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          index += 1;
          return {
            ...request,
            path: options.paths[index % options.paths.length],
            headers: clickHeaders(index),
          };
        },
      },
    ],
  });
  const non2xx = result.non2xx - (result.statusCodeStats?.['302']?.count ?? 0);
  return {
    rps: result.requests.average,
    errors: result.errors + non2xx,
    generatorBusy: busyShare(generatorBefore, coreTimes(LOAD_CORE)),
  };
}

interface SustainedRound extends PacedResult {
  /** Server CPU (all threads) a request, from the first request until the clicks were stored, in us. */
  cpuUs: number;
  /** How busy the load generator's core was while it sent. */
  generatorBusy: number;
}

interface BurstRound {
  bare: number;
  click: number;
  bareGenerator: number;
  clickGenerator: number;
}

const percent = (share: number) => `${(share * 100).toFixed(0)}%`;

async function main(): Promise<void> {
  console.log(
    `click benchmark: ${ROUNDS} paired rounds of ${RATE}/s for ${SECONDS} s, ` +
      `servers ${hasTaskset ? 'pinned to core 0, load on core 1' : 'unpinned (no taskset)'}`,
  );
  const bare = pinned(0, process.execPath, [
    '-e',
    "require('node:http').createServer((q,s)=>{s.writeHead(302,{location:'https://offer.example/?c=x','cache-control':'no-store'});s.end()}).listen(0,'127.0.0.1',function(){console.log('port '+this.address().port)})",
  ]);
  const barePort = await waitForLine(bare, /port (\d+)/);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-click-'));
  const cairn = pinned(0, process.execPath, [cli, 'start'], {
    CAIRN_DATA_DIR: dataDir,
    CAIRN_PORT: '0',
    CAIRN_HOST: '127.0.0.1',
    CAIRN_LOG_LEVEL: 'silent',
    CAIRN_TRUST_PROXY: '1',
    CAIRN_ADMIN_PASSWORD: BENCH_PASSWORD,
  });
  const base = (await waitForLine(cairn, /Panel:\s+(http:\/\/[^/\s]+)/)).replace('localhost', '127.0.0.1');
  try {
    const { key, monitor: monitorNow } = await tenRuleCampaign(base);
    const clickPaths = benchClickPaths(key);
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    const bareTarget = { url: bareUrl, paths: ['/click?key=x'], pid: bare.pid, drain: async () => undefined };
    // Until every click answered is in events.duckdb: storing them is part of what a click costs.
    const drain = async () => {
      const start = performance.now();
      while ((await monitorNow()).journal.backlogEvents > 0 && performance.now() - start < 120_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return (performance.now() - start) / 1000;
    };
    const cairnTarget = { url: `${base}/`, paths: clickPaths, pid: cairn.pid, drain };
    // Every request of the run comes from a visitor no earlier request came from.
    let visitors = 0;
    const sustained = async (
      target: typeof cairnTarget | typeof bareTarget,
      seconds = SECONDS,
    ): Promise<SustainedRound> => {
      const first = visitors;
      visitors += Math.round(RATE * seconds);
      const cpuBefore = processSeconds(target.pid);
      const generatorBefore = coreTimes(LOAD_CORE);
      const run = await pacedLoad(target.url, {
        rate: RATE,
        seconds,
        request: (index) => ({
          path: target.paths[index % target.paths.length] as string,
          headers: clickHeaders(first + index),
        }),
      });
      const generatorBusy = busyShare(generatorBefore, coreTimes(LOAD_CORE));
      await target.drain();
      const cpuUs = ((processSeconds(target.pid) - cpuBefore) * 1e6) / Math.max(run.sent, 1);
      return { ...run, cpuUs, generatorBusy };
    };

    // Both warmed alike: the same paced load, long enough for V8 to optimize the hot paths.
    await sustained(bareTarget, 5);
    await sustained(cairnTarget, 5);
    const rounds: { bare: SustainedRound; click: SustainedRound }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Which server goes first alternates, so a host slowing down over a round favours neither.
      const bareFirst = round % 2 === 0;
      const first = await sustained(bareFirst ? bareTarget : cairnTarget);
      const second = await sustained(bareFirst ? cairnTarget : bareTarget);
      rounds.push(bareFirst ? { bare: first, click: second } : { bare: second, click: first });
    }
    const cpuRatios = rounds.map((round) => round.bare.cpuUs / round.click.cpuUs);
    const cpuRatio = median(cpuRatios);
    const medianRound = rounds[cpuRatios.indexOf(cpuRatio)] as (typeof rounds)[number];
    const rss = rssOf(cairn.pid);

    // Requests/s at 50 connections, paired the same way after a warm-up of each.
    await load(bareUrl, { paths: bareTarget.paths });
    await load(`${base}/`, { paths: clickPaths.slice(0, 4) });
    await drain();
    const bursts: BurstRound[] = [];
    let burstErrors = { bare: 0, click: 0 };
    for (let round = 0; round < BURST_ROUNDS; round += 1) {
      const bareRun = await load(bareUrl, { paths: bareTarget.paths });
      const clickRun = await load(`${base}/`, { paths: clickPaths });
      await drain();
      bursts.push({
        bare: bareRun.rps,
        click: clickRun.rps,
        bareGenerator: bareRun.generatorBusy,
        clickGenerator: clickRun.generatorBusy,
      });
      burstErrors = { bare: burstErrors.bare + bareRun.errors, click: burstErrors.click + clickRun.errors };
    }
    const fair = bursts.filter(
      (round) => !hasTaskset || Math.max(round.bareGenerator, round.clickGenerator) < SATURATED,
    );
    const rpsRatio = fair.length > 0 ? median(fair.map((round) => round.click / round.bare)) : Number.NaN;

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const monitor = await monitorNow();
    const threads = threadSeconds(cairn.pid);
    cairn.kill('SIGTERM');
    await new Promise((resolve) => cairn.once('exit', resolve));
    const eventsFile = path.join(dataDir, 'events.duckdb');
    const eventsBytes = fs.statSync(eventsFile).size;
    const freeBytes = await duckdbFreeBytes(eventsFile);
    // The click archive keeps each click once more for postbacks (store/clicks/archive.ts).
    const archiveDir = path.join(dataDir, 'clicks');
    const archiveBytes = fs.existsSync(archiveDir)
      ? fs
          .readdirSync(archiveDir)
          .reduce((total, name) => total + fs.statSync(path.join(archiveDir, name)).size, 0)
      : 0;
    const flushed = Math.max(monitor.journal.flushedTotal, 1);
    const bytesPerClick = (eventsBytes + archiveBytes) / flushed;
    const errors = {
      click: burstErrors.click + sum(rounds.map((round) => round.click.errors)),
      bare: burstErrors.bare + sum(rounds.map((round) => round.bare.errors)),
    };
    const { bare: bareMedian, click: clickMedian } = medianRound;

    console.log('');
    console.log('| figure | Cairn /click | bare node:http 302 | ratio / target |');
    console.log('|---|---|---|---|');
    console.log(
      `| server CPU a request, sustained ${RATE}/s, storage included (us), round of the median ratio | ${clickMedian.cpuUs.toFixed(1)} | ${bareMedian.cpuUs.toFixed(1)} | ${cpuRatio.toFixed(2)}x (target >= 0.50x) |`,
    );
    console.log(
      `| each round's CPU a request (us), Cairn / bare | ${rounds.map((round) => `${round.click.cpuUs.toFixed(1)} / ${round.bare.cpuUs.toFixed(1)}`).join(', ')} | | |`,
    );
    console.log(
      `| p50 / p99 / max at ${RATE}/s, round of the median ratio (ms) | ${clickMedian.p50} / ${clickMedian.p99} / ${clickMedian.max} | ${bareMedian.p50} / ${bareMedian.p99} / ${bareMedian.max} | |`,
    );
    console.log(
      `| load generator at ${RATE}/s: core busy, lag p99 (ms) | ${percent(clickMedian.generatorBusy)}, ${clickMedian.lagP99} | ${percent(bareMedian.generatorBusy)}, ${bareMedian.lagP99} | |`,
    );
    console.log(`| server RSS after the paced rounds | ${(rss / 1e6).toFixed(0)} MB | | target <= 350 MB |`);
    console.log(
      `| requests/s, 50 connections, each round (generator core busy) | ${bursts.map((round) => `${round.click.toFixed(0)} (${percent(round.clickGenerator)})`).join(', ')} | ${bursts.map((round) => `${round.bare.toFixed(0)} (${percent(round.bareGenerator)})`).join(', ')} | ${Number.isNaN(rpsRatio) ? `no ratio: every round's generator was saturated (>= ${percent(SATURATED)})` : `${rpsRatio.toFixed(2)}x, median of ${fair.length} unsaturated rounds`} |`,
    );
    console.log(`| errors / non-redirects | ${errors.click} | ${errors.bare} | |`);
    console.log(
      `| server CPU over the run | main thread ${threads.main.toFixed(1)} s, worker pool ${threads.pool.toFixed(1)} s | | |`,
    );
    console.log(
      `| clicks flushed into events.duckdb | ${monitor.journal.flushedTotal} (last batch ${monitor.journal.lastFlushMs} ms, ${monitor.journal.eventsPerSecond.toFixed(0)} events/s) | | |`,
    );
    console.log(
      `| bytes per click on disk: events.duckdb + click archive | ${(eventsBytes / flushed).toFixed(1)} + ${(archiveBytes / flushed).toFixed(1)} = ${bytesPerClick.toFixed(1)} (${((eventsBytes + archiveBytes) / 1e6).toFixed(1)} MB) | | target <= 100 |`,
    );
    console.log(
      `| of which events.duckdb's free blocks (filled again before the file grows) | ${(freeBytes / flushed).toFixed(1)} (${(freeBytes / 1e6).toFixed(1)} MB) | | |`,
    );
    const figures: BenchFigure[] = [
      targetFigure(
        {
          key: 'cpuRatio',
          label: `Bare server's CPU a request over Cairn's CPU a click, sustained ${RATE}/s (median of ${ROUNDS} rounds)`,
          value: cpuRatio,
          unit: 'x',
        },
        { atLeast: 0.5 },
      ),
      {
        key: 'clickCpuUs',
        label: 'Cairn: server CPU a click, storage included',
        value: clickMedian.cpuUs,
        unit: 'us',
      },
      {
        key: 'bareCpuUs',
        label: 'Bare node:http 302: server CPU a request',
        value: bareMedian.cpuUs,
        unit: 'us',
      },
      { key: 'clickP50Ms', label: `Cairn: p50 at ${RATE}/s`, value: clickMedian.p50, unit: 'ms' },
      { key: 'clickP99Ms', label: `Cairn: p99 at ${RATE}/s`, value: clickMedian.p99, unit: 'ms' },
      { key: 'bareP99Ms', label: `Bare server: p99 at ${RATE}/s`, value: bareMedian.p99, unit: 'ms' },
      targetFigure(
        { key: 'rssMB', label: 'Cairn: RSS after the paced rounds', value: rss / 1e6, unit: 'MB' },
        { atMost: 350 },
      ),
      targetFigure(
        {
          key: 'bytesPerClick',
          label: 'Bytes a click on disk (events.duckdb + click archive)',
          value: bytesPerClick,
          unit: 'bytes',
        },
        { atMost: 100 },
      ),
      { key: 'errors', label: 'Errors and non-redirects, Cairn', value: errors.click, unit: '' },
    ];
    if (!Number.isNaN(rpsRatio)) {
      figures.push({
        key: 'rpsRatio',
        label: `Requests/s at 50 connections, Cairn over bare (median of ${fair.length} unsaturated rounds)`,
        value: rpsRatio,
        unit: 'x',
      });
    }
    keepBenchResult('click', figures, {
      rate: RATE,
      seconds: SECONDS,
      rounds: ROUNDS,
      burstRounds: BURST_ROUNDS,
    });
  } finally {
    bare.kill('SIGKILL');
    if (cairn.exitCode === null) cairn.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (hasTaskset && !process.env.CAIRN_BENCH_PINNED) {
  // The load generator itself runs on core 1, away from the servers.
  const self = spawn('taskset', ['-c', String(LOAD_CORE), process.execPath, fileURLToPath(import.meta.url)], {
    env: { ...process.env, CAIRN_BENCH_PINNED: '1' },
    stdio: 'inherit',
  });
  self.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}
