import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { DataTable } from '../src/DataTable/DataTable.tsx';
import { type SampleCampaign, sampleCampaigns, sampleColumns } from '../src/DataTable/fixtures/sampleData.ts';

// Runs inside Chromium (driven by run.ts). Each figure is paired with the same measurement on a
// plain, non-virtual 1,000-row <table>, so the ratio means something on any machine.

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
// The garbage a sort leaves behind is collected a moment later; without a pause that pause would
// be charged to scrolling.
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
const getRowId = (row: SampleCampaign) => String(row.id);

function PlainTable({ rows }: { rows: SampleCampaign[] }) {
  const [sortDesc, setSortDesc] = useState<boolean | null>(null);
  const sorted =
    sortDesc === null
      ? rows
      : [...rows].sort((a, b) => (sortDesc ? b.profit - a.profit : a.profit - b.profit));
  return (
    <div id="plain-scroller" style={{ height: 500, overflow: 'auto' }}>
      <table>
        <thead>
          <tr>
            {sampleColumns.map((column) => (
              <th key={column.id}>
                {column.id === 'profit' ? (
                  <button type="button" id="plain-sort" onClick={() => setSortDesc((d) => !d)}>
                    {column.header}
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.id}>
              {sampleColumns.map((column) => (
                <td key={column.id}>{String(column.accessor(row))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

async function mount(root: Root, element: React.ReactNode): Promise<number> {
  const start = performance.now();
  flushSync(() => root.render(element));
  void document.body.offsetHeight;
  await nextFrame();
  return performance.now() - start;
}

async function clickAndWait(element: HTMLElement): Promise<number> {
  const start = performance.now();
  element.click();
  void document.body.offsetHeight;
  await nextFrame();
  return performance.now() - start;
}

/**
 * Scrolls `scroller` through its content frame by frame. Returns the longest main-thread task (or
 * frame gap, whichever is longer) and the median and 95th-percentile frame times.
 */
async function scrollAndWatch(
  scroller: HTMLElement,
  frames: number,
): Promise<{ longest: number; median: number; p95: number }> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const step = Math.max(1, Math.floor((scroller.scrollHeight - scroller.clientHeight) / frames));
  const gaps: number[] = [];
  let last = performance.now();
  for (let i = 0; i < frames; i++) {
    scroller.scrollTop += step;
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }
  await nextFrame();
  observer.disconnect();
  gaps.sort((a, b) => a - b);
  const at = (q: number) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] ?? 0;
  return { longest: Math.max(longest, at(1)), median: at(0.5), p95: at(0.95) };
}

function largeTable(rows: SampleCampaign[]) {
  return (
    <DataTable
      label="Campaigns"
      data={rows}
      columns={sampleColumns}
      getRowId={getRowId}
      selection={{}}
      totals
      appearance={{ height: 500 }}
    />
  );
}

const profitSortButton = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('button')).find((b) =>
    b.textContent?.startsWith('Profit'),
  ) as HTMLElement;
const gridScroller = (container: HTMLElement) =>
  container.querySelector('[role="grid"]')?.parentElement as HTMLElement;

async function run() {
  const container = document.getElementById('root') as HTMLElement;
  const small = sampleCampaigns(1_000);
  const large = sampleCampaigns(100_000);

  // Warm-up: JIT, style injection and font loading should not count against either side.
  let root = createRoot(container);
  await mount(root, <PlainTable rows={small.slice(0, 50)} />);
  await mount(
    root,
    <DataTable label="warm" data={small.slice(0, 50)} columns={sampleColumns} getRowId={getRowId} />,
  );
  root.unmount();

  // Three rounds, reporting the median: other processes share this machine's two cores.
  const rounds: Record<string, number>[] = [];
  for (let round = 0; round < 3; round++) {
    root = createRoot(container);
    const plainMount = await mount(root, <PlainTable rows={small} />);
    const plainSort = await clickAndWait(document.getElementById('plain-sort') as HTMLElement);
    await settle();
    const plain = await scrollAndWatch(document.getElementById('plain-scroller') as HTMLElement, 60);
    root.unmount();
    await settle();

    root = createRoot(container);
    const tableMount = await mount(root, largeTable(large));
    const tableSort = await clickAndWait(profitSortButton(container));
    await settle();
    const table = await scrollAndWatch(gridScroller(container), 120);
    const mountedRows = container.querySelectorAll('[data-row-id]').length;
    root.unmount();
    await settle();
    rounds.push({
      plainMount,
      plainSort,
      plainScroll: plain.longest,
      plainFrame: plain.median,
      plainP95: plain.p95,
      tableMount,
      tableSort,
      tableScroll: table.longest,
      tableFrame: table.median,
      tableP95: table.p95,
      mountedRows,
    });
  }
  const median = (key: string) => {
    const values = rounds.map((r) => r[key] ?? 0).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  const keys = Object.keys(rounds[0] ?? {});
  return Object.fromEntries(keys.map((key) => [key, median(key)]));
}

// The steps of one round, one at a time, for bench/profile.ts to wrap in the profiler.
const profileTarget = () => document.getElementById('root') as HTMLElement;
const hooks = {
  cairnBench: run,
  cairnMountLarge: async () => {
    await mount(createRoot(profileTarget()), largeTable(sampleCampaigns(100_000)));
    await settle();
  },
  cairnSortLarge: () => clickAndWait(profitSortButton(profileTarget())),
  cairnScrollLarge: async () => (await scrollAndWatch(gridScroller(profileTarget()), 120)).longest,
};
Object.assign(window, hooks);
document.title = 'ready';
