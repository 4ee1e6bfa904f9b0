import type { ClearScope, EventStore } from '../../store/events/port.ts';
import { campaignCondition } from '../../store/events/rollup.ts';
import { dialectFor } from '../plan/dialect.ts';

// Auto-clearing's one read of the events, kept with the other reads: where a clear must start.

/** The oldest raw event a scope takes (null: none). */
export async function oldestEventIn(events: EventStore, scope: ClearScope): Promise<number | null> {
  const at = dialectFor(events.dialect).timestamp(scope.before);
  const rows = await events.query(
    `SELECT min(ts) AS first FROM events WHERE ts < ${at}${campaignCondition(scope)} HAVING count(*) > 0`,
  );
  const value = rows[0]?.first;
  if (value == null) return null;
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  const ms = Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}
