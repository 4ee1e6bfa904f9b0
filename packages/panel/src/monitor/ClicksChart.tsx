import { Chart, type ChartSeries } from '@cairn/ui';
import { useMemo } from 'react';
import { formatClock, formatCount, viewerLocale } from '../utils/format.ts';
import * as styles from './monitor.css.ts';

export interface MinuteCount {
  minute: string;
  count: number;
}

/** What the chart shows, in words: the summary sighted and screen-reader users both read. */
export function describeClicks(series: readonly MinuteCount[]): string {
  if (series.length === 0) return 'No minutes reported yet.';
  const span = series.length === 1 ? 'minute' : `${series.length} minutes`;
  const total = series.reduce((sum, point) => sum + point.count, 0);
  if (total === 0) return `No clicks in the last ${span}.`;
  const peak = series.reduce((best, point) => (point.count > best.count ? point : best));
  const last = series[series.length - 1] as MinuteCount;
  return (
    `${formatCount(total)} clicks in the last ${span}; ` +
    `peak ${formatCount(peak.count)} per minute at ${formatClock(peak.minute)}; ` +
    `${formatCount(last.count)} so far this minute.`
  );
}

const MINUTE = 60;
const clockAt = (seconds: number) => formatClock(new Date(seconds * 1000).toISOString());

/**
 * Clicks per minute as bars on ui's Chart (oldest left), in the viewer's zone and locale like the clock
 * times beside it. The picture is one image named by its summary; the same figures are in a table under
 * it for anyone who wants the numbers.
 */
export function ClicksChart({ series }: { series: readonly MinuteCount[] }) {
  const summary = describeClicks(series);
  // Memoised: the chart draws anew for every new array, and the query keeps its data while it is unchanged.
  const x = useMemo(() => series.map((point) => Date.parse(point.minute) / 1000), [series]);
  const lines = useMemo<ChartSeries[]>(
    () => [{ label: 'Clicks', values: series.map((point) => point.count), color: 1, bars: true }],
    [series],
  );
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  return (
    <div>
      <Chart
        label={`Clicks per minute. ${summary}`}
        x={x}
        series={lines}
        height={160}
        step={MINUTE}
        timeZone={timeZone}
        locale={viewerLocale()}
        formatValue={formatCount}
        formatTime={clockAt}
      />
      <p className={styles.summary}>{summary}</p>
      <details className={styles.details}>
        <summary className={styles.detailsSummary}>Clicks per minute as a table</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.header}>
                Minute
              </th>
              <th scope="col" className={`${styles.header} ${styles.numeric}`}>
                Clicks
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.minute}>
                <td className={styles.cell}>{formatClock(point.minute)}</td>
                <td className={`${styles.cell} ${styles.numeric}`}>{formatCount(point.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
