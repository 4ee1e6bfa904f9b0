import {
  CONVERSION_API_PATHS,
  CONVERSION_LIST_LIMIT_MAX,
  CONVERSION_STATUSES,
  type ConversionRow,
  type ConversionStatus,
  conversionListResponseSchema,
  type S2sState,
} from '@cairn/contract';
import {
  Badge,
  type BadgeTone,
  Button,
  DataTable,
  type DataTableColumn,
  DateRangePicker,
  type DateRangeValue,
  PageHeader,
  Select,
  ServerMessage,
  Skeleton,
} from '@cairn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useCurrentUser, useDebugSettings } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import type { PageProps } from '../pages/pageProps.ts';
import { queryString, stringifyQuery } from '../routes/query.ts';
import { parseIds } from '../routes/resolve.ts';
import { type SubjectType, subjectTypes } from '../routes/table.ts';
import { useRouteQuery } from '../routes/useRouteQuery.ts';
import { type CsvCell, csvFileName, downloadCsv, toCsv } from './csv.ts';
import { editPathOf } from './dimensions.ts';
import { formatDuration, formatInstant } from './format.ts';
import { periodFromQuery, periodOf, periodParams, queryFromPeriod } from './period.ts';
import * as styles from './reports.css.ts';
import { storeOwnTimeZone, useReportZone, useStatsSettings, viewerLocale } from './settingsApi.ts';
import { type Subject, subjectOf, useSubjectTitle } from './subject.ts';

// `/report/leads/{subjectType}/{subjectIds}`: the subject's conversions from the conversion log
// (`GET /api/conversions`), newest first, loaded a page at a time, with their status, payout and the
// S2S postback's delivery.

const STATUS_TONES: Record<ConversionStatus, BadgeTone> = {
  approved: 'success',
  pending: 'warning',
  declined: 'danger',
  chargeback: 'danger',
};
const ALL = 'all';
const S2S_LABELS: Record<S2sState, string> = {
  none: 'None',
  skipped: 'Skipped',
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export default function LeadsReportPage({ params }: PageProps) {
  const type = subjectTypes.find((candidate) => candidate === params.subjectType);
  const ids = parseIds(params.subjectIds);
  const zone = useReportZone();
  if (!type || ids.length === 0) return null;
  if (!zone.ready) return <Skeleton height={240} />;
  return <Leads subject={subjectOf(type as SubjectType, ids)} timeZone={zone.timeZone} />;
}

function useLeadsState(timeZone: string) {
  const query = useRouteQuery();
  const [path, navigate] = useLocation();
  const period = useMemo(() => periodFromQuery(query, periodOf('last7', timeZone)), [query, timeZone]);
  const given = queryString(query, 'status');
  const status = (CONVERSION_STATUSES as readonly string[]).includes(given ?? '')
    ? (given as ConversionStatus)
    : undefined;
  const update = (next: { period?: DateRangeValue; status?: ConversionStatus | undefined }) => {
    const chosen = 'status' in next ? next.status : status;
    navigate(
      `${path}${stringifyQuery({ ...queryFromPeriod(next.period ?? period), ...(chosen ? { status: chosen } : {}) })}`,
      { replace: true },
    );
  };
  return { period, status, update };
}

function Leads({ subject, timeZone }: { subject: Subject; timeZone: string }) {
  const { client } = useServices();
  const user = useCurrentUser();
  const debug = useDebugSettings();
  const hideProfit = user?.isHideProfit ?? false;
  const { settings } = useStatsSettings();
  const locale = viewerLocale();
  const title = useSubjectTitle(subject);
  const { period, status, update } = useLeadsState(timeZone);

  const filter: Record<string, string> = { [subject.kind]: subject.ids.join(',') };
  if (status) filter.conversion_status = status;
  const conversions = useInfiniteQuery({
    queryKey: ['reports', 'conversions', periodParams(period), filter],
    queryFn: async ({ pageParam, signal }) => {
      const result = await client.get(CONVERSION_API_PATHS.list, {
        query: {
          ...periodParams(period),
          filter,
          limit: String(CONVERSION_LIST_LIMIT_MAX),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        schema: conversionListResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = useMemo(() => conversions.data?.pages.flatMap((page) => page.rows) ?? [], [conversions.data]);
  // Payouts are left out of a hide-profit user's answers: no column for what never arrives.
  const withPayout = rows.some((row) => row.revenueMicros !== undefined);
  const columns = useLeadColumns(withPayout, settings.baseCurrency, locale, period.timeZone);

  const exportCsv = () => {
    const lines: CsvCell[][] = [
      columns.map((column) => column.header),
      ...rows.map((row) => columns.map((column) => csvCell(column, row))),
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
            <Button variant="outline" tone="neutral" disabled={rows.length === 0} onClick={exportCsv}>
              Export CSV
            </Button>
          </>
        }
      />
      <div className={styles.controls}>
        <DateRangePicker
          value={period}
          locale={locale}
          onChange={(next) => {
            if (next.timeZone !== period.timeZone) storeOwnTimeZone(next.timeZone);
            update({ period: next });
          }}
        />
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
      </div>
      <DataTable<ConversionRow>
        label={`Leads of ${title}`}
        data={rows}
        columns={columns}
        getRowId={(row) => `${row.clickId}:${row.seq}`}
        locale={locale}
        height={560}
        colorization={debug.colorizationMode}
        verticalBorders={debug.isWithVerticalBorders}
        loading={conversions.isPending}
        error={
          conversions.error ? <ServerMessage as="span" message={conversions.error.message} /> : undefined
        }
        onRetry={() => void conversions.refetch()}
        emptyTitle="No leads in this period"
        cursorPagination={{
          nextCursor: conversions.hasNextPage ? 'more' : null,
          onNext: () => void conversions.fetchNextPage(),
          loading: conversions.isFetchingNextPage,
          label: 'More leads',
        }}
      />
    </div>
  );
}

const statusLabel = (status: ConversionStatus) => status.charAt(0).toUpperCase() + status.slice(1);

type LeadColumn = DataTableColumn<ConversionRow> & { csv?: (row: ConversionRow) => CsvCell };

function csvCell(column: LeadColumn, row: ConversionRow): CsvCell {
  if (column.csv) return column.csv(row);
  const value = column.accessor(row);
  return value ?? '';
}

function refColumn(
  id: 'campaign' | 'offer' | 'affiliateNetwork' | 'trafficSource',
  header: string,
  dimension: 'campaign' | 'offer' | 'affiliate_network' | 'traffic_source',
): LeadColumn {
  return {
    id,
    header,
    accessor: (row) => row[id]?.name ?? null,
    cell: (row) => {
      const ref = row[id];
      const edit = ref ? editPathOf(dimension, ref.id) : undefined;
      return ref && edit ? <Link href={edit}>{ref.name}</Link> : (ref?.name ?? '–');
    },
  };
}

function useLeadColumns(
  withPayout: boolean,
  currency: string,
  locale: string,
  timeZone: string,
): LeadColumn[] {
  return useMemo(() => {
    const money = (micros: number | undefined) => (micros === undefined ? null : micros / 1_000_000);
    const columns: LeadColumn[] = [
      {
        id: 'time',
        header: 'Conversion time',
        accessor: (row) => row.time,
        cell: (row) => formatInstant(row.time, locale, timeZone),
        csv: (row) => row.time,
        width: 180,
      },
      { id: 'clickId', header: 'Click ID', accessor: (row) => row.clickId, width: 170 },
      refColumn('campaign', 'Campaign', 'campaign'),
      refColumn('offer', 'Offer', 'offer'),
      refColumn('affiliateNetwork', 'Aff. network', 'affiliate_network'),
      refColumn('trafficSource', 'Traffic source', 'traffic_source'),
      { id: 'country', header: 'Country', accessor: (row) => row.country || null, width: 90 },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => row.status,
        cell: (row) => (
          <Badge tone={STATUS_TONES[row.status]} withDot>
            {statusLabel(row.status)}
          </Badge>
        ),
        width: 130,
      },
      {
        id: 'networkStatus',
        header: 'Network status',
        accessor: (row) => row.networkStatus || null,
        width: 130,
      },
    ];
    if (withPayout) {
      columns.push({
        id: 'payout',
        header: 'Payout',
        accessor: (row) => money(row.revenueMicros),
        kind: 'money',
        currency,
        total: 'sum',
        csv: (row) => money(row.revenueMicros)?.toFixed(2) ?? '',
      });
    }
    columns.push(
      {
        id: 'cost',
        header: 'Cost',
        accessor: (row) => money(row.costMicros),
        kind: 'money',
        currency,
        csv: (row) => money(row.costMicros)?.toFixed(2) ?? '',
      },
      {
        id: 'timeToConvert',
        header: 'Time to convert',
        accessor: (row) => row.timeToConvertSeconds,
        cell: (row) => formatDuration(row.timeToConvertSeconds),
        kind: 'number',
        width: 130,
      },
      {
        id: 's2s',
        header: 'S2S postback',
        accessor: (row) => row.s2s.state,
        cell: (row) => S2S_LABELS[row.s2s.state],
        width: 120,
      },
    );
    return columns;
  }, [withPayout, currency, locale, timeZone]);
}
