import { NO_CUSTOM_EVENTS, REPORT_METRICS, type ReportMetric } from '@cairn/contract';
import { json, on, type Route } from '../app/testing.ts';
import type { Metrics } from './metrics.ts';

// Fake answers of the report endpoints for the pages' tests.

/** Whole metrics from a few counts, derived the way the server derives them (money in micro-units). */
export function metrics(
  clicks: number,
  leads: number,
  revenue: number,
  cost: number,
): Record<ReportMetric, number> {
  const profit = revenue - cost;
  return {
    clicks,
    uniqueClicks: Math.round(clicks * 0.9),
    lpViews: clicks,
    lpClicks: Math.round(clicks / 2),
    lpCtr: clicks ? 50 : 0,
    leads,
    leadsApproved: leads,
    leadsPending: 0,
    leadsDeclined: 0,
    cr: clicks ? (leads / clicks) * 100 : 0,
    revenue,
    cost,
    profit,
    roi: cost ? (profit / cost) * 100 : 0,
    epc: clicks ? Math.round(revenue / clicks) : 0,
    cpc: clicks ? Math.round(cost / clicks) : 0,
    ...NO_CUSTOM_EVENTS,
  };
}

/** What the hide-profit filter leaves of metrics. */
export function withoutProfit(all: Metrics): Metrics {
  const kept: Metrics = {};
  for (const metric of REPORT_METRICS) {
    if (!/^(profit|revenue|roi|epc|leads)/.test(metric) && all[metric] !== undefined)
      kept[metric] = all[metric];
  }
  return kept;
}

export const range = { from: '2026-03-01T23:00:00.000Z', to: '2026-03-02T23:00:00.000Z' };

export function statsSettingsRoutes(
  settings = { timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: {} },
  columns: unknown = { tables: {} },
): Route[] {
  return [
    on('GET', '/api/settings/stats', () => json(settings)),
    on('GET', '/api/settings/columns', () => json(columns)),
  ];
}

export function namesRoute(kind: string, items: { id: number; name: string }[]): Route {
  return on('GET', `/api/${kind}`, () => json({ items, total: items.length, page: 1, pageSize: 500 }));
}
