import type { ReportMetric } from '@cairn/contract';
import {
  Chart,
  type ChartSeries,
  DataTable,
  type DataTableColumn,
  formatRange,
  PageHeader,
  Select,
  ServerMessage,
  Skeleton,
} from '@cairn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentUser, useDebugSettings } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { fetchReport } from '../reports/api.ts';
import {
  BUILT_IN_METRICS,
  choosableMetrics,
  formatMetric,
  METRIC_DEFS,
  type Metrics,
  metricValue,
  shownMetrics,
} from '../reports/metrics.ts';
import { periodDays, periodParams, previousPeriod } from '../reports/period.ts';
import * as styles from '../reports/reports.css.ts';
import { useReportZone, useStatsSettings, viewerLocale } from '../reports/settingsApi.ts';
import { ColumnChooser } from '../reports/toolbar/ColumnChooser.tsx';
import { ReportToolbar } from '../reports/toolbar/ReportToolbar.tsx';
import { useChosenColumns } from '../reports/toolbar/useChosenColumns.ts';
import { dateFormat } from '../utils/format.ts';
import {
  BUCKET_SECONDS,
  type BucketPoint,
  bucketsOf,
  HOUR_BUCKETS_MAX,
  metricsByLabel,
  periodDates,
  shiftLabel,
} from './buckets.ts';
import { type TrendsState, useTrendsState } from './trendsState.ts';

// `/trends`: the report metrics per hour or day for the chosen campaigns or any filter, as a chart of one
// metric with the previous period dashed under it, and a table of every chosen metric per bucket.

export default function TrendsPage() {
  const zone = useReportZone();
  if (!zone.ready) return <Skeleton height={240} />;
  return <Trends timeZone={zone.timeZone} />;
}

interface TrendRow extends BucketPoint {
  current: Metrics | undefined;
  previous: Metrics | undefined;
}

function Trends({ timeZone }: { timeZone: string }) {
  const { client } = useServices();
  const user = useCurrentUser();
  const debug = useDebugSettings();
  const hideProfit = user?.isHideProfit ?? false;
  const { settings } = useStatsSettings();
  const currency = settings.baseCurrency;
  const locale = viewerLocale();
  const [state, update] = useTrendsState(timeZone);
  const { period, filters } = state;

  const days = periodDays(period);
  // Hours beyond what one answer holds are shown per day, and the page says so.
  const tooManyHours = state.bucket === 'hour' && (days === null || days * 24 > HOUR_BUCKETS_MAX);
  const bucket = tooManyHours ? 'day' : state.bucket;
  const previous = previousPeriod(period);

  const request = (which: typeof period) => ({
    groupBy: [bucket],
    period: which,
    filters,
    limit: HOUR_BUCKETS_MAX,
  });
  const current = useQuery({
    queryKey: ['trends', bucket, periodParams(period), filters],
    queryFn: ({ signal }) => fetchReport(client, request(period), signal),
    placeholderData: keepPreviousData,
  });
  const before = useQuery({
    queryKey: ['trends', bucket, previous ? periodParams(previous) : null, filters],
    queryFn: ({ signal }) => fetchReport(client, request(previous ?? period), signal),
    enabled: previous !== null,
    placeholderData: keepPreviousData,
  });
  const answer = current.data?.status === 'ok' ? current.data.data : undefined;
  const earlier = previous && before.data?.status === 'ok' ? before.data.data : undefined;

  const rows = useMemo<TrendRow[]>(() => {
    if (!answer) return [];
    const now = metricsByLabel(answer.rows);
    const then = metricsByLabel(earlier?.rows);
    const shift = -(days ?? 0);
    return bucketsOf(periodDates(period, answer.range), bucket, period.timeZone).map((point) => ({
      ...point,
      current: now.get(point.label),
      previous: earlier ? then.get(shiftLabel(point.label, shift)) : undefined,
    }));
  }, [answer, earlier, period, bucket, days]);

  const allowed = useMemo(() => choosableMetrics(hideProfit), [hideProfit]);
  const choice = useChosenColumns('trends', BUILT_IN_METRICS.trends, allowed);
  const metrics = shownMetrics(choice.chosen, answer?.totals, hideProfit);
  const chartable = shownMetrics(allowed, answer?.totals, hideProfit);
  const chartMetric = chartable.includes(state.chartMetric) ? state.chartMetric : (chartable[0] ?? 'clicks');
  const format = useMemo(() => ({ locale, currency }), [locale, currency]);
  const columns = useTrendColumns(
    metrics,
    chartMetric,
    answer?.totals,
    earlier?.totals,
    currency,
    locale,
    bucket,
    previous !== null,
  );

  return (
    <div className={styles.page}>
      <PageHeader title="Trends" description="Metrics per hour or day, next to the period before." />
      <ReportToolbar
        period={period}
        onPeriodChange={(next) => update({ period: next })}
        locale={locale}
        filters={{ bar: { filters, onChange: (next) => update({ filters: next }), hideProfit } }}
      >
        <div className={styles.levelSelect}>
          <Select
            label="Per"
            value={state.bucket}
            options={[
              { value: 'hour', label: 'Hour' },
              { value: 'day', label: 'Day' },
            ]}
            onValueChange={(next) => update({ bucket: next })}
          />
        </div>
        <div className={styles.levelSelect}>
          <Select
            label="Chart"
            value={chartMetric}
            options={chartable.map((id) => ({ value: id, label: METRIC_DEFS[id].label }))}
            onValueChange={(next) => update({ chartMetric: next })}
          />
        </div>
        <ColumnChooser
          title="Metrics"
          choices={allowed.map((id) => ({ id, label: METRIC_DEFS[id].label }))}
          value={metrics}
          defaults={choice.defaults}
          onChange={choice.choose}
        />
      </ReportToolbar>
      {tooManyHours && (
        <p className={styles.note}>
          Shown per day: per hour covers at most {Math.floor(HOUR_BUCKETS_MAX / 24)} days. Choose a shorter
          period for hours.
        </p>
      )}
      {!answer ? (
        // Nothing to draw until the first answer; a failed one is said by the table below.
        current.isPending && <Skeleton height={260} />
      ) : (
        <TrendChart
          rows={rows}
          state={{ ...state, bucket }}
          metric={chartMetric}
          format={format}
          comparing={previous !== null}
        />
      )}
      <DataTable<TrendRow>
        label={`Trends per ${bucket}`}
        data={rows}
        columns={columns}
        getRowId={(row) => row.label}
        appearance={{
          locale,
          height: 480,
          colorization: debug.colorizationMode,
          verticalBorders: debug.isWithVerticalBorders,
        }}
        totals
        status={{
          loading: current.isPending,
          error:
            current.data && current.data.status !== 'ok' ? (
              <ServerMessage as="span" message={current.data.message} />
            ) : undefined,
          onRetry: () => void current.refetch(),
          emptyTitle: 'No traffic in this period',
        }}
      />
    </div>
  );
}

function TrendChart({
  rows,
  state,
  metric,
  format,
  comparing,
}: {
  rows: readonly TrendRow[];
  state: TrendsState;
  metric: ReportMetric;
  format: { locale: string; currency: string };
  comparing: boolean;
}) {
  const label = METRIC_DEFS[metric].label;
  const x = useMemo(() => rows.map((row) => row.x), [rows]);
  const series = useMemo<ChartSeries[]>(() => {
    const now: ChartSeries = {
      label,
      values: rows.map((row) => metricValue(row.current, metric) ?? 0),
      color: 1,
    };
    if (!comparing) return [now];
    return [
      now,
      {
        label: `${label}, previous period`,
        values: rows.map((row) => metricValue(row.previous, metric) ?? 0),
        color: 8,
        dashed: true,
      },
    ];
  }, [rows, metric, label, comparing]);
  const formatValue = useMemo(() => (value: number) => formatMetric(metric, value, format), [metric, format]);
  const timeFormat = useMemo(
    () =>
      dateFormat(
        { locale: format.locale, timeZone: state.period.timeZone },
        {
          month: 'short',
          day: 'numeric',
          ...(state.bucket === 'hour' ? { hour: 'numeric', minute: '2-digit' } : { weekday: 'short' }),
        },
      ),
    [format.locale, state.period.timeZone, state.bucket],
  );
  const sum = (values: readonly (number | null)[]) =>
    values.reduce<number>((total, value) => total + (value ?? 0), 0);
  const additive = METRIC_DEFS[metric].kind !== 'percent' && metric !== 'epc' && metric !== 'cpc';
  const summary = additive
    ? `${formatValue(sum(series[0]?.values ?? []))} in total${
        series[1] ? `, against ${formatValue(sum(series[1].values))} in the period before` : ''
      }`
    : `${rows.length} ${state.bucket === 'hour' ? 'hours' : 'days'}`;
  return (
    <Chart
      label={`${label} per ${state.bucket}, ${formatRange(state.period, format.locale)}: ${summary}.`}
      x={x}
      series={series}
      height={260}
      timeZone={state.period.timeZone}
      locale={format.locale}
      step={BUCKET_SECONDS[state.bucket]}
      formatValue={formatValue}
      formatTime={(seconds) => timeFormat.format(seconds * 1000)}
    />
  );
}

function useTrendColumns(
  metrics: readonly ReportMetric[],
  chartMetric: ReportMetric,
  totals: Metrics | undefined,
  previousTotals: Metrics | undefined,
  currency: string,
  locale: string,
  bucket: string,
  comparing: boolean,
): DataTableColumn<TrendRow>[] {
  return useMemo(() => {
    const time = dateFormat(
      { locale, timeZone: 'UTC' },
      { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
    );
    const metricColumn = (
      id: ReportMetric,
      read: (row: TrendRow) => Metrics | undefined,
      all: Metrics | undefined,
      header: string,
    ) => ({
      id: header === METRIC_DEFS[id].label ? id : `${id}-previous`,
      header,
      accessor: (row: TrendRow) => metricValue(read(row), id) ?? (read(row) ? undefined : 0),
      kind: METRIC_DEFS[id].kind,
      decimals: METRIC_DEFS[id].decimals,
      currency,
      width: 120,
      total: () => metricValue(all, id),
      profit: id === 'profit',
    });
    const columns: DataTableColumn<TrendRow>[] = [
      {
        id: 'time',
        header: bucket === 'hour' ? 'Hour' : 'Day',
        accessor: (row) => row.label,
        cell: (row) =>
          `${time.format(Date.parse(`${row.label.slice(0, 10)}T00:00:00Z`))}${row.label.slice(10)}`,
        width: 200,
        hideable: false,
      },
      ...metrics.map((id) => metricColumn(id, (row) => row.current, totals, METRIC_DEFS[id].label)),
    ];
    if (comparing) {
      columns.push(
        metricColumn(
          chartMetric,
          (row) => row.previous,
          previousTotals,
          `${METRIC_DEFS[chartMetric].label}, previous period`,
        ),
      );
    }
    return columns;
  }, [metrics, chartMetric, totals, previousTotals, currency, locale, bucket, comparing]);
}
