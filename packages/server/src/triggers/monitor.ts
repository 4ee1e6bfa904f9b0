import type { MonitorResponse } from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';

// The triggers' line on /monitor: failing when a notification channel of any trigger failed on its last
// use, naming the triggers; the line clears once their channels deliver again.

type BackgroundItem = MonitorResponse['background'][number];

export async function triggersMonitorItem(sql: Sql): Promise<BackgroundItem> {
  const name = 'Trigger notifications';
  const rows = await sql.query<{ name: string; channel_error: string | null; enabled: boolean }>(
    'SELECT name, channel_error, enabled FROM triggers ORDER BY id',
  );
  const failing = rows.filter((row) => row.channel_error !== null);
  if (failing.length > 0) {
    return {
      name,
      state: 'failing',
      detail: failing.map((row) => `"${row.name}": ${row.channel_error}`).join('; '),
    };
  }
  const enabled = rows.filter((row) => row.enabled).length;
  return enabled > 0
    ? { name, state: 'ok', detail: `${enabled} of ${rows.length} triggers enabled; every channel delivered` }
    : {
        name,
        state: 'idle',
        detail: rows.length > 0 ? `${rows.length} triggers, none enabled` : 'No triggers',
      };
}

/** Tracking domains marked as needing attention (by the domain checks or a trigger). */
export async function domainsMonitorItem(sql: Sql): Promise<BackgroundItem> {
  const name = 'Tracking domains';
  const rows = await sql.query<{ host: string | null; reason: string }>(
    `SELECT d.host, a.reason FROM domain_attention a LEFT JOIN domains d ON d.id = a.domain_id ORDER BY a.domain_id`,
  );
  if (rows.length === 0) return { name, state: 'ok', detail: 'No domain needs attention' };
  return {
    name,
    state: 'failing',
    detail: rows.map((row) => `${row.host ?? 'a deleted domain'}: ${row.reason}`).join('; '),
  };
}
