import {
  CLICK_ID_PATTERN,
  CONVERSION_API_PATHS,
  POSTBACK_LOG_LIMIT_MAX,
  POSTBACK_VIAS,
  type PostbackLogEntry,
  postbackLogResponseSchema,
} from '@cairn/contract';
import { Combobox, DataTable, type DataTableColumn, PageHeader, Skeleton } from '@cairn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebugSettings } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { ClickDetail } from '../clicklog/ClickDetail.tsx';
import * as clickStyles from '../clicklog/clickDetail.css.ts';
import { FindForm } from '../clicklog/FindForm.tsx';
import { cursorLogParts, loadMoreNearEnd, logAppearance } from '../reports/cursorLog.tsx';
import { periodParams } from '../reports/period.ts';
import * as reportStyles from '../reports/reports.css.ts';
import { useReportZone, useStatsSettings, viewerLocale } from '../reports/settingsApi.ts';
import { ReportToolbar } from '../reports/toolbar/ReportToolbar.tsx';
import { useTrendsState } from '../trends/trendsState.ts';
import { formatInstant } from '../utils/format.ts';
import { OUTCOME_GROUPS, outcomeText, VIA_LABELS } from './outcome.ts';
import * as styles from './postbacks.css.ts';

// `/postbacks`: every postback the tracker received (and every pixel and uploaded line), newest first,
// with what became of it in words: accepted, a status change, a duplicate, or rejected and why. The
// query is shown as stored, its postback key masked; the log keeps 30 days and 200,000 entries.

export default function PostbacksPage() {
  const zone = useReportZone();
  if (!zone.ready) return <Skeleton height={240} />;
  return <Postbacks timeZone={zone.timeZone} />;
}

const OUTCOME_OPTIONS = OUTCOME_GROUPS.map((group) => ({ value: group.id, label: group.label }));
const VIA_OPTIONS = POSTBACK_VIAS.map((value) => ({ value, label: VIA_LABELS[value] }));

function Postbacks({ timeZone }: { timeZone: string }) {
  const { client } = useServices();
  const debug = useDebugSettings();
  const locale = viewerLocale();
  const { settings } = useStatsSettings();
  const [opened, setOpened] = useState<string | null>(null);
  const [state, update] = useTrendsState(timeZone, 'today');
  const { period } = state;
  const [groups, setGroups] = useState<string[]>([]);
  const [vias, setVias] = useState<string[]>([]);
  const [clickId, setClickId] = useState('');
  const outcomes = useMemo(
    () => OUTCOME_GROUPS.filter((group) => groups.includes(group.id)).flatMap((group) => group.outcomes),
    [groups],
  );

  const log = useInfiniteQuery({
    queryKey: ['postbacks', periodParams(period), outcomes, vias, clickId],
    queryFn: async ({ pageParam, signal }) => {
      const result = await client.get(CONVERSION_API_PATHS.postbacks, {
        query: {
          ...periodParams(period),
          limit: String(POSTBACK_LOG_LIMIT_MAX),
          ...(outcomes.length > 0 ? { outcome: outcomes.join(',') } : {}),
          ...(vias.length > 0 ? { via: vias.join(',') } : {}),
          ...(clickId ? { clickId } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        schema: postbackLogResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.rows) ?? [], [log.data]);
  const columns = useMemo(
    () => postbackColumns(locale, period.timeZone, setOpened),
    [locale, period.timeZone],
  );
  const loadMore = () => {
    if (log.hasNextPage && !log.isFetchingNextPage) void log.fetchNextPage();
  };
  return (
    <div className={reportStyles.page}>
      <PageHeader
        title="Postbacks"
        description="Every postback received, newest first, with what became of it. Kept 30 days; postback keys are masked."
      />
      <ReportToolbar period={period} onPeriodChange={(next) => update({ period: next })} locale={locale}>
        <div className={styles.field}>
          <Combobox
            label="Outcomes"
            placeholder="All outcomes"
            options={OUTCOME_OPTIONS}
            value={groups}
            onChange={setGroups}
          />
        </div>
        <div className={styles.field}>
          <Combobox
            label="Received as"
            placeholder="Any way"
            options={VIA_OPTIONS}
            value={vias}
            onChange={setVias}
          />
        </div>
      </ReportToolbar>
      <FindForm
        formLabel="Find postbacks of a click"
        label="Click ID"
        description="Exactly as the postback sent it"
        active={clickId !== ''}
        clearLabel="Any click"
        onFind={(text) => setClickId(text.trim())}
        onClear={() => setClickId('')}
      />
      <div onScrollCapture={loadMoreNearEnd(loadMore)}>
        <DataTable<PostbackLogEntry>
          label="Postbacks"
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          appearance={logAppearance(debug, locale)}
          {...cursorLogParts(log, {
            loadMore,
            emptyTitle: 'No postbacks in this period',
            moreLabel: 'More postbacks',
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
    </div>
  );
}

function postbackColumns(
  locale: string,
  timeZone: string,
  openClick: (clickId: string) => void,
): DataTableColumn<PostbackLogEntry>[] {
  const column = (
    id: string,
    header: string,
    width: number,
    accessor: (row: PostbackLogEntry) => string | number | null,
  ): DataTableColumn<PostbackLogEntry> => ({ id, header, width, sortable: false, accessor });
  return [
    {
      ...column('time', 'Received', 180, (row) => row.receivedAt),
      cell: (row) => formatInstant(row.receivedAt, locale, timeZone),
    },
    column('outcome', 'Outcome', 320, (row) => outcomeText(row)),
    {
      ...column('clickId', 'Click ID', 220, (row) => row.clickId || null),
      // A well-formed id opens its click; anything else a postback named is shown as sent.
      cell: (row) =>
        CLICK_ID_PATTERN.test(row.clickId) ? (
          <button type="button" className={clickStyles.idButton} onClick={() => openClick(row.clickId)}>
            {row.clickId}
          </button>
        ) : (
          row.clickId || '–'
        ),
    },
    column('ip', 'Source IP', 150, (row) => row.ip || null),
    column('via', 'Received as', 110, (row) => VIA_LABELS[row.via]),
    column('httpStatus', 'Answer', 90, (row) => row.httpStatus),
    column('query', 'Query (key masked)', 420, (row) => row.query || null),
  ];
}
