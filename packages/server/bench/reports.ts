// `npm run bench:reports -w @cairn/server [-- --clicks N] [--data-dir DIR] [--runs R]`: appends N clicks
// (default 10M, with their lander clicks and conversions) through the event store's append, then asks
// each report shape through the real HTTP API of a real server on that data and, in the same run, asks
// DuckDB the same question with the leanest hand-written SQL. Prints the median ms of each and their
// ratio. Then the whole-level reads of issue 53: the first page of 50k zones sorted by profit is one
// row of that table, and the CSV export of all of them is timed with the process's RSS growth beside
// DuckDB reading the same rows. A --data-dir that already holds a generated set of the same size is
// reused. A small run: `npm run bench:reports -w @cairn/server -- --clicks 200000 --runs 3`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPORT_PATHS } from '@cairn/contract';
import type { RunningCairn } from '../src/index.ts';
import { DuckDbEventStore } from '../src/store/events/duckdb.ts';
import type { TestBrowser } from '../test-support/server.ts';
import { argument } from './options.ts';
import { generate, SHAPE, ZONES } from './reportsData.ts';
import { signedIn, startBenchCairn } from './server.ts';

const DAY = 86_400_000;

const clicks = Number(argument('clicks', '10000000'));
const runs = Number(argument('runs', '11'));
const dataDir = path.resolve(
  argument('data-dir', fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-reports-'))),
);
const metaFile = path.join(dataDir, 'bench-reports.json');

interface Meta {
  clicks: number;
  /** t4's distinct values; absent in sets generated before t4 held zones. */
  zones?: number;
  events: number;
  to: number;
  bytes: number;
  seconds: number;
}

const start = (): Promise<RunningCairn> => startBenchCairn(dataDir);

/**
 * A GET on one kept-alive connection with the browser's cookies, the body read and parsed. Not fetch: undici
 * adds about 1 ms per call on its own side, which is the client's cost, not the API's.
 */
function apiClient(cairn: RunningCairn, browser: TestBrowser): (urlPath: string) => Promise<unknown> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(cairn.url);
  const cookie = browser.cookieHeader();
  return (urlPath) =>
    new Promise((resolve, reject) => {
      const request = http.get({ hostname, port, path: urlPath, agent, headers: { cookie } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) reject(new Error(`${urlPath}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
    });
}

/** Campaigns and offers with the ids the events use, so reports name them as they would in use. */
async function createEntities(): Promise<void> {
  const cairn = await start();
  try {
    const browser = await signedIn(cairn);
    for (let n = 1; n <= SHAPE.offers; n += 1) {
      const made = await browser.post('/api/offer', {
        name: `Offer ${n}`,
        url: `https://offer${n}.example/`,
      });
      if (made.status !== 201) throw new Error(`offer ${n}: ${made.text}`);
    }
    for (let n = 1; n <= SHAPE.campaigns; n += 1) {
      const flow = { defaultPaths: [{ name: 'Main', offers: [{ offerId: ((n * 7) % SHAPE.offers) + 1 }] }] };
      const made = await browser.post('/api/campaign', { name: `Campaign ${n}`, flow });
      if (made.status !== 201) throw new Error(`campaign ${n}: ${made.text}`);
    }
  } finally {
    await cairn.close();
  }
}

async function prepareData(): Promise<Meta> {
  if (fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Meta;
    if (meta.zones !== ZONES) {
      throw new Error(`${dataDir} was generated without ${ZONES} zones in t4: pick another --data-dir`);
    }
    if (meta.clicks === clicks) {
      console.log(`Reusing ${meta.clicks.toLocaleString('en')} clicks in ${dataDir}`);
      return meta;
    }
    throw new Error(`${dataDir} holds ${meta.clicks} clicks, not ${clicks}: pick another --data-dir`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  console.log(`Data directory: ${dataDir}`);
  await createEntities();
  const store = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'));
  const began = performance.now();
  let lastReport = began;
  const end = Math.floor(Date.now() / DAY) * DAY;
  const generated = await generate(store, clicks, end, (done) => {
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      const seconds = (lastReport - began) / 1000;
      console.log(`  ${done.toLocaleString('en')} clicks appended (${seconds.toFixed(0)} s)`);
    }
  });
  const seconds = (performance.now() - began) / 1000;
  const bytes = await store.sizeOnDisk();
  await store.close();
  const meta: Meta = { clicks, zones: ZONES, events: generated.events, to: generated.to, bytes, seconds };
  fs.writeFileSync(metaFile, JSON.stringify(meta));
  return meta;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const SUMS = `count_if(kind = 1) AS clicks, count_if(kind = 1 AND is_unique) AS unique_clicks,
  count_if(kind = 1 AND landing_id <> 0) AS lp_views, count_if(kind = 2) AS lp_clicks,
  sum(approved) AS approved, sum(pending) AS pending, sum(declined) AS declined, sum(revenue_micros) AS revenue,
  sum(CASE WHEN kind = 1 THEN cost_micros ELSE 0 END) AS cost`;

const resum = (prefix = '') =>
  ['clicks', 'unique_clicks', 'lp_views', 'lp_clicks', 'approved', 'pending', 'declined', 'revenue', 'cost']
    .map((column) => `sum(${prefix}${column}) AS ${column}`)
    .join(', ');

/** The same tree the API answers (top 100 > 20 > 10, each with its others row), written by hand. */
function nestedSql(where: string): string {
  return `WITH leaf AS (SELECT campaign_id AS c, offer_id AS o, country AS k, ${SUMS} FROM events WHERE ${where} GROUP BY ALL),
    l1 AS (SELECT c, ${resum()}, row_number() OVER (ORDER BY sum(clicks) DESC, c) AS rn FROM leaf GROUP BY c),
    l2 AS (SELECT leaf.c, o, ${resum('leaf.')}, row_number() OVER (PARTITION BY leaf.c ORDER BY sum(leaf.clicks) DESC, o) AS rn
      FROM leaf JOIN l1 ON l1.c = leaf.c AND l1.rn <= 100 GROUP BY leaf.c, o),
    l3 AS (SELECT leaf.*, row_number() OVER (PARTITION BY leaf.c, leaf.o ORDER BY leaf.clicks DESC, k) AS rn
      FROM leaf JOIN l2 ON l2.c = leaf.c AND l2.o = leaf.o AND l2.rn <= 20)
    SELECT 1 AS lvl, CASE WHEN rn <= 100 THEN c END AS c, NULL AS o, NULL AS k, ${resum()} FROM l1 GROUP BY 2
    UNION ALL SELECT 2, c, CASE WHEN rn <= 20 THEN o END, NULL, ${resum()} FROM l2 GROUP BY c, 3
    UNION ALL SELECT 3, c, o, CASE WHEN rn <= 10 THEN k END, ${resum()} FROM l3 GROUP BY c, o, 4`;
}

interface Shape {
  name: string;
  target: string;
  api: string;
  sql: string;
}

function shapes(to: number): Shape[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = (ms: number) => `TIMESTAMP '${iso(ms).replace('T', ' ').replace('Z', '')}'`;
  const week = { from: to - 7 * DAY, to };
  const month = { from: to - 30 * DAY, to };
  const range = (r: { from: number; to: number }) => `from=${iso(r.from)}&to=${iso(r.to)}`;
  const where = (r: { from: number; to: number }) => `ts >= ${stamp(r.from)} AND ts < ${stamp(r.to)}`;
  return [
    {
      name: '1 level: campaigns, 7 days',
      target: '<= 100 ms',
      api: `${REPORT_PATHS.report}?groupBy=campaign&${range(week)}&timezone=UTC`,
      sql: `SELECT campaign_id, ${SUMS} FROM events WHERE ${where(week)} GROUP BY campaign_id`,
    },
    {
      name: '3 levels: campaign > offer > country, 30 days',
      target: '<= 300 ms',
      api: `${REPORT_PATHS.report}?groupBy=campaign,offer,country&${range(month)}&timezone=UTC`,
      sql: nestedSql(where(month)),
    },
    {
      name: 'token 1 top 100, 30 days',
      target: '',
      api: `${REPORT_PATHS.report}?groupBy=token_1&limit=100&${range(month)}&timezone=UTC`,
      sql: `SELECT t1, ${SUMS} FROM events WHERE ${where(month)} GROUP BY t1 ORDER BY clicks DESC LIMIT 100`,
    },
    {
      name: `token 4 (${ZONES / 1000}k zones) by profit, first page, 30 days`,
      target: '<= 150 ms',
      api: `${REPORT_PATHS.report}?groupBy=token_4&sort=profit&order=asc&pageSize=100&${range(month)}&timezone=UTC`,
      sql: `SELECT t4, ${SUMS} FROM events WHERE ${where(month)} GROUP BY t4
        ORDER BY sum(revenue_micros) - sum(CASE WHEN kind = 1 THEN cost_micros ELSE 0 END), t4 LIMIT 100`,
    },
    {
      name: 'trend by hour, 7 days, Europe/Berlin',
      target: '',
      api: `${REPORT_PATHS.report}?groupBy=hour&${range(week)}&timezone=Europe%2FBerlin`,
      sql: `SELECT date_trunc('hour', (ts AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Berlin') AS hour, ${SUMS}
        FROM events WHERE ${where(week)} GROUP BY hour ORDER BY hour`,
    },
    {
      name: 'click log first page, country=DE, 7 days',
      target: '',
      api: `${REPORT_PATHS.clicks}?${range(week)}&timezone=UTC&filter%5Bcountry%5D=DE&limit=100`,
      sql: `SELECT ts, click_id, campaign_id, traffic_source_id, landing_id, offer_id, country, device_type, os,
        browser, ip, cost_micros FROM events WHERE kind = 1 AND ${where(week)} AND country = 'DE'
        ORDER BY ts DESC, click_id DESC LIMIT 101`,
    },
  ];
}

/** The body of a GET read and dropped as it streams in, counting its lines. */
function streamedLines(cairn: RunningCairn, browser: TestBrowser, urlPath: string): Promise<number> {
  const { hostname, port } = new URL(cairn.url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { hostname, port, path: urlPath, headers: { cookie: browser.cookieHeader() } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`${urlPath}: ${response.statusCode}`));
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
        });
        response.on('end', () => resolve(lines));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * The export of every zone sorted by profit: the HTTP download read as it streams (the server runs in
 * this process, so its RSS is ours, sampled every few ms for the peak), against DuckDB alone reading
 * the same rows in the same order, all at once.
 */
async function exportBench(cairn: RunningCairn, browser: TestBrowser, to: number): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = (ms: number) => `TIMESTAMP '${iso(ms).replace('T', ' ').replace('Z', '')}'`;
  const from = to - 30 * DAY;
  const urlPath = `${REPORT_PATHS.reportExport}?groupBy=token_4&sort=profit&order=asc&from=${iso(from)}&to=${iso(to)}&timezone=UTC`;
  const sql = `SELECT t4, ${SUMS} FROM events WHERE ts >= ${stamp(from)} AND ts < ${stamp(to)} GROUP BY t4
    ORDER BY sum(revenue_micros) - sum(CASE WHEN kind = 1 THEN cost_micros ELSE 0 END), t4`;
  const exportRuns = Math.min(runs, 3);
  const times: number[] = [];
  const growths: number[] = [];
  let lines = 0;
  for (let run = 0; run <= exportRuns; run += 1) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const began = performance.now();
    lines = await streamedLines(cairn, browser, urlPath);
    const elapsed = performance.now() - began;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    // The first run warms the caches, as in the table above.
    if (run > 0) {
      times.push(elapsed);
      growths.push((peak - before) / 1e6);
    }
  }
  const direct: number[] = [];
  for (let run = 0; run <= exportRuns; run += 1) {
    const began = performance.now();
    await cairn.events.query(sql);
    if (run > 0) direct.push(performance.now() - began);
  }
  const [e, d] = [median(times), median(direct)];
  console.log(
    `\nExport of every zone by profit, 30 days: ${(lines - 2).toLocaleString('en')} rows (header and total besides)`,
  );
  console.log(
    `  median of ${exportRuns}: ${e.toFixed(0)} ms (target <= 3000 ms); DuckDB alone ${d.toFixed(0)} ms; ratio ${(e / d).toFixed(2)}`,
  );
  console.log(
    `  RSS growth during the export, largest of ${exportRuns}: ${Math.max(...growths).toFixed(0)} MB (target <= 100 MB)`,
  );
}

async function main(): Promise<void> {
  const meta = await prepareData();
  console.log(
    `${meta.clicks.toLocaleString('en')} clicks (${meta.events.toLocaleString('en')} events) appended in ` +
      `${meta.seconds.toFixed(1)} s (${Math.round(meta.clicks / meta.seconds).toLocaleString('en')} clicks/s); ` +
      `${(meta.bytes / 1e6).toFixed(0)} MB on disk, ${(meta.bytes / meta.clicks).toFixed(1)} bytes per click`,
  );
  const cairn = await start();
  try {
    // The store sums closed quarter hours into its report summary a day at a time in the background;
    // on data generated (or summed by an older release) just now, that is done here first, timed.
    const summing = performance.now();
    let quarterHours = 0;
    for (;;) {
      const summed = (await cairn.events.refreshSummary?.()) ?? 0;
      if (summed === 0) break;
      quarterHours += summed;
    }
    const [summary] = await cairn.events.query('SELECT count(*) AS n FROM report_summary');
    const bytes = await cairn.events.sizeOnDisk();
    console.log(
      `Report summary: ${quarterHours.toLocaleString('en')} quarter hours summed in ` +
        `${((performance.now() - summing) / 1000).toFixed(1)} s, ${Number(summary?.n).toLocaleString('en')} rows; ` +
        `events.duckdb with it: ${(bytes / 1e6).toFixed(0)} MB, ${(bytes / meta.clicks).toFixed(1)} bytes per click`,
    );
    const get = apiClient(cairn, await signedIn(cairn));
    const rows: string[][] = [];
    for (const shape of shapes(meta.to)) {
      const api = async () => {
        const began = performance.now();
        await get(shape.api);
        return performance.now() - began;
      };
      const direct = async () => {
        const began = performance.now();
        await cairn.events.query(shape.sql);
        return performance.now() - began;
      };
      await api();
      await direct();
      const apiTimes: number[] = [];
      const directTimes: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        apiTimes.push(await api());
        directTimes.push(await direct());
      }
      const [a, d] = [median(apiTimes), median(directTimes)];
      rows.push([shape.name, a.toFixed(1), d.toFixed(1), (a / d).toFixed(2), shape.target]);
    }
    const header = ['shape', 'API ms', 'direct ms', 'API/direct', 'target'];
    const widths = header.map((title, index) =>
      Math.max(title.length, ...rows.map((row) => row[index]?.length ?? 0)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join(' | ')} |`;
    console.log(`\nMedian of ${runs} runs each (API: HTTP, auth, SQL, names, JSON; direct: DuckDB only)`);
    console.log(line(header));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    await exportBench(cairn, await signedIn(cairn), meta.to);
  } finally {
    await cairn.close();
  }
}

await main();
