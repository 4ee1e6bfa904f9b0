import { KEY_METRICS_MAX, type useKeyMetrics } from '../keyMetrics.ts';
import { METRIC_DEFS } from '../metrics.ts';
import { ColumnChooser } from './ColumnChooser.tsx';

/** On a phone, the columns to pick: the few numbers beside each name, for every list and report. */
export function KeyMetricsChooser({ keyMetrics }: { keyMetrics: ReturnType<typeof useKeyMetrics> }) {
  return (
    <ColumnChooser
      title="Key metrics"
      description={`Choose up to ${KEY_METRICS_MAX} numbers shown beside each name on a phone.`}
      choices={keyMetrics.allowed.map((id) => ({ id, label: METRIC_DEFS[id].label }))}
      value={keyMetrics.chosen}
      defaults={keyMetrics.defaults}
      max={KEY_METRICS_MAX}
      onChange={keyMetrics.choose}
    />
  );
}
