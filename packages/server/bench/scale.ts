// `npm run bench:scale -w @cairn/server [-- --clicks N] [--data-dir DIR] [--runs R] [--only clicks|reports]`
// The scale-out layout on one machine, against a real PostgreSQL and ClickHouse (CAIRN_TEST_POSTGRES_URL,
// CAIRN_TEST_CLICKHOUSE_URL: `eval "$(.ci/postgres.sh start)"; eval "$(.ci/clickhouse.sh start)"`).
//
// 1. Clicks: `cairn start` nodes sharing the stores; autocannon drives one node with 50 connections,
//    then two nodes with 25 each at once (BENCH_SECONDS per run, default 10), in the same run. Prints
//    requests/s of each and their ratio, and checks that no answered click is missing from ClickHouse.
// 2. Reports: N clicks (default 10M) seeded with `cairn seed` into an embedded installation, which
//    `cairn migrate-store` copies into PostgreSQL + ClickHouse; an embedded node and a node on the
//    copies answer the same API calls, alternately. Prints the median ms of each and their ratio.
//    A --data-dir that holds a seeded and copied set of the same size is reused (its stores are kept).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPORT_PATHS } from '@cairn/contract';
import pg from 'pg';
import type { TestBrowser } from '../test-support/server.ts';
import { argument } from './options.ts';
import {
  benchCampaign,
  cairnCommand,
  type Load,
  load,
  type Node,
  PASSWORD,
  signedIn,
  startNode,
} from './scaleParts.ts';

const DAY = 86_400_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const postgresUrl = process.env.CAIRN_TEST_POSTGRES_URL;
const clickhouseUrl = process.env.CAIRN_TEST_CLICKHOUSE_URL?.replace(/\/+$/, '');
if (!postgresUrl || !clickhouseUrl) {
  console.error(
    'bench:scale needs CAIRN_TEST_POSTGRES_URL and CAIRN_TEST_CLICKHOUSE_URL: ' +
      'eval "$(bash .ci/postgres.sh start)"; eval "$(bash .ci/clickhouse.sh start)"',
  );
  process.exit(2);
}
const clicks = Number(argument('clicks', '10000000'));
const runs = Number(argument('runs', '7'));
const only = argument('only', 'all');
const givenDataDir = argument('data-dir', '');

const tag = () => `cairn_bench_${crypto.randomBytes(4).toString('hex')}`;
const withSchema = (schema: string) => {
  const url = new URL(postgresUrl);
  url.searchParams.set('schema', schema);
  return url.toString();
};

async function clickhouse(query: string): Promise<string> {
  const response = await fetch(`${clickhouseUrl}/`, { method: 'POST', body: query });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse: ${text}`);
  return text.trim();
}

async function dropStores(schema: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
  await clickhouse(`DROP DATABASE IF EXISTS ${database}`);
}

async function clickScaling(): Promise<void> {
  const schema = tag();
  const database = schema;
  const shared = {
    CAIRN_CONFIG_DB: withSchema(schema),
    CAIRN_EVENTS_DB: `${clickhouseUrl}/${database}`,
    CAIRN_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    // ClickHouse wants few large inserts (docs/configuration.md).
    CAIRN_FLUSH_INTERVAL_MS: '1000',
  };
  const dirs: string[] = [];
  const nodeEnv = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-scale-'));
    dirs.push(dir);
    return { ...shared, CAIRN_DATA_DIR: dir, CAIRN_NODE_ID: name };
  };
  const nodes: Node[] = [];
  try {
    console.log(
      `\n1. Clicks: one node, then two nodes on one PostgreSQL and ClickHouse (${DURATION} s per run)`,
    );
    const a = await startNode(nodeEnv('bench-a'));
    nodes.push(a);
    const key = await benchCampaign(await signedIn(a.url));
    const b = await startNode(nodeEnv('bench-b'));
    nodes.push(b);
    let answered = 0;
    const count = (run: Load) => {
      answered += run.redirects;
      return run;
    };
    count(await load(`${a.url}/`, key, 50, 3)); // warm-up (JIT, caches)
    count(await load(`${b.url}/`, key, 50, 3));
    const one = count(await load(`${a.url}/`, key, 50, DURATION));
    const [first, second] = (
      await Promise.all([load(`${a.url}/`, key, 25, DURATION), load(`${b.url}/`, key, 25, DURATION)])
    ).map(count) as [Load, Load];
    await Promise.all(nodes.splice(0).map((node) => node.stop()));
    const stored = Number(await clickhouse(`SELECT count() FROM ${database}.events WHERE kind = 1`));
    const two = first.rps + second.rps;
    console.log('');
    console.log('| figure | one node | two nodes | ratio |');
    console.log('|---|---|---|---|');
    console.log(
      `| clicks/s (302s), 50 connections in all | ${one.rps.toFixed(0)} | ${two.toFixed(0)} (${first.rps.toFixed(0)} + ${second.rps.toFixed(0)}) | ${(two / one.rps).toFixed(2)}x |`,
    );
    console.log(`| p99 latency (ms) | ${one.p99} | ${first.p99} / ${second.p99} | |`);
    console.log(`| failures (not a 302) | ${one.failures} | ${first.failures + second.failures} | |`);
    // autocannon stops counting at the end of a run while the last answers are on their way: a few
    // more are stored than it counted, never fewer.
    console.log(
      `| clicks counted by autocannon / stored in ClickHouse | ${answered} / ${stored} | | ${stored >= answered ? 'none lost' : 'LOST CLICKS'} |`,
    );
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await dropStores(schema, database);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Meta {
  clicks: number;
  seededAt: number;
  events: number;
  schema: string;
  database: string;
}

/** The seeded embedded installation and its copies in PostgreSQL + ClickHouse, made or reused. */
async function reportData(dataDir: string): Promise<Meta> {
  const metaFile = path.join(dataDir, 'bench-scale.json');
  if (fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Meta;
    if (meta.clicks !== clicks)
      throw new Error(`${dataDir} holds ${meta.clicks} clicks, not ${clicks}: pick another --data-dir`);
    const copied = await clickhouse(`SELECT count() FROM ${meta.database}.events`).catch(() => '0');
    if (Number(copied) === meta.events) {
      console.log(`Reusing ${clicks.toLocaleString('en')} seeded clicks in ${dataDir} and their copies`);
      return meta;
    }
    throw new Error(`The ClickHouse copy ${meta.database} of ${dataDir} is gone: pick another --data-dir`);
  }
  const env = { CAIRN_DATA_DIR: dataDir, CAIRN_ADMIN_PASSWORD: PASSWORD };
  const seededAt = Date.now();
  console.log(`Seeding ${clicks.toLocaleString('en')} clicks into ${dataDir} (cairn seed):`);
  let began = performance.now();
  await cairnCommand(['seed', '--clicks', String(clicks), '--days', '30', '--campaigns', '20'], env);
  console.log(`  seeded in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  // A first start makes the admin, who then moves with the rest of the configuration.
  await (await startNode({ CAIRN_DATA_DIR: dataDir })).stop();
  const schema = tag();
  console.log(
    `Copying into PostgreSQL schema ${schema} and ClickHouse database ${schema} (cairn migrate-store):`,
  );
  began = performance.now();
  await cairnCommand(
    ['migrate-store', '--to-config', withSchema(schema), '--to-events', `${clickhouseUrl}/${schema}`],
    env,
  );
  console.log(`  copied in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  const events = Number(await clickhouse(`SELECT count() FROM ${schema}.events`));
  const meta: Meta = { clicks, seededAt, events, schema, database: schema };
  fs.writeFileSync(metaFile, JSON.stringify(meta));
  return meta;
}

interface Shape {
  name: string;
  path: string;
}

function shapes(to: number): Shape[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const range = (days: number) => `from=${iso(to - days * DAY)}&to=${iso(to)}`;
  const ids = Array.from({ length: 40 }, (_, n) => n + 1).join(',');
  return [
    {
      name: 'campaign list numbers, 30 days',
      path: `${REPORT_PATHS.entityStats}?kind=campaign&ids=${ids}&${range(30)}&timezone=UTC`,
    },
    {
      name: '1 level: campaigns, 7 days',
      path: `${REPORT_PATHS.report}?groupBy=campaign&${range(7)}&timezone=UTC`,
    },
    {
      name: '3 levels: campaign > offer > country, 30 days',
      path: `${REPORT_PATHS.report}?groupBy=campaign,offer,country&${range(30)}&timezone=UTC`,
    },
    {
      name: 'token 1 top 100, 30 days',
      path: `${REPORT_PATHS.report}?groupBy=token_1&limit=100&${range(30)}&timezone=UTC`,
    },
    {
      name: 'trend by hour, 7 days, Europe/Berlin',
      path: `${REPORT_PATHS.report}?groupBy=hour&${range(7)}&timezone=Europe%2FBerlin`,
    },
    {
      name: 'click log first page, country=DE, 7 days',
      path: `${REPORT_PATHS.clicks}?${range(7)}&timezone=UTC&filter%5Bcountry%5D=DE&limit=100`,
    },
  ];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function reportLatency(): Promise<void> {
  const dataDir = path.resolve(
    givenDataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-scale-reports-')),
  );
  fs.mkdirSync(dataDir, { recursive: true });
  console.log(
    `\n2. Reports on ${clicks.toLocaleString('en')} seeded clicks: DuckDB (embedded) vs ClickHouse (after migrate-store)`,
  );
  const meta = await reportData(dataDir);
  const nodeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-scale-node-'));
  const nodes: Node[] = [];
  try {
    const embedded = await startNode({ CAIRN_DATA_DIR: dataDir });
    nodes.push(embedded);
    const scaled = await startNode({
      CAIRN_DATA_DIR: nodeDir,
      CAIRN_CONFIG_DB: withSchema(meta.schema),
      CAIRN_EVENTS_DB: `${clickhouseUrl}/${meta.database}`,
      CAIRN_SECRET_KEY: fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim(),
    });
    nodes.push(scaled);
    const onDuckDb = await signedIn(embedded.url);
    const onClickHouse = await signedIn(scaled.url);
    const timed = async (browser: TestBrowser, shapePath: string): Promise<number | string> => {
      const began = performance.now();
      const result = await browser.get(shapePath);
      return result.status === 200 ? performance.now() - began : `HTTP ${result.status}`;
    };
    const rows: string[][] = [];
    for (const shape of shapes(Math.ceil(meta.seededAt / 60_000) * 60_000)) {
      const duck: number[] = [];
      const house: number[] = [];
      let failed = { duck: '', house: '' };
      // Warm-up, then alternately, so both see the same moments of a noisy machine.
      await timed(onDuckDb, shape.path);
      await timed(onClickHouse, shape.path);
      for (let run = 0; run < runs; run += 1) {
        const d = await timed(onDuckDb, shape.path);
        const h = await timed(onClickHouse, shape.path);
        if (typeof d === 'number') duck.push(d);
        else failed = { ...failed, duck: d };
        if (typeof h === 'number') house.push(h);
        else failed = { ...failed, house: h };
      }
      const d = duck.length === runs ? median(duck) : null;
      const h = house.length === runs ? median(house) : null;
      rows.push([
        shape.name,
        d === null ? failed.duck : d.toFixed(0),
        h === null ? failed.house : h.toFixed(0),
        d !== null && h !== null ? `${(h / d).toFixed(2)}x` : '-',
      ]);
    }
    console.log(
      `\nMedian ms of ${runs} runs through the HTTP API (signed in; names, JSON), same data on both`,
    );
    console.log('| shape | DuckDB ms | ClickHouse ms | ClickHouse / DuckDB |');
    console.log('|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    fs.rmSync(nodeDir, { recursive: true, force: true });
    if (!givenDataDir) {
      await dropStores(meta.schema, meta.database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

console.log(
  `bench:scale on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}; ` +
    `PostgreSQL and ClickHouse on this machine too`,
);
if (only === 'all' || only === 'clicks') await clickScaling();
if (only === 'all' || only === 'reports') await reportLatency();
