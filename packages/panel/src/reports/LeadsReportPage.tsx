import { CONVERSION_STATUSES, type ConversionRow, type ConversionStatus } from '@cairn/contract';
import { Button, DataTable, type DateRangeValue, PageHeader, Select, Skeleton } from '@cairn/ui';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { GeoDataCredit } from '../app/GeoDataCredit.tsx';
import { useCurrentUser, useDebugSettings } from '../app/hooks.ts';
import { useConversionLog } from '../conversions/api.ts';
import { type ConversionColumn, conversionColumns, statusLabel } from '../conversions/columns.tsx';
import type { PageProps } from '../pages/pageProps.ts';
import { queryString, type RouteQuery } from '../routes/query.ts';
import { parseIds } from '../routes/resolve.ts';
import { type SubjectType, subjectTypes } from '../routes/table.ts';
import { useAddressState } from '../routes/useAddressState.ts';
import type { ReportFilters } from './api.ts';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import { cursorLogParts } from './cursorLog.tsx';
import { periodFromQuery, periodOf, queryFromPeriod, rememberedPeriod, rememberPeriod } from './period.ts';
import { PERIOD_KEYS } from './periodState.ts';
import * as styles from './reports.css.ts';
import { useReportZone, useStatsSettings, viewerLocale } from './settingsApi.ts';
import { type Subject, subjectOf, useSubjectTitle } from './subject.ts';
import { ExportCsvButton, ReportToolbar } from './toolbar/ReportToolbar.tsx';

// `/report/leads/{subjectType}/{subjectIds}`: the subject's conversions from the conversion log
// (`GET /api/conversions`), newest first, loaded a page at a time, with their status, payout and the
// S2S postback's delivery.

const ALL = 'all';
const LEAD_COLUMNS: readonly ConversionColumn[] = [
  'time',
  'clickId',
  'campaign',
  'offer',
  'affiliateNetwork',
  'trafficSource',
  'country',
  'status',
  'networkStatus',
  'payout',
  'cost',
  'timeToConvert',
  's2s',
];
const WITHOUT_PAYOUT = LEAD_COLUMNS.filter((id) => id !== 'payout');

export default function LeadsReportPage({ params }: PageProps) {
  const type = subjectTypes.find((candidate) => candidate === params.subjectType);
  const ids = parseIds(params.subjectIds);
  const zone = useReportZone();
  if (!type || ids.length === 0) return null;
  if (!zone.ready) return <Skeleton height={240} />;
  return <Leads subject={subjectOf(type as SubjectType, ids)} timeZone={zone.timeZone} />;
}

const LEADS_KEYS = ['status', ...PERIOD_KEYS];
interface LeadsState {
  period: DateRangeValue;
  status: ConversionStatus | undefined;
}

function useLeadsState(timeZone: string) {
  const part = useMemo(
    () => ({
      keys: LEADS_KEYS,
      read: (query: RouteQuery): LeadsState => {
        const given = queryString(query, 'status');
        return {
          // Without a period of its own, the one last chosen on a list or a report, else the last week.
          period: periodFromQuery(query, rememberedPeriod() ?? periodOf('last7', timeZone)),
          status: (CONVERSION_STATUSES as readonly string[]).includes(given ?? '')
            ? (given as ConversionStatus)
            : undefined,
        };
      },
      write: (state: LeadsState) => ({
        ...queryFromPeriod(state.period),
        ...(state.status ? { status: state.status } : {}),
      }),
    }),
    [timeZone],
  );
  const [state, set] = useAddressState(part);
  const update = (next: Partial<LeadsState>) => {
    if (next.period) rememberPeriod(next.period);
    set({ ...state, ...next });
  };
  return { period: state.period, status: state.status, update };
}

function Leads({ subject, timeZone }: { subject: Subject; timeZone: string }) {
  const user = useCurrentUser();
  const debug = useDebugSettings();
  const hideProfit = user?.isHideProfit ?? false;
  const { settings } = useStatsSettings();
  const locale = viewerLocale();
  const title = useSubjectTitle(subject);
  const { period, status, update } = useLeadsState(timeZone);

  const filters: ReportFilters = { [subject.kind]: subject.ids.map(String) };
  if (status) filters.conversion_status = [status];
  const { query: conversions, rows, loadMore } = useConversionLog(period, filters);
  // Payouts are left out of a hide-profit user's answers: no column for what never arrives.
  const withPayout = rows.some((row) => row.revenueMicros !== undefined);
  const columns = useMemo(
    () =>
      conversionColumns(withPayout ? LEAD_COLUMNS : WITHOUT_PAYOUT, {
        locale,
        timeZone: period.timeZone,
        currency: settings.baseCurrency,
      }),
    [withPayout, locale, period.timeZone, settings.baseCurrency],
  );

  const exportCsv = () => {
    const lines = [
      columns.map((column) => column.header),
      ...rows.map((row) => columns.map((column) => column.csv(row))),
    ];
    downloadCsv(
      csvFileName('leads', subject.kind, subject.ids.join('-'), period.from ?? 'all-time', period.to ?? ''),
      toCsv(lines),
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={`Leads: ${title}`}
        breadcrumbs={<Link href={subject.listPath}>{subject.listName}</Link>}
        actions={
          <>
            <Button asChild variant="outline" tone="neutral">
              <Link href={`/report/${subject.type}/${subject.ids.join(',')}`}>Report</Link>
            </Button>
            <ExportCsvButton disabled={rows.length === 0} onExport={exportCsv} />
          </>
        }
      />
      <ReportToolbar period={period} onPeriodChange={(next) => update({ period: next })} locale={locale}>
        {!hideProfit && (
          <div className={styles.levelSelect}>
            <Select
              label="Status"
              value={status ?? ALL}
              options={[
                { value: ALL, label: 'All statuses' },
                ...CONVERSION_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
              ]}
              onValueChange={(value) =>
                update({ status: value === ALL ? undefined : (value as ConversionStatus) })
              }
            />
          </div>
        )}
      </ReportToolbar>
      <DataTable<ConversionRow>
        label={`Leads of ${title}`}
        data={rows}
        columns={columns}
        getRowId={(row) => `${row.clickId}:${row.seq}`}
        appearance={{
          locale,
          height: 560,
          colorization: debug.colorizationMode,
          verticalBorders: debug.isWithVerticalBorders,
        }}
        {...cursorLogParts(conversions, {
          loadMore,
          emptyTitle: 'No leads in this period',
          moreLabel: 'More leads',
        })}
      />
      <GeoDataCredit />
    </div>
  );
}
