import { KEY_METRICS_MAX, type useKeyMetrics } from '../keyMetrics.ts';
import { metricLabel } from '../metrics.ts';
import { useCustomEventNames } from '../settingsApi.ts';
import { ColumnChooser } from './ColumnChooser.tsx';

/** On a phone, the columns to pick: the few numbers beside each name, for every list and report. */
export function KeyMetricsChooser({ keyMetrics }: { keyMetrics: ReturnType<typeof useKeyMetrics> }) {
  const eventNames = useCustomEventNames();
  return (
    <ColumnChooser
      title="Key metrics"
      description={`Choose up to ${KEY_METRICS_MAX} numbers shown beside each name on a phone.`}
      choices={keyMetrics.allowed.map((id) => ({ id, label: metricLabel(id, eventNames) }))}
      value={keyMetrics.chosen}
      defaults={keyMetrics.defaults}
      max={KEY_METRICS_MAX}
      onChange={keyMetrics.choose}
    />
  );
}
