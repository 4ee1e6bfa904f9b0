import {
  REPORT_LIMIT_DEFAULTS,
  REPORT_PAGE_SIZE_MAX,
  type ReportConversionTime,
  type ReportExportFormat,
} from '@cairn/contract';
import {
  Button,
  DateRangePicker,
  type DateRangeValue,
  type ExpandedState,
  PageHeader,
  Select,
  ServerMessage,
  Skeleton,
  type SortingState,
  Switch,
} from '@cairn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { GeoDataCredit } from '../app/GeoDataCredit.tsx';
import { useCurrentUser, useDebugSettings } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { CostUpdateButton } from '../entities/lists/CostUpdateButton.tsx';
import { useNarrowScreen } from '../narrow/narrowScreen.ts';
import type { PageProps } from '../pages/pageProps.ts';
import { parseIds } from '../routes/resolve.ts';
import { type SubjectType, subjectTypes } from '../routes/table.ts';
import { useBetaFlag } from '../settings/sections/beta/betaApi.ts';
import {
  fetchReport,
  type ReportComparison,
  type ReportFilters,
  type ReportRequest,
  reportExportAddress,
} from './api.ts';
import { downloadFrom, exportFileName } from './csv.ts';
import { isTimeDimension } from './dimensions.ts';
import { useKeyMetrics } from './keyMetrics.ts';
import { BUILT_IN_METRICS, choosableMetrics, isMetric, metricLabel, shownMetrics } from './metrics.ts';
import { periodOf, periodParams, previousPeriod } from './period.ts';
import { DEFAULT_LEVELS, useReportState } from './reportState.ts';
import * as styles from './reports.css.ts';
import { ReportSavedReports } from './savedReports/SavedReportsMenu.tsx';
import { useCustomEventNames, useReportZone, useStatsSettings, viewerLocale } from './settingsApi.ts';
import { type Subject, subjectOf, useSubjectTitle } from './subject.ts';
import { ColumnChooser } from './toolbar/ColumnChooser.tsx';
import { KeyMetricsChooser } from './toolbar/KeyMetricsChooser.tsx';
import { ExportMenu, ReportToolbar } from './toolbar/ReportToolbar.tsx';
import { useChosenColumns } from './toolbar/useChosenColumns.ts';
import { ReportPager } from './tree/ReportPager.tsx';
import { ReportTable } from './tree/ReportTable.tsx';
import { treeRows } from './tree/reportTree.ts';

// `/report/{subjectType}/{subjectIds}`: the subject's traffic grouped up to three levels deep, one
// request for the tree's first page, sorted on the server over all rows, with the chosen metrics, the
// totals, "showing 100 of 2,314" and the rest on request, the server's CSV of every row, and links from
// each row to its item's page or to a report narrowed to it.

const CONVERSION_TIME_CHOICES: { value: ReportConversionTime; label: string }[] = [
  { value: 'conversion', label: 'Conversion time' },
  { value: 'click', label: 'Click time' },
];

const COMPARE_CHOICES: { value: ReportComparison['with']; label: string }[] = [
  { value: 'previous', label: 'Previous period' },
  { value: 'custom', label: 'Custom range' },
];

/** The comparison asked for; none for a chosen period without both its dates. */
function comparisonOf(kind: ReportComparison['with'], period: DateRangeValue): ReportComparison | undefined {
  if (kind === 'previous') return { with: 'previous' };
  return period.from && period.to ? { with: 'custom', from: period.from, to: period.to } : undefined;
}

export default function ReportPage({ params }: PageProps) {
  const type = subjectTypes.find((candidate) => candidate === params.subjectType);
  const ids = parseIds(params.subjectIds);
  const zone = useReportZone();
  if (!type || ids.length === 0) return null;
  // The first request waits for the zone: asking for "today" in the wrong zone and again is worse.
  if (!zone.ready) return <Skeleton height={240} />;
  return <Report subject={subjectOf(type as SubjectType, ids)} timeZone={zone.timeZone} />;
}

function Report({ subject, timeZone }: { subject: Subject; timeZone: string }) {
  const { client } = useServices();
  const user = useCurrentUser();
  const debug = useDebugSettings();
  const hideProfit = user?.isHideProfit ?? false;
  const { settings } = useStatsSettings();
  const currency = settings.baseCurrency;
  const locale = viewerLocale();
  const [path] = useLocation();
  const [state, update] = useReportState(DEFAULT_LEVELS[subject.type], timeZone);
  const title = useSubjectTitle(subject);

  const filters = useMemo<ReportFilters>(
    () => ({ ...state.filters, [subject.kind]: subject.ids.map(String) }),
    [state.filters, subject],
  );
  // Beta: beside the previous period of equal length (which all time has none of) or dates chosen; rows
  // are matched by value, so a grouping by time compares with nothing.
  const comparisonBeta = useBetaFlag('report_period_comparison');
  const [compareWanted, setCompareWanted] = useState(false);
  const [compareWith, setCompareWith] = useState<ReportComparison['with']>('previous');
  const [comparePeriod, setComparePeriod] = useState<DateRangeValue | null>(null);
  const comparable =
    (compareWith === 'custom' || state.period.preset !== 'allTime') && !state.levels.some(isTimeDimension);
  const otherPeriod = comparePeriod ?? previousPeriod(state.period) ?? state.period;
  const comparison = comparisonOf(compareWith, otherPeriod);
  const compare = comparisonBeta && comparable && compareWanted && comparison !== undefined;
  // Sorting a column sorts every level on the server, over all its rows, not the rows on screen.
  const [sorting, setSorting] = useState<SortingState>([]);
  const sort = serverSort(sorting);
  // How many first-level rows to show: the server's page until "Load more" or "Load all" asks for more.
  const [pageSize, setPageSize] = useState<number | undefined>(undefined);
  const request: ReportRequest = {
    groupBy: state.levels,
    period: state.period,
    filters,
    compare: compare ? comparison : undefined,
    conversionTime: state.conversionTime ?? 'conversion',
    sort,
    ...(pageSize ? { pageSize } : {}),
  };
  const report = useQuery({
    queryKey: [
      'reports',
      'report',
      state.levels,
      periodParams(state.period),
      filters,
      request.compare,
      request.conversionTime,
      sort,
      pageSize,
    ],
    queryFn: ({ signal }) => fetchReport(client, request, signal),
    // The previous answer stays on screen while a new grouping, period, sort or page loads.
    placeholderData: keepPreviousData,
  });
  const result = report.data;
  const answer = result?.status === 'ok' ? result.data : undefined;
  const rows = useMemo(() => (answer ? treeRows(answer.rows) : []), [answer]);

  const choice = useChosenMetrics(hideProfit);
  const eventNames = useCustomEventNames();
  const metrics = shownMetrics(choice.chosen, answer?.totals, hideProfit);
  // A phone shows each row's name and the user's key metrics; the export keeps the chosen ones.
  const narrow = useNarrowScreen();
  const keyMetrics = useKeyMetrics(hideProfit);
  const narrowMetrics = useMemo(
    () => (narrow ? shownMetrics(keyMetrics.chosen, answer?.totals, hideProfit) : undefined),
    [narrow, keyMetrics.chosen, answer?.totals, hideProfit],
  );
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const levelsKey = state.levels.join(',');
  const [expandedFor, setExpandedFor] = useState(levelsKey);
  if (expandedFor !== levelsKey) {
    // Another grouping makes other rows: what was open means nothing there.
    setExpandedFor(levelsKey);
    setExpanded({});
  }
  const rowsKey = JSON.stringify([
    state.levels,
    periodParams(state.period),
    filters,
    sort,
    request.conversionTime,
  ]);
  const [pagedFor, setPagedFor] = useState(rowsKey);
  if (pagedFor !== rowsKey) {
    // Other rows, or another order of them: back to the first page.
    setPagedFor(rowsKey);
    setPageSize(undefined);
  }
  const loadMore = (all: boolean) => {
    if (!answer) return;
    const wanted = all ? answer.total : answer.rows.length + REPORT_LIMIT_DEFAULTS[0];
    setPageSize(Math.min(wanted, REPORT_PAGE_SIZE_MAX));
  };

  // The server writes the file: every row of every level in this sort, not just the rows loaded here.
  const exportReport = async (format: ReportExportFormat) => {
    const name = exportFileName(
      format,
      'report',
      subject.kind,
      subject.ids.join('-'),
      state.period.from ?? 'all-time',
      state.period.to ?? '',
    );
    downloadFrom(await reportExportAddress(request, metrics, format), name);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={`Report: ${title}`}
        breadcrumbs={<Link href={subject.listPath}>{subject.listName}</Link>}
        actions={
          <>
            <Button asChild variant="outline" tone="neutral">
              <Link href={`/report/leads/${subject.type}/${subject.ids.join(',')}`}>Leads</Link>
            </Button>
            {subject.kind === 'campaign' && subject.ids.length === 1 && (
              <Button asChild variant="outline" tone="neutral">
                <Link href={`/campaigns/split-test/${subject.ids[0]}`}>Split test</Link>
              </Button>
            )}
            {subject.kind === 'campaign' && subject.ids.length === 1 && (
              <CostUpdateButton
                defaults={{
                  campaignId: subject.ids[0],
                  ...(state.period.from ? { from: state.period.from } : {}),
                  ...(state.period.to ? { to: state.period.to } : {}),
                }}
              />
            )}
            <ReportSavedReports
              subject={subject}
              state={state}
              sort={sort}
              metrics={choice.chosen}
              onSortingChange={setSorting}
              onMetricsChange={choice.choose}
            />
            <ExportMenu
              disabled={!answer || rows.length === 0}
              onExport={(format) => void exportReport(format)}
            />
          </>
        }
      />
      <ReportToolbar
        period={state.period}
        onPeriodChange={(period) => update({ period })}
        locale={locale}
        grouping={{ value: state.levels, onChange: (levels) => update({ levels }), hideProfit }}
        filters={{ chips: { filters: state.filters, onChange: (next) => update({ filters: next }) } }}
      >
        {narrow ? (
          <KeyMetricsChooser keyMetrics={keyMetrics} />
        ) : (
          // The report's one column editor (the table has no Columns menu of its own): what is chosen here
          // is what the table and the export show, in this order, kept for the user on the server.
          <ColumnChooser
            title="Metrics"
            description="Choose the metrics the table and the export show; drag them or use their arrows to order them."
            choices={choice.allowed.map((id) => ({ id, label: metricLabel(id, eventNames) }))}
            value={metrics}
            defaults={choice.defaults}
            onChange={choice.choose}
          />
        )}
        <Select<ReportConversionTime>
          label="Conversions by"
          options={CONVERSION_TIME_CHOICES}
          value={request.conversionTime ?? 'conversion'}
          onValueChange={(conversionTime) => update({ conversionTime })}
        />
        {comparisonBeta && comparable && (
          <Switch label="Compare" checked={compareWanted} onCheckedChange={setCompareWanted} />
        )}
        {comparisonBeta && comparable && compareWanted && (
          <Select<ReportComparison['with']>
            label="Compare with"
            options={COMPARE_CHOICES}
            value={compareWith}
            onValueChange={setCompareWith}
          />
        )}
        {comparisonBeta && comparable && compareWanted && compareWith === 'custom' && (
          // Its dates are read in the report's zone: the zone chosen here is not sent.
          <DateRangePicker
            label="Comparison period"
            value={otherPeriod}
            locale={locale}
            timeZones={[state.period.timeZone]}
            onChange={setComparePeriod}
          />
        )}
      </ReportToolbar>
      <ReportTable
        rows={rows}
        state={state}
        path={path}
        metrics={narrowMetrics ?? metrics}
        {...(narrowMetrics ? { narrowMetrics } : {})}
        totals={answer?.totals}
        {...(compare && answer?.comparison ? { totalsComparison: answer.comparison.totals } : {})}
        currency={currency}
        locale={locale}
        expanded={expanded}
        onExpandedChange={setExpanded}
        sorting={sorting}
        onSortingChange={setSorting}
        loading={report.isPending}
        error={
          result && result.status !== 'ok' ? <ServerMessage as="span" message={result.message} /> : undefined
        }
        onRetry={() => void report.refetch()}
        emptyAction={
          state.period.preset === 'allTime' ? undefined : (
            <Button
              size="sm"
              variant="outline"
              tone="neutral"
              onClick={() => update({ period: periodOf('allTime', state.period.timeZone) })}
            >
              Show all time
            </Button>
          )
        }
        colorization={debug.colorizationMode}
        verticalBorders={debug.isWithVerticalBorders}
      />
      {answer && (
        <ReportPager
          shown={answer.rows.length}
          total={answer.total}
          locale={locale}
          loading={report.isFetching}
          onMore={() => loadMore(false)}
          onAll={() => loadMore(true)}
        />
      )}
      <GeoDataCredit />
    </div>
  );
}

/** The table's sort as the server's: a metric column by its metric, the name column by the value. */
function serverSort(sorting: SortingState): ReportRequest['sort'] {
  const [first] = sorting;
  if (!first) return undefined;
  return { key: isMetric(first.id) ? first.id : 'value', desc: first.desc };
}

function useChosenMetrics(hideProfit: boolean) {
  const allowed = useMemo(() => choosableMetrics(hideProfit), [hideProfit]);
  return { ...useChosenColumns('report', BUILT_IN_METRICS.report, allowed), allowed };
}
