// Benchmark of the ClickHouse event store (not a test), against the server of `.ci/clickhouse.sh`:
//   eval "$(.ci/clickhouse.sh start)" && node packages/server/bench/clickhouseColumns.ts [events]
// Fills a fresh database with synthetic events over 90 days (generated inside ClickHouse, in several
// inserts so several parts exist, as in a live table), then prints: findClick through the sort key vs
// the click_ids lookup table, a daily campaign report read raw vs FINAL vs two dedup subqueries, the
// cost of an append with a journal mark (staging + anti-join) vs a plain insert, LowCardinality vs
// String sizes, and deleteBefore by partition drop vs mutation. Medians of several runs each.
import crypto from 'node:crypto';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { ClickHouseEventStore } from '../src/store/events/clickhouse.ts';
import { sampleClick } from '../test-support/sampleEvents.ts';

const base = process.env.CAIRN_TEST_CLICKHOUSE_URL;
if (!base) throw new Error('Set CAIRN_TEST_CLICKHOUSE_URL (eval "$(.ci/clickhouse.sh start)")');
const total = Number(process.argv[2] ?? 3_000_000);
const database = `cairn_bench_${crypto.randomBytes(4).toString('hex')}`;
const store = await ClickHouseEventStore.open({ url: `${base.replace(/\/$/, '')}/${database}` });
// Filling and OPTIMIZE FINAL of millions of rows take longer than the client's default 30 s.
const client: ClickHouseClient = createClient({ url: base, database, request_timeout: 600_000 });
const DAYS = 90;
const START = Math.floor(Date.parse('2026-01-01T00:00:00Z') / 1000);

async function all<T>(query: string, settings: Record<string, number> = {}): Promise<T[]> {
  const result = await client.query({
    query,
    format: 'JSONEachRow',
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0, ...settings },
  });
  return result.json<T>();
}

/** Median wall time (ms) of `runs` runs, and the rows the last one read (from system.query_log). */
async function measure(query: string, runs = 5): Promise<{ ms: number; rows: number; result: unknown[] }> {
  const times: number[] = [];
  let id = '';
  let result: unknown[] = [];
  // One unmeasured run, so every variant meets warm caches.
  await (await client.query({ query, format: 'JSONEachRow' })).json();
  for (let run = 0; run < runs; run += 1) {
    id = `bench-${crypto.randomUUID()}`;
    const begin = performance.now();
    const answer = await client.query({
      query,
      format: 'JSONEachRow',
      query_id: id,
      clickhouse_settings: { log_queries: 1 },
    });
    result = await answer.json();
    times.push(performance.now() - begin);
  }
  await client.command({ query: 'SYSTEM FLUSH LOGS' });
  const [log] = await all<{ read_rows: number }>(
    `SELECT read_rows FROM system.query_log WHERE query_id = '${id}' AND type = 2`,
  );
  times.sort((a, b) => a - b);
  return {
    ms: Math.round((times[Math.floor(times.length / 2)] as number) * 10) / 10,
    rows: Number(log?.read_rows),
    result,
  };
}

const pick = (list: string[], salt: number) =>
  `arrayElement([${list.map((item) => `'${item}'`).join(', ')}], 1 + cityHash64(number, ${salt}) % ${list.length})`;
// Time-ordered ids like the real ones: milliseconds first, then random characters.
const generated = `SELECT
  multiIf(number % 20 = 0, 3, number % 5 = 0, 2, 1) AS kind,
  toDateTime(${START} + intDiv(number * ${DAYS * 86400}, ${total}), 'UTC') AS ts,
  concat(toString(toUInt64(ts) * 1000 + number % 1000), substring(hex(cityHash64(number)), 1, 10)) AS click_id,
  toInt16(kind != 1) AS seq, ts AS click_ts,
  toInt32(1 + cityHash64(number, 1) % 200) AS campaign_id, toInt32(campaign_id % 7) AS campaign_group_id,
  toInt32(campaign_id % 20) AS traffic_source_id, toInt32(0) AS rotation_id, toInt16(cityHash64(number, 2) % 3) AS rule,
  toInt16(1 + cityHash64(number, 3) % 4) AS path, toInt32(cityHash64(number, 4) % 300) AS landing_id,
  toInt32(1 + cityHash64(number, 5) % 500) AS offer_id, toInt32(offer_id % 30) AS affiliate_network_id,
  ${pick(['US', 'DE', 'FR', 'GB', 'BR', 'IN', 'ES', 'IT', 'PL', 'NL', 'CA', 'MX'], 6)} AS country,
  concat(country, '-', toString(cityHash64(number, 7) % 20)) AS region, concat('city', toString(cityHash64(number, 8) % 3000)) AS city,
  concat('isp', toString(cityHash64(number, 9) % 800)) AS isp, toInt32(cityHash64(number, 9) % 800) AS asn,
  ${pick(['broadband', 'cellular', 'dialup'], 10)} AS connection_type, ${pick(['desktop', 'mobile', 'tablet'], 11)} AS device_type,
  ${pick(['Apple', 'Samsung', 'Xiaomi', ''], 12)} AS brand, concat('model', toString(cityHash64(number, 13) % 400)) AS model,
  ${pick(['Windows', 'iOS', 'Android', 'Mac OS', 'Linux'], 14)} AS os, toString(cityHash64(number, 15) % 20) AS os_version,
  ${pick(['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet'], 16)} AS browser, toString(100 + cityHash64(number, 17) % 40) AS browser_version,
  ${pick(['en', 'de', 'fr', 'es', 'pt', 'it'], 18)} AS language, IPv4NumToString(toUInt32(cityHash64(number, 19) % 4294967295)) AS ip,
  concat('site', toString(cityHash64(number, 20) % 5000), '.com') AS referrer_domain,
  concat('Mozilla/5.0 (', os, ') ', browser, '/', browser_version) AS user_agent,
  toUInt8(cityHash64(number, 21) % 3 = 0) AS is_unique, toUInt8(cityHash64(number, 22) % 50 = 0) AS is_bot, '' AS external_id,
  concat('zone', toString(cityHash64(number, 23) % 500)) AS t1, concat('banner-', toString(cityHash64(number, 24) % 40)) AS t2,
  ${Array.from({ length: 28 }, (_, index) => `'' AS t${index + 3}`).join(', ')},
  toInt64(if(kind = 1, 1000 + cityHash64(number, 25) % 5000, 0)) AS cost_micros,
  toInt64(if(kind = 3, 1000000 + cityHash64(number, 26) % 9000000, 0)) AS revenue_micros,
  if(kind = 3, 'approved', '') AS status, if(kind = 3, substring(hex(cityHash64(number, 27)), 1, 12), '') AS txid,
  toInt16(kind = 3) AS approved, toInt16(0) AS pending, toInt16(0) AS declined,
  toUInt16(number % 1000) AS ts_ms, ts_ms AS click_ts_ms`;

const CHUNKS = 12;
let begin = performance.now();
for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
  const from = Math.floor((total * chunk) / CHUNKS);
  const to = Math.floor((total * (chunk + 1)) / CHUNKS);
  await client.command({
    query: `INSERT INTO events SELECT * FROM (${generated} FROM system.numbers WHERE number >= ${from} AND number < ${to} LIMIT ${to - from})`,
  });
}
const fillS = (performance.now() - begin) / 1000;
const [parts] = await all<{ parts: number; bytes: number }>(
  "SELECT count() AS parts, sum(bytes_on_disk) AS bytes FROM system.parts WHERE active AND database = currentDatabase() AND table = 'events'",
);
console.log(
  `${total} events over ${DAYS} days in ${fillS.toFixed(1)} s (server-side generation); ${parts?.parts} parts, ${((parts?.bytes ?? 0) / total).toFixed(1)} bytes/event`,
);

// findClick: the store's own query, and the same lookup through a table sorted by click id.
const [probe] = await all<{ click_id: string; ms: number }>(
  `SELECT click_id, toUInt64(ts) * 1000 + ts_ms AS ms FROM events WHERE kind = 1 AND ts > toDateTime(${START + 45 * 86400}, 'UTC') ORDER BY ts LIMIT 1`,
);
if (!probe) throw new Error('no probe click');
const window = (ms: number) =>
  `ts BETWEEN toDateTime(${Math.floor((ms - 3_600_000) / 1000)}, 'UTC') AND toDateTime(${Math.floor((ms + 3_600_000) / 1000)}, 'UTC')`;
const viaSortKey = await measure(
  `SELECT * FROM events WHERE ${window(probe.ms)} AND click_id = '${probe.click_id}' AND kind = 1 LIMIT 1`,
);
// The store finds clicks through click_ids, which the server-side fill above bypassed.
await client.command({
  query: `INSERT INTO click_ids SELECT click_id, campaign_id, ts FROM events WHERE kind = 1`,
});
const viaIndex = await measure(
  `SELECT * FROM events WHERE (campaign_id, ts) IN (SELECT campaign_id, ts FROM click_ids WHERE ${window(probe.ms)} AND click_id = '${probe.click_id}') AND click_id = '${probe.click_id}' AND kind = 1 LIMIT 1`,
);
const viaStoreTimes: number[] = [];
for (let run = 0; run < 5; run += 1) {
  begin = performance.now();
  if (!(await store.findClick(probe.click_id, Number(probe.ms)))) throw new Error('findClick missed');
  viaStoreTimes.push(performance.now() - begin);
}
viaStoreTimes.sort((a, b) => a - b);
console.log(
  `findClick, events sort key (campaign_id, ts, ...) + ts window: ${viaSortKey.ms} ms, ${viaSortKey.rows} rows read`,
);
console.log(
  `findClick, click_ids (sorted by id) then the sort key:        ${viaIndex.ms} ms, ${viaIndex.rows} rows read (store API median ${viaStoreTimes[2]?.toFixed(1)} ms)`,
);

// A 30-day daily campaign report: raw, FINAL, and the two ways to dedup by event id in a subquery.
const range = `ts >= toDateTime(${START + 30 * 86400}, 'UTC') AND ts < toDateTime(${START + 60 * 86400}, 'UTC')`;
const report = (from: string, cost = 'cost_micros', revenue = 'revenue_micros') =>
  `SELECT campaign_id, toStartOfDay(ts) AS day, countIf(kind = 1) AS clicks, sum(${cost}) AS cost, sum(${revenue}) AS revenue FROM ${from} GROUP BY campaign_id, day ORDER BY campaign_id, day`;
const variants: [string, string][] = [
  ['raw', report(`events WHERE ${range}`)],
  ['FINAL', report(`events FINAL WHERE ${range}`)],
  [
    'LIMIT 1 BY id',
    report(
      `(SELECT campaign_id, ts, kind, cost_micros, revenue_micros FROM events WHERE ${range} LIMIT 1 BY click_id, kind, seq)`,
    ),
  ],
  // campaign_id and ts are the same in every copy of an event, so they can be grouped on as well.
  [
    'GROUP BY id, any()',
    report(
      `(SELECT campaign_id, ts, kind, any(cost_micros) AS c, any(revenue_micros) AS r FROM events WHERE ${range} GROUP BY campaign_id, ts, click_id, kind, seq)`,
      'c',
      'r',
    ),
  ],
];
let rawResult = '';
for (const [name, query] of variants) {
  const run = await measure(query);
  const same = JSON.stringify(run.result);
  if (name === 'raw') rawResult = same;
  console.log(
    `report 30 days x 200 campaigns, ${name.padEnd(18)} ${String(run.ms).padStart(8)} ms, ${run.rows} rows read${same === rawResult ? '' : ' (rows differ from raw!)'}`,
  );
}

// Appends: plain insert vs the marked path (staging + anti-join), batches of live clicks.
for (const size of [2_000, 20_000]) {
  const times: Record<string, number[]> = { plain: [], marked: [] };
  for (let run = 0; run < 5; run += 1) {
    for (const kind of ['plain', 'marked'] as const) {
      const now = Date.now();
      const batch = Array.from({ length: size }, (_, index) => sampleClick(now + index));
      begin = performance.now();
      await store.append(batch, kind === 'marked' ? { source: 'bench', position: run } : undefined);
      times[kind]?.push(performance.now() - begin);
    }
  }
  const median = (list: number[] = []) => [...list].sort((a, b) => a - b)[2]?.toFixed(1);
  console.log(
    `append ${size} clicks: plain insert ${median(times.plain)} ms, with mark (staging + anti-join + mark) ${median(times.marked)} ms`,
  );
}

// LowCardinality vs String for the dictionary-coded columns.
const ddl = (await all<{ statement: string }>('SHOW CREATE TABLE events'))[0]?.statement ?? '';
await client.command({
  query: ddl
    .replace(/CREATE TABLE \S+/, 'CREATE TABLE events_strings')
    .replace(/LowCardinality\((\w+)\)/g, '$1'),
});
await client.command({ query: 'INSERT INTO events_strings SELECT * FROM events' });
for (const table of ['events', 'events_strings'])
  await client.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
const sizes = await all<{ table: string; bytes: number }>(
  `SELECT table, sum(data_compressed_bytes) AS bytes FROM system.columns WHERE database = currentDatabase() AND table IN ('events', 'events_strings') AND name IN ('country', 'region', 'city', 'connection_type', 'device_type', 'brand', 'model', 'os', 'os_version', 'browser', 'browser_version', 'language', 'status') GROUP BY table`,
);
const totals = await all<{ table: string; bytes: number }>(
  'SELECT table, sum(bytes_on_disk) AS bytes FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table',
);
const byTable = (list: { table: string; bytes: number }[], table: string) =>
  Number(list.find((row) => row.table === table)?.bytes);
console.log(
  `13 low-cardinality columns: LowCardinality ${(byTable(sizes, 'events') / 1e6).toFixed(1)} MB vs String ${(byTable(sizes, 'events_strings') / 1e6).toFixed(1)} MB; whole table ${(byTable(totals, 'events') / 1e6).toFixed(1)} vs ${(byTable(totals, 'events_strings') / 1e6).toFixed(1)} MB`,
);
const lcGroup = await measure(
  `SELECT country, os, browser, count() FROM events WHERE ${range} GROUP BY country, os, browser`,
);
const strGroup = await measure(
  `SELECT country, os, browser, count() FROM events_strings WHERE ${range} GROUP BY country, os, browser`,
);
console.log(
  `GROUP BY country, os, browser over 30 days: LowCardinality ${lcGroup.ms} ms vs String ${strGroup.ms} ms`,
);

// Retention: the first month goes as a partition, half of the second by a mutation.
begin = performance.now();
const deleted = await store.deleteBefore((START + 45 * 86400) * 1000);
console.log(
  `deleteBefore day 45: ${deleted} events in ${((performance.now() - begin) / 1000).toFixed(2)} s (1 partition dropped, 1 month by mutation)`,
);

await client.command({ query: `DROP DATABASE ${database}` });
await client.close();
await store.close();
