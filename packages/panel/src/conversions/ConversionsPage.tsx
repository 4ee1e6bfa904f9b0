import { CONVERSION_STATUSES, type ConversionRow } from '@cairn/contract';
import { Combobox, DataTable, PageHeader, Skeleton } from '@cairn/ui';
import { useMemo, useState } from 'react';
import { GeoDataCredit } from '../app/GeoDataCredit.tsx';
import { useCurrentUser, useDebugSettings } from '../app/hooks.ts';
import { ClickDetail } from '../clicklog/ClickDetail.tsx';
import type { ReportFilters } from '../reports/api.ts';
import { csvFileName, downloadCsv, toCsv } from '../reports/csv.ts';
import { cursorLogParts, loadMoreNearEnd, logAppearance } from '../reports/cursorLog.tsx';
import * as reportStyles from '../reports/reports.css.ts';
import { useReportZone, useStatsSettings, viewerLocale } from '../reports/settingsApi.ts';
import { ColumnChooser } from '../reports/toolbar/ColumnChooser.tsx';
import { ExportCsvButton, ReportToolbar } from '../reports/toolbar/ReportToolbar.tsx';
import { useChosenColumns } from '../reports/toolbar/useChosenColumns.ts';
import { useTrendsState } from '../trends/trendsState.ts';
import { useConversionLog } from './api.ts';
import {
  CONVERSION_COLUMN_LABELS,
  CONVERSION_COLUMNS,
  type ConversionColumn,
  conversionColumns,
  PAYOUT_COLUMNS,
  statusLabel,
} from './columns.tsx';
import * as styles from './conversions.css.ts';
import { UploadDialog } from './UploadDialog.tsx';

// `/conversions`: every conversion, newest first, a server page (cursor) at a time, with its click, its
// status and payout and the S2S postback's delivery; filtered like the click log, and an upload for the
// conversions networks report outside their postbacks.

const DEFAULT_COLUMNS: readonly ConversionColumn[] = [
  'time',
  'clickId',
  'clickTime',
  'timeToConvert',
  'campaign',
  'offer',
  'affiliateNetwork',
  'trafficSource',
  'country',
  'status',
  'payout',
  'txid',
  's2s',
];
const WITHOUT_PAYOUT = CONVERSION_COLUMNS.filter((id) => !PAYOUT_COLUMNS.includes(id));
const STATUS_OPTIONS = CONVERSION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

export default function ConversionsPage() {
  const zone = useReportZone();
  if (!zone.ready) return <Skeleton height={240} />;
  return <Conversions timeZone={zone.timeZone} />;
}

function Conversions({ timeZone }: { timeZone: string }) {
  const user = useCurrentUser();
  const debug = useDebugSettings();
  const { settings } = useStatsSettings();
  const locale = viewerLocale();
  const [uploading, setUploading] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  // Period and filters share the trends page's address shape (`period`, `tz`, `filter[...]`); the
  // status is `filter[conversion_status]`, each conversion's current status.
  const [state, update] = useTrendsState(timeZone);
  const { period, filters } = state;
  const { conversion_status: statuses = [], ...otherFilters } = filters;
  const log = useConversionLog(period, filters);
  const { rows } = log;

  // A hide-profit user gets no payouts at all: their columns are not offered rather than left empty.
  const payoutsArrive =
    !(user?.isHideProfit ?? false) &&
    !(rows.length > 0 && rows.every((row) => row.revenueMicros === undefined));
  const choice = useChosenColumns<ConversionColumn>(
    'conversions',
    DEFAULT_COLUMNS,
    payoutsArrive ? CONVERSION_COLUMNS : WITHOUT_PAYOUT,
  );
  const choices = useMemo(
    () =>
      (payoutsArrive ? CONVERSION_COLUMNS : WITHOUT_PAYOUT).map((id) => ({
        id,
        label: CONVERSION_COLUMN_LABELS[id],
      })),
    [payoutsArrive],
  );
  const columns = useMemo(
    () =>
      conversionColumns(choice.chosen, {
        locale,
        timeZone: period.timeZone,
        currency: settings.baseCurrency,
        openClick: setOpened,
      }),
    [choice.chosen, locale, period.timeZone, settings.baseCurrency],
  );

  const setFilters = (next: ReportFilters, nextStatuses: readonly string[]) =>
    update({
      filters: { ...next, ...(nextStatuses.length > 0 ? { conversion_status: [...nextStatuses] } : {}) },
    });
  const exportCsv = () => {
    const csv = toCsv([
      columns.map((column) => column.header),
      ...rows.map((row: ConversionRow) => columns.map((column) => column.csv(row))),
    ]);
    downloadCsv(csvFileName('conversions', period.from ?? 'all-time', period.to ?? ''), csv);
  };

  return (
    <div className={reportStyles.page}>
      <PageHeader
        title="Conversions"
        description="Every conversion, newest first, with its click and the postback sent to its traffic source."
        actions={
          <>
            {user?.role !== 'user' && <UploadDialog open={uploading} onOpenChange={setUploading} />}
            <ExportCsvButton disabled={rows.length === 0} onExport={exportCsv} />
          </>
        }
      />
      <ReportToolbar
        period={period}
        onPeriodChange={(next) => update({ period: next })}
        locale={locale}
        filters={{
          bar: {
            filters: otherFilters,
            // A status added through "Filter by" joins (or replaces) the ones chosen above.
            onChange: (next) => setFilters(next, next.conversion_status ?? statuses),
            hideProfit: user?.isHideProfit ?? false,
          },
        }}
      >
        <div className={styles.statusField}>
          <Combobox
            label="Statuses"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            value={statuses}
            onChange={(values) => setFilters(otherFilters, values)}
          />
        </div>
        <ColumnChooser
          title="Columns"
          choices={choices}
          value={choice.chosen}
          defaults={choice.defaults}
          onChange={choice.choose}
        />
      </ReportToolbar>
      <div onScrollCapture={loadMoreNearEnd(log.loadMore)}>
        <DataTable<ConversionRow>
          label="Conversions"
          data={rows}
          columns={columns}
          getRowId={(row) => `${row.clickId}:${row.seq}`}
          appearance={logAppearance(debug, locale)}
          {...cursorLogParts(log.query, {
            loadMore: log.loadMore,
            emptyTitle: 'No conversions in this period',
            moreLabel: 'More conversions',
          })}
        />
      </div>
      <ClickDetail
        clickId={opened}
        onClose={() => setOpened(null)}
        locale={locale}
        timeZone={period.timeZone}
        currency={settings.baseCurrency}
      />
      <GeoDataCredit />
    </div>
  );
}
