import type { PostbackLogEntry, PostbackLogQuery, PostbackLogResponse } from '@cairn/contract';
import { resolveRange } from '../reports/timeRange.ts';
import { readStatsSettings } from '../settings/stats.ts';
import { type ConfigStore, type SqlParam, timestamp } from '../store/config/port.ts';

// The postback log as the panel reads it: newest first (ids grow with every entry), a page at a time
// by the last id shown, within a range of the reports' kind (in the tracker's zone unless one is
// given), and only the outcomes, channels and click id asked for. Housekeeping (outbox.ts) keeps it to
// 30 days and 200,000 entries, so a scan is bounded however old the range.

const msOf = (value: unknown): number =>
  value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number(value);

export async function listPostbackLog(
  store: ConfigStore,
  query: PostbackLogQuery,
  now: number,
): Promise<PostbackLogResponse> {
  const zone = query.timezone ?? (await readStatsSettings(store)).timezone;
  const range = resolveRange(query.range, zone, now);
  const params: SqlParam[] = [];
  const bind = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  if (range.from !== null)
    conditions.push(`received_at >= CAST(${bind(timestamp(range.from))} AS TIMESTAMPTZ)`);
  if (range.to !== null) conditions.push(`received_at < CAST(${bind(timestamp(range.to))} AS TIMESTAMPTZ)`);
  if (query.outcomes.length > 0) conditions.push(`outcome IN (${query.outcomes.map(bind).join(', ')})`);
  if (query.vias.length > 0) conditions.push(`via IN (${query.vias.map(bind).join(', ')})`);
  if (query.clickId !== null) conditions.push(`click_id = ${bind(query.clickId)}`);
  if (query.before !== null) conditions.push(`id < ${bind(query.before)}`);
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  const rows = await store.query(
    `SELECT id, received_at, via, ip, click_id, query, http_status, outcome, message, conversion_seq
       FROM postback_log${where} ORDER BY id DESC LIMIT ${query.limit + 1}`,
    params,
  );
  const page = rows.slice(0, query.limit).map(
    (row): PostbackLogEntry => ({
      id: Number(row.id),
      receivedAt: new Date(msOf(row.received_at)).toISOString(),
      via: String(row.via) as PostbackLogEntry['via'],
      ip: String(row.ip),
      clickId: String(row.click_id),
      query: String(row.query),
      httpStatus: Number(row.http_status),
      outcome: String(row.outcome) as PostbackLogEntry['outcome'],
      message: String(row.message),
      conversionSeq:
        row.conversion_seq === null || row.conversion_seq === undefined ? null : Number(row.conversion_seq),
    }),
  );
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}
