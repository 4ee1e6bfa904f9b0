import type { ReportMetric } from '@cairn/contract';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BUILT_IN_METRICS, type Metrics } from '../../src/reports/metrics.ts';
import type { ReportState } from '../../src/reports/reportState.ts';
import { ReportTable } from '../../src/reports/tree/ReportTable.tsx';
import { type TreeRow, treeRows } from '../../src/reports/tree/reportTree.ts';

// Runs inside Chromium (driven by ../reportTable.ts): mounts the report page's table with 10,000 rows
// (two levels, the first at the engine's 1,000-row limit), collapsed as the page first shows it, and
// watches the main thread meanwhile.

const ROWS = 10_000;
/** Top-level rows: the engine answers at most 1,000 per level. */
const TOP = 1_000;

function metricsOf(index: number): Metrics {
  const clicks = 10 + ((index * 7919) % 5000);
  const leads = index % 13;
  const revenue = leads * 3_250_000;
  const cost = clicks * 21_000;
  return {
    clicks,
    uniqueClicks: Math.round(clicks * 0.8),
    lpViews: clicks,
    lpClicks: Math.round(clicks * 0.4),
    lpCtr: 40,
    leads,
    cr: (leads / clicks) * 100,
    revenue,
    cost,
    profit: revenue - cost,
    roi: ((revenue - cost) / cost) * 100,
    epc: Math.round(revenue / clicks),
    cpc: Math.round(cost / clicks),
  };
}

/** A two-level report (day > IP, say) of 1,000 rows with 9 children each: 10,000 rows in the tree. */
function sampleRows(): TreeRow[] {
  const ip = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  return treeRows(
    Array.from({ length: TOP }, (_, top) => ({
      dimension: 'ip' as const,
      value: ip(top),
      name: ip(top),
      metrics: metricsOf(top),
      children: Array.from({ length: ROWS / TOP - 1 }, (_, child) => ({
        dimension: 'device_type' as const,
        value: `device ${child}`,
        name: `device ${child}`,
        metrics: metricsOf(top * 10 + child),
      })),
    })),
  );
}

const state: ReportState = {
  levels: ['ip', 'device_type'],
  period: { preset: 'last7', from: '2026-03-02', to: '2026-03-08', timeZone: 'UTC' },
  filters: { campaign: ['3'] },
};
const noop = () => {};

function table(rows: TreeRow[]) {
  return (
    <Router hook={memoryLocation({ path: '/report/campaign/3' }).hook}>
      <ReportTable
        rows={rows}
        state={state}
        path="/report/campaign/3"
        metrics={BUILT_IN_METRICS.report as readonly ReportMetric[]}
        totals={metricsOf(1)}
        currency="USD"
        locale="en-US"
        expanded={{}}
        onExpandedChange={noop}
        sorting={[]}
        onSortingChange={noop}
        loading={false}
        error={undefined}
        onRetry={noop}
      />
    </Router>
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Mounts the table and returns the mount time and the longest main-thread task seen meanwhile. */
async function mountOnce(
  container: HTMLElement,
  rows: TreeRow[],
): Promise<{ mount: number; longest: number }> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const root = createRoot(container);
  const start = performance.now();
  flushSync(() => root.render(table(rows)));
  // The render itself is one task: it counts whether or not the browser reports it as a long one.
  const render = performance.now() - start;
  void document.body.offsetHeight;
  await nextFrame();
  const mount = performance.now() - start;
  await nextFrame();
  observer.disconnect();
  root.unmount();
  return { mount, longest: Math.max(longest, render) };
}

async function run() {
  const container = document.getElementById('root') as HTMLElement;
  // Warm-up, a whole mount: JIT of every path, style injection and fonts do not count.
  await mountOnce(container, sampleRows());
  const rounds: { mount: number; longest: number }[] = [];
  for (let round = 0; round < 5; round++) {
    const rows = sampleRows();
    await new Promise((resolve) => setTimeout(resolve, 300));
    rounds.push(await mountOnce(container, rows));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    rows: ROWS,
    mount: median(rounds.map((round) => round.mount)),
    longest: median(rounds.map((round) => round.longest)),
    worst: Math.max(...rounds.map((round) => round.longest)),
  };
}

(window as unknown as { cairnBench: typeof run }).cairnBench = run;
document.title = 'ready';
