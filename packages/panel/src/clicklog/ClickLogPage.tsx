import {
  CLICK_ID_PATTERN,
  CLICK_LOG_COLUMNS,
  CLICK_LOG_DEFAULT_COLUMNS,
  CLICK_LOG_LIMIT_MAX,
  type ClickLogColumn,
  type ClickLogRow,
  clickLogResponseSchema,
  REPORT_PATHS,
} from '@cairn/contract';
import { DataTable, PageHeader, Skeleton } from '@cairn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { GeoDataCredit } from '../app/GeoDataCredit.tsx';
import { useCurrentUser, useDebugSettings } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { filterParams } from '../reports/api.ts';
import { csvFileName, downloadCsv, toCsv } from '../reports/csv.ts';
import { cursorLogParts, loadMoreNearEnd, logAppearance } from '../reports/cursorLog.tsx';
import { periodParams } from '../reports/period.ts';
import * as styles from '../reports/reports.css.ts';
import { useReportZone, useStatsSettings, viewerLocale } from '../reports/settingsApi.ts';
import { ColumnChooser } from '../reports/toolbar/ColumnChooser.tsx';
import { ExportCsvButton, ReportToolbar } from '../reports/toolbar/ReportToolbar.tsx';
import { useChosenColumns } from '../reports/toolbar/useChosenColumns.ts';
import { useTrendsState } from '../trends/trendsState.ts';
import { ClickDetail } from './ClickDetail.tsx';
import * as detailStyles from './clickDetail.css.ts';
import { CLICK_LOG_CHOICES, clickLogColumns, clickLogCsvCell, columnLabel } from './columns.tsx';
import { FindForm } from './FindForm.tsx';

/** What the search box asks the log for: a pasted click id, else a token value to match exactly. */
type Search = { clickId: string } | { token: string } | null;

export function searchOf(text: string): Search {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const id = trimmed.toLowerCase();
  return CLICK_ID_PATTERN.test(id) ? { clickId: id } : { token: trimmed };
}

// `/clicklog`: every click, newest first, a server page (cursor) at a time. The table renders only the
// rows in view, so scrolling reaches the next page before the end and hundreds of thousands stay smooth.

export default function ClickLogPage() {
  const zone = useReportZone();
  if (!zone.ready) return <Skeleton height={240} />;
  return <ClickLog timeZone={zone.timeZone} />;
}

function ClickLog({ timeZone }: { timeZone: string }) {
  const { client } = useServices();
  const user = useCurrentUser();
  const debug = useDebugSettings();
  const { settings } = useStatsSettings();
  const locale = viewerLocale();
  // Period and filters share the trends page's address shape (`period`, `tz`, `filter[...]`).
  const [state, update] = useTrendsState(timeZone, 'today');
  const { period, filters } = state;
  const choice = useChosenColumns<ClickLogColumn>('clicklog', CLICK_LOG_DEFAULT_COLUMNS, CLICK_LOG_COLUMNS);
  const [search, setSearch] = useState<Search>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const clicks = useInfiniteQuery({
    queryKey: ['clicklog', periodParams(period), filters, choice.chosen, search],
    queryFn: async ({ pageParam, signal }) => {
      const filter = filterParams(filters);
      const result = await client.get(REPORT_PATHS.clicks, {
        query: {
          ...periodParams(period),
          columns: choice.chosen.join(','),
          limit: String(CLICK_LOG_LIMIT_MAX),
          ...(Object.keys(filter).length > 0 ? { filter } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
          ...search,
        },
        schema: clickLogResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Columns decide the request: wait for the settings' default rather than ask twice.
    enabled: choice.ready,
  });
  const rows = useMemo(() => clicks.data?.pages.flatMap((page) => page.rows) ?? [], [clicks.data]);
  const columns = useMemo(
    () =>
      clickLogColumns(choice.chosen, {
        locale,
        timeZone: period.timeZone,
        currency: settings.baseCurrency,
        openClick: setOpened,
      }),
    [choice.chosen, locale, period.timeZone, settings.baseCurrency],
  );
  const loadMore = () => {
    if (clicks.hasNextPage && !clicks.isFetchingNextPage) void clicks.fetchNextPage();
  };
  const exportCsv = () => {
    const csv = toCsv([
      choice.chosen.map(columnLabel),
      ...rows.map((row: ClickLogRow) => choice.chosen.map((id) => clickLogCsvCell(id, row))),
    ]);
    downloadCsv(csvFileName('clicks', period.from ?? 'all-time', period.to ?? ''), csv);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title="Click log"
        description="Every click, newest first."
        actions={<ExportCsvButton disabled={rows.length === 0} onExport={exportCsv} />}
      />
      <ReportToolbar
        period={period}
        onPeriodChange={(next) => update({ period: next })}
        locale={locale}
        filters={{
          bar: {
            filters,
            onChange: (next) => update({ filters: next }),
            hideProfit: user?.isHideProfit ?? false,
          },
        }}
      >
        <ColumnChooser
          title="Columns"
          choices={CLICK_LOG_CHOICES}
          value={choice.chosen}
          defaults={choice.defaults}
          onChange={choice.choose}
        />
      </ReportToolbar>
      <FindForm
        formLabel="Find clicks"
        label="Find a click"
        description="A click ID (in any period) or a token or external ID value, exactly"
        active={search !== null}
        clearLabel="Show all clicks"
        onFind={(text) => setSearch(searchOf(text))}
        onClear={() => setSearch(null)}
      />
      {search !== null && (
        <p className={detailStyles.muted} aria-live="polite">
          {'clickId' in search
            ? `The click ${search.clickId}, whatever the period and filters.`
            : `Clicks of this period where a token or the external ID is exactly "${search.token}".`}
        </p>
      )}
      <div onScrollCapture={loadMoreNearEnd(loadMore)}>
        <DataTable<ClickLogRow>
          label="Click log"
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.click_id)}
          appearance={logAppearance(debug, locale)}
          {...cursorLogParts(clicks, {
            loadMore,
            emptyTitle:
              search === null
                ? 'No clicks in this period'
                : 'clickId' in search
                  ? 'No click with this ID among your campaigns'
                  : 'No click with this value in this period',
            moreLabel: 'More clicks',
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
