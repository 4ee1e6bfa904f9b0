// `npm run bench:export -w @cairn/server [-- --clicks N] [--data-dir DIR]`: appends N clicks (default 1M,
// with their lander clicks and conversions, the data of bench:reports) through the event store's append,
// then exports every raw event of the span to Parquet three ways in one run, each timed with the peak RSS
// growth of this process (sampled every few ms): the event-store port's export (what `cairn export
// events` does with Cairn stopped), the HTTP download of a real server on that data (what the panel and
// a `cairn export events` beside a running server get), and, as the baseline, DuckDB's COPY of the same
// table written by hand. The file is read back by DuckDB for its row count. Don't run 10M on a small box.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EVENT_EXPORT_PATHS } from '@cairn/contract';
import { DuckDBInstance } from '@duckdb/node-api';
import { EVENT_KIND } from '../src/events/event.ts';
import { DuckDbEventStore } from '../src/store/events/duckdb.ts';
import type { EventExportSpec } from '../src/store/events/port.ts';
import { argument } from './options.ts';
import { generate, SPAN_DAYS } from './reportsData.ts';
import { signedIn, startBenchCairn } from './server.ts';

const DAY = 86_400_000;

const clicks = Number(argument('clicks', '1000000'));
const dataDir = path.resolve(
  argument('data-dir', fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-export-'))),
);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-export-out-'));

interface Measured {
  seconds: number;
  rssGrowthMb: number;
}

/** Runs `work`, sampling this process's RSS every 5 ms for the peak above where it started. */
async function measured(work: () => Promise<void>): Promise<Measured> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const began = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - began) / 1000, rssGrowthMb: (peak - before) / 1e6 };
}

async function rowsOf(file: string): Promise<number> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const [row] = (
      await connection.runAndReadAll(`SELECT count(*) AS n FROM read_parquet('${file}')`)
    ).getRowObjectsJson();
    return Number(row?.n);
  } finally {
    connection.closeSync();
  }
}

function line(label: string, result: Measured, rows: number, bytes: number): void {
  console.log(
    `  ${label.padEnd(34)} ${result.seconds.toFixed(2)} s, ${Math.round(rows / result.seconds).toLocaleString('en')} rows/s, ` +
      `peak RSS growth ${result.rssGrowthMb.toFixed(0)} MB, ${(bytes / 1e6).toFixed(1)} MB file`,
  );
}

async function main(): Promise<void> {
  const end = Math.floor(Date.now() / DAY) * DAY;
  const from = end - SPAN_DAYS * DAY;
  const file = path.join(dataDir, 'events.duckdb');
  if (!fs.existsSync(file)) {
    console.log(`Appending ${clicks.toLocaleString('en')} clicks to ${file}`);
    const store = await DuckDbEventStore.open(file);
    await generate(store, clicks, end);
    await store.close();
  }
  const spec: EventExportSpec = {
    format: 'parquet',
    kinds: [EVENT_KIND.click, EVENT_KIND.lpClick, EVENT_KIND.conversion, EVENT_KIND.costChange],
    from,
    to: end + DAY,
    offsets: [],
  };
  console.log(`\nRaw events of ${SPAN_DAYS + 1} days to Parquet (${clicks.toLocaleString('en')} clicks):`);

  const store = await DuckDbEventStore.open(file);
  const viaPort = path.join(outDir, 'port.parquet');
  const port = await measured(() => store.exportEvents(spec, viaPort));
  const rows = await rowsOf(viaPort);
  line('event-store port (cairn export)', port, rows, fs.statSync(viaPort).size);
  const direct = path.join(outDir, 'direct.parquet');
  const baseline = await measured(async () => {
    await store.query(`COPY (SELECT * FROM events) TO '${direct}' (FORMAT parquet)`);
  });
  line('baseline: DuckDB COPY of the table', baseline, await rowsOf(direct), fs.statSync(direct).size);
  await store.close();

  const cairn = await startBenchCairn(dataDir);
  try {
    const browser = await signedIn(cairn);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const viaHttp = path.join(outDir, 'http.parquet');
    const http = await measured(async () => {
      const response = await fetch(
        `${cairn.url}${EVENT_EXPORT_PATHS.events}?from=${day(from)}&to=${day(end)}&format=parquet&zone=UTC`,
        { headers: { cookie: browser.cookieHeader() } },
      );
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      await pipeline(
        Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
        fs.createWriteStream(viaHttp),
      );
    });
    line('HTTP download (server in process)', http, await rowsOf(viaHttp), fs.statSync(viaHttp).size);
  } finally {
    await cairn.close();
  }
  fs.rmSync(outDir, { recursive: true, force: true });
}

await main();
