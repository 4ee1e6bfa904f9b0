// `npm run bench:instructions -w @cairn/server`: the CPU instructions Cairn's own click path takes, counted
// by valgrind's callgrind. The click handler runs in one process on the bench:click campaign (10 rules,
// enrichment, uniqueness, journal), fed stub requests and answering stub responses, so what is counted is
// Cairn's work on a click, not Node's HTTP parsing and socket writes (which the bare server of bench:click
// pays too). The flusher is held back while counting: storing clicks is the helper threads' work.
//
// Why instructions: on this shared 2-core host a server's speed moves by 20% within seconds, so timings of
// two versions a few percent apart tell nothing; the instruction count of the same code repeats to a few
// percent. `--single-threaded` and `--no-concurrent-recompilation` put V8's compiling and marking on the
// main thread, so they are counted in the order they happen instead of interleaved by the scheduler.
// Instructions are not time (cache misses and system calls are not in them): read them next to bench:click.
//
// Prints instructions a click, split by where they ran (Cairn's own JavaScript, V8's builtins and runtime,
// garbage collection, the JIT compiler ...), and the functions that take the most. BENCH_CLICKS (default
// 20,000) are counted after BENCH_WARM_CLICKS (default 40,000); needs valgrind (`apt-get install valgrind`).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCairn } from '../src/index.ts';
import { createClickHandler } from '../src/tracking/clickHandler.ts';
import { BENCH_PASSWORD, benchClickPaths, clickHeaders, tenRuleCampaign } from './clickParts.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 20_000);
const WARM_CLICKS = Number(process.env.BENCH_WARM_CLICKS ?? 40_000);
const BATCH = 32;
/**
 * The clicks' clock runs at a burst's pace, 30 clicks a millisecond: under valgrind a click takes ~50
 * times as long, so the wall clock would give every click a millisecond of its own and defeat what the
 * click path keeps per millisecond (a click id's time characters, the uniqueness cookie's expiry text).
 */
const CLICKS_PER_MS = 30;

/** The child under valgrind: a Cairn in this process, clicks through its handler on cue. */
async function clicker(cueDir: string): Promise<void> {
  // Inside the cue directory, so the parent's clean-up removes it too.
  const dataDir = path.join(cueDir, 'data');
  const running = await startCairn({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    trustProxy: 1,
    adminLogin: 'admin',
    adminPassword: BENCH_PASSWORD,
    // Nothing is stored while counting (see above); the journal still takes every click.
    flushIntervalMs: 24 * 3600 * 1000,
  });
  const { key } = await tenRuleCampaign(running.url.replace('localhost', '127.0.0.1'));
  const paths = benchClickPaths(key);
  const quiet = () => undefined;
  const start = Date.now();
  let sent = 0;
  let answered = 0;
  const handler = createClickHandler({
    runtime: running.tracking,
    now: () => start + Math.floor(sent / CLICKS_PER_MS),
    trustProxy: running.config.trustProxy,
    logger: { debug: quiet, warn: quiet, error: (error: unknown) => console.error(error) },
  });
  const socket = { remoteAddress: '127.0.0.1', encrypted: false };
  const response = () =>
    ({
      headersSent: false,
      writeHead(this: { headersSent: boolean }) {
        this.headersSent = true;
      },
      end() {
        answered += 1;
      },
      destroy() {
        throw new Error('a click failed');
      },
    }) as unknown as ServerResponse;
  const clicks = async (count: number) => {
    for (let done = 0; done < count; done += BATCH) {
      for (let index = 0; index < BATCH; index += 1) {
        sent += 1;
        const headers = clickHeaders(sent);
        const request = {
          method: 'GET',
          url: paths[sent % paths.length],
          rawHeaders: Object.entries(headers).flat(),
          socket,
        } as unknown as IncomingMessage;
        void handler.serve(request, response());
      }
      while (answered < sent) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const cue = async (name: string) => {
    while (!fs.existsSync(path.join(cueDir, name))) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await clicks(WARM_CLICKS);
  fs.writeFileSync(path.join(cueDir, 'ready'), '');
  await cue('go');
  await clicks(CLICKS);
  fs.writeFileSync(path.join(cueDir, 'done'), '');
  await cue('exit');
  process.exit(0);
}

interface Row {
  instructions: number;
  name: string;
}

/** JIT code's names from V8's perf map, by address. */
function jitNames(pid: number): (address: number) => string | null {
  const entries = fs
    .readFileSync(`/tmp/perf-${pid}.map`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start = '0', size = '0', ...name] = line.split(' ');
      return {
        start: Number.parseInt(start, 16),
        end: Number.parseInt(start, 16) + Number.parseInt(size, 16),
        name: name.join(' '),
      };
    })
    .sort((a, b) => a.start - b.start);
  return (address) => {
    let low = 0;
    let high = entries.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const entry = entries[middle] as (typeof entries)[number];
      if (address < entry.start) high = middle - 1;
      else if (address >= entry.end) low = middle + 1;
      else return entry.name;
    }
    return null;
  };
}

/** Self instructions by function, from callgrind_annotate. */
function rowsOf(outFile: string, pid: number): { total: number; rows: Row[] } {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', outFile], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const nameOf = jitNames(pid);
  let total = 0;
  const byName = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const instructions = Number((match[1] as string).replaceAll(',', ''));
    let name = (match[2] as string).replace(/\s*\[[^\]]*\]$/, '').replace(/^\?\?\?:/, '');
    if (name.includes('PROGRAM TOTALS')) {
      total = instructions;
      continue;
    }
    const address = /^0x([0-9a-f]+)$/.exec(name);
    if (address) name = nameOf(Number.parseInt(address[1] as string, 16)) ?? name;
    byName.set(name, (byName.get(name) ?? 0) + instructions);
  }
  const rows = [...byName].map(([name, instructions]) => ({ name, instructions }));
  return { total, rows: rows.sort((a, b) => b.instructions - a.instructions) };
}

const CATEGORIES: [string, RegExp][] = [
  ["Cairn's JavaScript", /^JS:.*file:\/\//],
  ["Node's JavaScript", /^JS:.*node:/],
  ['garbage collection', /Marking|Scaveng|Sweep|MarkCompact|Heap::|heap::|Evacuat|IterateObjectCache/],
  ['JIT compiler', /compiler::|maglev::/],
  ['DuckDB (journal stays unflushed, so start-up leftovers)', /duckdb/],
  ['V8 builtins', /^Builtins_/],
  ['V8 runtime (JSON, strings, maps ...)', /v8::|icu_/],
];

async function main(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log('bench:instructions needs valgrind (apt-get install valgrind); skipped.');
    return;
  }
  const cueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-cues-'));
  const outFile = path.join(cueDir, 'callgrind.out');
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      '--single-threaded',
      '--no-concurrent-recompilation',
      '--perf-basic-prof-only-functions',
      fileURLToPath(import.meta.url),
    ],
    { env: { ...process.env, CAIRN_BENCH_CUES: cueDir }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const cue = async (name: string) => {
    while (!fs.existsSync(path.join(cueDir, name))) {
      if (child.exitCode !== null) throw new Error(`the clicker exited (${child.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const pid = String(child.pid);
  console.log(`bench:instructions: ${WARM_CLICKS} clicks to warm up under callgrind, then ${CLICKS} counted`);
  try {
    await cue('ready');
    execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' });
    fs.writeFileSync(path.join(cueDir, 'go'), '');
    await cue('done');
    execFileSync('callgrind_control', ['--instr=off', pid], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--dump', pid], { stdio: 'ignore' });
    fs.writeFileSync(path.join(cueDir, 'exit'), '');
    await exited;
    const dumped = fs
      .readdirSync(cueDir)
      .filter((name) => name.startsWith('callgrind.out'))
      .map((name) => path.join(cueDir, name))
      .map((file) => ({ file, ...rowsOf(file, Number(pid)) }))
      .sort((a, b) => b.total - a.total)[0];
    if (!dumped || dumped.total === 0) throw new Error('callgrind counted nothing');
    const perClick = (instructions: number) => Math.round(instructions / CLICKS).toLocaleString('en-US');
    console.log('');
    console.log(`| instructions a click | ${perClick(dumped.total)} |`);
    console.log('|---|---|');
    const byCategory = new Map<string, number>();
    for (const row of dumped.rows) {
      const category = CATEGORIES.find(([, pattern]) => pattern.test(row.name))?.[0] ?? 'other native code';
      byCategory.set(category, (byCategory.get(category) ?? 0) + row.instructions);
    }
    for (const [category, instructions] of [...byCategory].sort((a, b) => b[1] - a[1])) {
      console.log(`| ${category} | ${perClick(instructions)} |`);
    }
    console.log('');
    console.log('| function (self) | instructions a click |');
    console.log('|---|---|');
    for (const row of dumped.rows.slice(0, 25)) {
      const name = row.name.replace(/file:\/\/\/.*?\/packages\//, '').slice(0, 110);
      console.log(`| ${name.replaceAll('|', '\\|')} | ${perClick(row.instructions)} |`);
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(cueDir, { recursive: true, force: true });
    fs.rmSync(`/tmp/perf-${pid}.map`, { force: true });
  }
}

if (process.env.CAIRN_BENCH_CUES) await clicker(process.env.CAIRN_BENCH_CUES);
else await main();
