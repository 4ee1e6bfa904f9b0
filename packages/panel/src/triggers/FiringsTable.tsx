import type { ReportMetric, Trigger, TriggerFiring } from '@cairn/contract';
import { formatDateTime } from '../utils/format.ts';
import * as styles from './triggers.css.ts';

// Firings with their numbers: clicks and the metrics the trigger's conditions name.

const MONEY: readonly ReportMetric[] = ['revenue', 'cost', 'profit', 'epc', 'cpc'];
const PERCENT: readonly ReportMetric[] = ['roi', 'cr', 'lpCtr'];

export function formatMetric(metric: ReportMetric, value: number): string {
  if (MONEY.includes(metric)) return (value / 1_000_000).toFixed(2);
  if (PERCENT.includes(metric)) return `${value.toFixed(2)}%`;
  return String(value);
}

export const shownMetrics = (trigger: Trigger): ReportMetric[] => [
  ...new Set<ReportMetric>(['clicks', ...trigger.conditions.items.map((item) => item.metric)]),
];

// Triggers count their windows in UTC, so their times say so, written the way the viewer writes dates.
export function when(iso: string): string {
  return `${formatDateTime(iso, { timeZone: 'UTC' })} UTC`;
}

export function FiringsTable({
  trigger,
  firings,
  caption,
}: {
  trigger: Trigger;
  firings: readonly TriggerFiring[];
  caption: string;
}) {
  const metrics = shownMetrics(trigger);
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.muted}>{caption}</caption>
        <thead>
          <tr>
            <th className={styles.header}>When</th>
            <th className={styles.header}>Row</th>
            {metrics.map((metric) => (
              <th key={metric} className={`${styles.header} ${styles.numeric}`}>
                {metric}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {firings.map((firing) => (
            <tr key={`${firing.at}-${firing.key}`}>
              <td className={styles.cell}>{when(firing.at)}</td>
              <td className={styles.cell}>
                {firing.name || String(firing.value)}
                {firing.trafficSourceId !== undefined ? ` (source ${firing.trafficSourceId})` : ''}
              </td>
              {metrics.map((metric) => (
                <td key={metric} className={`${styles.cell} ${styles.numeric}`}>
                  {formatMetric(metric, firing.metrics[metric])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
