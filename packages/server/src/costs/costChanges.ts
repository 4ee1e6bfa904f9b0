import { eventFromStoredRow } from '../events/columns.ts';
import { COST_KINDS_SQL, EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import { dialectFor } from '../reports/plan/dialect.ts';
import type { EventStore } from '../store/events/port.ts';

// Setting what a campaign's clicks over a range cost, after the fact. Events stay append-only: each click
// whose cost must change gets a cost-change event (a copy of the click, kind costChange, carrying the
// difference), so every report by any dimension sums to the new cost with no join and no update. The
// new cost is spread over the clicks in a fixed order (time, then click id), each taking the difference
// of two cumulative floors, so the shares add up to the cost to the micro-unit. The difference is taken
// from what each click costs now (its own cost plus earlier changes), so setting the same cost again
// writes nothing, and an update cut short by a crash is completed by running it again.

export interface CostTarget {
  campaignId: number;
  /** UTC ms, from inclusive, to exclusive. */
  from: number;
  to: number;
  /** What the clicks cost together, in the tracker's currency (micro-units). */
  costMicros: number;
  /** Only clicks whose token in `slot` (1-based) holds `value`. */
  token: { slot: number; value: string } | null;
}

export interface CostChangeResult {
  clicks: number;
  previousCostMicros: number;
  costMicros: number;
  changedClicks: number;
}

/** Clicks read (and cost changes written) at a time. */
const CLICKS_PER_PAGE = 2000;
/** A cost change's seq counts the changes of its click (seq is a 16-bit column). */
const CHANGES_PER_CLICK_MAX = 32_000;

export class NoClicksError extends Error {}

/** Sets the cost of the clicks `target` names; `write` journals a page of cost changes. */
export async function setCost(
  events: EventStore,
  write: (changes: readonly TrackingEvent[]) => Promise<void>,
  target: CostTarget,
): Promise<CostChangeResult> {
  const dialect = dialectFor(events.dialect);
  const ms = dialect.epochMs('ts');
  const params: string[] = [];
  const bind = (value: string) => {
    params.push(value);
    return dialect.param(params.length);
  };
  // ts bounds the scan (whole seconds on ClickHouse); the milliseconds decide.
  const range = [
    `campaign_id = ${Math.trunc(target.campaignId)}`,
    `ts >= ${dialect.timestamp(target.from)}`,
    `ts <= ${dialect.timestamp(target.to)}`,
    `${ms} >= ${Math.trunc(target.from)}`,
    `${ms} < ${Math.trunc(target.to)}`,
  ];
  if (target.token) range.push(`t${Math.trunc(target.token.slot)} = ${bind(target.token.value)}`);
  const where = range.join(' AND ');
  const fixed = [...params];

  const [totals] = await events.query(
    `SELECT ${dialect.countIf(`kind = ${EVENT_KIND.click}`)} AS clicks,
            ${dialect.sumIf('cost_micros', COST_KINDS_SQL)} AS cost
       FROM events WHERE ${where} AND ${COST_KINDS_SQL}`,
    fixed,
  );
  const clicks = Number(totals?.clicks ?? 0);
  const previousCostMicros = Number(totals?.cost ?? 0);
  if (clicks === 0) throw new NoClicksError('No clicks of the campaign in the range to spread a cost over');

  const total = BigInt(target.costMicros);
  const count = BigInt(clicks);
  const shareBefore = (index: number) => Number((total * BigInt(index)) / count);
  let index = 0;
  let changedClicks = 0;
  let after: { ms: number; clickId: string } | null = null;
  while (index < clicks) {
    params.length = fixed.length;
    const cursor = after
      ? ` AND (${ms} > ${after.ms} OR (${ms} = ${after.ms} AND click_id > ${bind(after.clickId)}))`
      : '';
    const rows = await events.query(
      `SELECT * FROM events WHERE kind = ${EVENT_KIND.click} AND ${where}${cursor}
        ORDER BY ${ms}, click_id LIMIT ${Math.min(CLICKS_PER_PAGE, clicks - index)}`,
      params,
    );
    if (rows.length === 0) break;
    const page = rows.map(eventFromStoredRow);
    const earlier = await earlierChanges(events, page);
    const changes: TrackingEvent[] = [];
    for (const click of page) {
      const share = shareBefore(index + 1) - shareBefore(index);
      index += 1;
      const prior = earlier.get(click.clickId) ?? { cost: 0, count: 0 };
      const difference = share - (click.costMicros + prior.cost);
      if (difference === 0) continue;
      if (prior.count >= CHANGES_PER_CLICK_MAX) {
        throw new Error(`Click ${click.clickId} has had its cost changed too many times`);
      }
      changes.push(costChange(click, prior.count + 1, difference));
    }
    if (changes.length > 0) await write(changes);
    changedClicks += changes.length;
    const last = page[page.length - 1] as TrackingEvent;
    after = { ms: last.time, clickId: last.clickId };
  }
  return { clicks, previousCostMicros, costMicros: target.costMicros, changedClicks };
}

/** What the earlier cost changes of these clicks add up to, and how many there were, by click id. */
async function earlierChanges(
  events: EventStore,
  clicks: readonly TrackingEvent[],
): Promise<Map<string, { cost: number; count: number }>> {
  const dialect = dialectFor(events.dialect);
  const first = clicks[0];
  const last = clicks[clicks.length - 1];
  if (!first || !last) return new Map();
  const ids = clicks.map((click) => click.clickId);
  const rows = await events.query(
    `SELECT click_id, sum(cost_micros) AS cost, count(*) AS n FROM events
      WHERE kind = ${EVENT_KIND.costChange} AND campaign_id = ${Math.trunc(first.campaignId)}
        AND ts >= ${dialect.timestamp(first.time)} AND ts <= ${dialect.timestamp(last.time + 1000)}
        AND click_id IN (${ids.map((_, position) => dialect.param(position + 1)).join(', ')})
      GROUP BY click_id`,
    ids,
  );
  return new Map(rows.map((row) => [String(row.click_id), { cost: Number(row.cost), count: Number(row.n) }]));
}

/** A click's cost change: the click's dimensions, so every report groups it with its click. */
function costChange(click: TrackingEvent, seq: number, difference: number): TrackingEvent {
  return {
    ...click,
    kind: EVENT_KIND.costChange,
    seq,
    costMicros: difference,
    revenueMicros: 0,
    status: '',
    txid: '',
    approved: 0,
    pending: 0,
    declined: 0,
  };
}
