import { formatClock, formatCount } from '../utils/format.ts';
import * as styles from './monitor.css.ts';

export interface MinuteCount {
  minute: string;
  count: number;
}

const BAR_WIDTH = 10;
const HEIGHT = 100;

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

/**
 * Clicks per minute as plain SVG bars (oldest left). The picture is one image named by its summary; the
 * same figures are in a table under it for anyone who wants the numbers.
 */
export function ClicksChart({ series }: { series: readonly MinuteCount[] }) {
  const summary = describeClicks(series);
  const peak = Math.max(0, ...series.map((point) => point.count));
  // An empty hour still draws on a scale of one, so no bar divides by zero.
  const scale = Math.max(1, peak);
  const width = Math.max(1, series.length) * BAR_WIDTH;
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <div>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Clicks per minute. ${summary}`}
      >
        {[0.25, 0.5, 0.75].map((share) => (
          <line
            key={share}
            className={styles.gridLine}
            x1={0}
            x2={width}
            y1={HEIGHT * share}
            y2={HEIGHT * share}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {series.map((point, index) => {
          const height = (point.count / scale) * HEIGHT;
          return (
            <rect
              key={point.minute}
              className={styles.bar}
              x={index * BAR_WIDTH + 1}
              y={HEIGHT - height}
              width={BAR_WIDTH - 2}
              height={height}
            >
              <title>{`${formatClock(point.minute)}: ${formatCount(point.count)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div className={styles.axisLabels} aria-hidden>
          <span>{formatClock(first.minute)}</span>
          <span>peak {formatCount(peak)} / min</span>
          <span>{formatClock(last.minute)}</span>
        </div>
      )}
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
