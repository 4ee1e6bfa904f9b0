import {
  REPORT_LIMIT_MAX,
  type ReportLevel,
  type ReportRow,
  type ReportScope,
  SPLIT_TEST_INTERVAL,
  SPLIT_TEST_MIN_CLICKS,
  SPLIT_TEST_MIN_CONVERSIONS,
  SPLIT_TEST_WINNER_PROBABILITY,
  type SplitTestGroup,
  type SplitTestItem,
  type SplitTestKind,
  type SplitTestResponse,
} from '@cairn/contract';
import type { ReportViewer } from '../reports/scope.ts';
import type { ReportService } from '../reports/service.ts';
import { credibleInterval, posterior, probabilityBest } from './stats.ts';

// A campaign's split tests read as two reports of its clicks through the report service (path then
// offer, path then lander), so they come from the same summary or raw events as every report, on either
// event store. A path is a split test where the period's clicks went to more than one offer (or lander).

const level = (dimension: ReportLevel['dimension']): ReportLevel => ({
  dimension,
  sort: 'clicks',
  order: 'desc',
  limit: REPORT_LIMIT_MAX,
  offset: 0,
  others: false,
});

/** The note shown beside a path whose items are not all past the thresholds. */
export function tooFewNote(items: readonly SplitTestItem[], kind: SplitTestKind): string | null {
  const short = items.filter((item) => !item.enoughData).length;
  if (short === 0) return null;
  const noun = kind === 'offer' ? 'offer' : 'lander';
  const which = short === items.length ? `no ${noun} has` : `${short} of ${items.length} ${noun}s have not`;
  return (
    `Too few data to call a winner: ${which} reached ${SPLIT_TEST_MIN_CLICKS} clicks and ` +
    `${SPLIT_TEST_MIN_CONVERSIONS} conversions yet. The intervals and probabilities are shown but can still swing widely.`
  );
}

function itemOf(row: ReportRow): Omit<SplitTestItem, 'pBest'> {
  const { clicks, leads, revenue } = row.metrics;
  const clickCount = clicks ?? 0;
  const leadCount = leads ?? 0;
  const rate = credibleInterval(posterior(clickCount, leadCount), SPLIT_TEST_INTERVAL);
  const revenueMicros = revenue ?? 0;
  // Revenue per conversion is taken as known: the EPC interval is the CR interval scaled by it.
  const payout = leadCount > 0 ? revenueMicros / leadCount : 0;
  return {
    id: Number(row.value),
    name: row.name,
    clicks: clickCount,
    leads: leadCount,
    cr: clickCount === 0 ? 0 : (leadCount * 100) / clickCount,
    crInterval: { low: rate.low * 100, high: rate.high * 100 },
    revenue: revenueMicros,
    epc: clickCount === 0 ? 0 : revenueMicros / clickCount,
    epcInterval: { low: rate.low * payout, high: rate.high * payout },
    enoughData: clickCount >= SPLIT_TEST_MIN_CLICKS && leadCount >= SPLIT_TEST_MIN_CONVERSIONS,
  };
}

/** One path's comparison; null unless at least two items took its clicks. */
export function splitTestGroup(path: ReportRow, kind: SplitTestKind): SplitTestGroup | null {
  // Clicks that went to no offer or lander (id 0) are not an arm of the test.
  const rows = (path.children ?? []).filter((row) => row.value !== null && Number(row.value) !== 0);
  if (rows.length < 2) return null;
  const base = rows.map(itemOf);
  const pBest = probabilityBest(base.map((item) => posterior(item.clicks, item.leads ?? 0)));
  const items = base.map((item, index) => ({ ...item, pBest: pBest[index] ?? 0 }));
  let leader = items[0] as SplitTestItem;
  for (const item of items) if (item.pBest > leader.pBest) leader = item;
  const enough = items.every((item) => item.enoughData);
  return {
    path: String(path.value),
    pathName: path.name,
    kind,
    items,
    winner: enough && leader.pBest >= SPLIT_TEST_WINNER_PROBABILITY ? leader.id : null,
    leader: leader.id,
    note: tooFewNote(items, kind),
  };
}

export class SplitTestService {
  private readonly reports: ReportService;

  constructor(reports: ReportService) {
    this.reports = reports;
  }

  async campaign(campaignId: number, scope: ReportScope, viewer: ReportViewer): Promise<SplitTestResponse> {
    const read = (item: 'offer' | 'landing') =>
      this.reports.report(
        {
          range: scope.range,
          timezone: scope.timezone,
          filters: { campaign: [campaignId] },
          levels: [level('path'), level(item)],
        },
        viewer,
      );
    const [offers, landers] = await Promise.all([read('offer'), read('landing')]);
    const groups: SplitTestGroup[] = [];
    for (const [answer, kind] of [
      [offers, 'offer'],
      [landers, 'landing'],
    ] as const) {
      for (const path of answer.rows) {
        if (path.value === null) continue;
        const group = splitTestGroup(path, kind);
        if (group) groups.push(group);
      }
    }
    // Paths in the flow's order (rule, then path), offers before landers on the same path.
    const order = (value: string) => value.split(':').slice(1).map(Number);
    groups.sort((a, b) => {
      const [ar = 0, ap = 0] = order(a.path);
      const [br = 0, bp = 0] = order(b.path);
      return ar - br || ap - bp || a.path.localeCompare(b.path) || a.kind.localeCompare(b.kind);
    });
    return { campaignId, range: offers.range, groups };
  }
}
