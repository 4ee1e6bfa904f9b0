// The measuring parts of bench:click: the visitors it plays, and what it reads of the processes and cores
// from /proc and of the event store's file.
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

/** User plus system CPU seconds from a /proc `stat` file (a process's or one thread's). */
function statSeconds(statFile: string): number {
  const stat = fs.readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ)
}

/** CPU seconds a process has used so far, all its threads together. */
export function processSeconds(pid: number | undefined): number {
  try {
    return statSeconds(`/proc/${pid}/stat`);
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the main thread and of the worker pool (event inserts, queries) of a process. */
export function threadSeconds(pid: number | undefined): { main: number; pool: number } {
  const seconds = { main: 0, pool: 0 };
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      const cpu = statSeconds(`/proc/${pid}/task/${task}/stat`);
      if (Number(task) === pid) seconds.main += cpu;
      else if (name === 'libuv-worker') seconds.pool += cpu;
    } catch {
      // a thread that ended meanwhile
    }
  }
  return seconds;
}

/**
 * Bytes of a DuckDB file's free blocks: space a checkpoint left behind, which the file keeps and DuckDB
 * fills again before it grows, so a short run's file size overstates what each click takes.
 */
export async function duckdbFreeBytes(file: string): Promise<number> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    const [size] = (await connection.runAndReadAll('PRAGMA database_size')).getRowObjectsJS();
    connection.closeSync();
    return Number(size?.free_blocks ?? 0) * Number(size?.block_size ?? 0);
  } finally {
    instance.closeSync();
  }
}

export function rssOf(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * A new visitor for nearly every request, as paid traffic brings: addresses spread over the IPv4 space by
 * a multiplicative hash (one in six from an IPv6 block). Six fixed addresses before made every click after
 * the first few a repeat, which kept the uniqueness memory, the geo lookups and their caches far smaller
 * than real traffic keeps them.
 */
function visitorIp(index: number): string {
  if (index % 6 === 5) return `2003:e0:${(index >>> 16).toString(16)}::${(index & 0xffff).toString(16)}`;
  const spread = Math.imul(index, 2654435761) >>> 0;
  return `${1 + ((spread >>> 24) % 223)}.${(spread >>> 16) & 255}.${(spread >>> 8) & 255}.${spread & 255}`;
}
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** A click's headers: a new visitor from anywhere, on one of three devices and browsers. */
export function clickHeaders(index: number): Record<string, string> {
  return {
    'x-forwarded-for': visitorIp(index),
    'user-agent': AGENTS[index % AGENTS.length] as string,
    'accept-language': 'en-US,en;q=0.8',
  };
}

/** Jiffies a core has run and sat idle so far (/proc/stat), zeros where there is no such file. */
export function coreTimes(core: number): { total: number; idle: number } {
  try {
    const line = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((row) => row.startsWith(`cpu${core} `));
    const fields = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
    // idle + iowait count as not busy.
    return { total: sum(fields), idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
  } catch {
    return { total: 0, idle: 0 };
  }
}

/** The share of the time between two coreTimes readings the core was busy. */
export function busyShare(before: { total: number; idle: number }, after: { total: number; idle: number }) {
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** The admin password the benches start Cairn with. */
export const BENCH_PASSWORD = 'bench-password-Quartz-92';

/** A signed-in JSON call of a bench server's panel API (cookies and the XSRF token kept in `cookies`). */
export async function api(
  base: string,
  cookies: Map<string, string>,
  method: string,
  urlPath: string,
  body?: unknown,
) {
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const xsrf = cookies.get('XSRF-TOKEN');
  if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 400)
    throw new Error(`${method} ${urlPath}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** What the monitor tells of the click journal. */
export interface JournalFigures {
  journal: { flushedTotal: number; eventsPerSecond: number; lastFlushMs: number; backlogEvents: number };
}

/**
 * Signs in to the Cairn at `base` and makes the benchmark's campaign: 10 rules of mixed criteria (none of
 * which the bench's visitors match, so every rule is evaluated), two default paths with a lander, and a
 * traffic source with two tokens and an external id. Answers its key and a reader of the monitor.
 */
export async function tenRuleCampaign(
  base: string,
): Promise<{ key: string; monitor: () => Promise<JournalFigures> }> {
  const cookies = new Map<string, string>();
  await api(base, cookies, 'GET', '/api/mode');
  await api(base, cookies, 'POST', '/api/user/sign_in', { login: 'admin', password: BENCH_PASSWORD });
  const offer = (id: number) =>
    api(base, cookies, 'POST', '/api/offer', {
      name: `bench offer ${id}`,
      url: `https://offer${id}.example/?c={clickid}&z={t1}&cc={country_code}`,
    });
  const offers: number[] = [];
  for (let id = 1; id <= 4; id += 1) offers.push((await offer(id)).id as number);
  const lander = (
    await api(base, cookies, 'POST', '/api/landing', {
      name: 'bench lander',
      url: 'https://lp.example/?c={clickid}',
    })
  ).id;
  const source = (
    await api(base, cookies, 'POST', '/api/traffic_source', {
      name: 'bench source',
      externalId: { parameter: 'cid', placeholder: '{cid}' },
      tokens: [
        { parameter: 'zone', placeholder: '{zone}', name: 'Zone' },
        { parameter: 'site', placeholder: '{site}', name: 'Site' },
      ],
    })
  ).id;
  const path = (offerId: number, withLander = false) => ({
    offers: [{ offerId }, { offerId: offers[3], weight: 30 }],
    landers: withLander ? [{ landingId: lander }, { landingId: null, weight: 50 }] : [],
  });
  const criteria = [
    { type: 'country', values: ['JP', 'KR'] },
    { type: 'device_type', values: ['tv'] },
    { type: 'os', values: ['BlackBerry'] },
    { type: 'browser', values: ['Opera'] },
    { type: 'language', values: ['ja'] },
    { type: 'isp', values: ['nonexistent isp'] },
    { type: 'ip', values: ['10.0.0.0/8', '192.168.0.0/16'] },
    { type: 'token', tokenIndex: 2, values: ['site-none'] },
    { type: 'hour', mode: 'exclude', values: Array.from({ length: 24 }, (_, h) => String(h)) },
    { type: 'bot', values: ['bot'] },
  ];
  const campaign = await api(base, cookies, 'POST', '/api/campaign', {
    name: 'bench ten rules',
    trafficSourceId: source,
    costModel: 'cpc',
    costMicros: 20_000,
    flow: {
      defaultPaths: [
        { weight: 60, ...path(offers[0] as number, true) },
        { weight: 40, ...path(offers[1] as number) },
      ],
      rules: criteria.map((criterion, index) => ({
        name: `rule ${index + 1}`,
        criteria: [criterion, { type: 'referrer', mode: 'exclude', values: ['blocked.example'] }],
        paths: [path(offers[2] as number)],
      })),
    },
  });
  const monitor = async () => (await api(base, cookies, 'GET', '/api/monitor')) as unknown as JournalFigures;
  return { key: campaign.key as string, monitor };
}

/** The click URLs the bench's visitors follow: 50 zones, 64 sites and external ids, on the campaign `key`. */
export function benchClickPaths(key: string): string[] {
  return Array.from(
    { length: 64 },
    (_, i) => `/click?key=${key}&zone=${1000 + (i % 50)}&site=site-${i}&cid=ext${i}`,
  );
}
