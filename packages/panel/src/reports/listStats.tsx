import {
  type ColumnTable,
  ENTITY_STATS_IDS_MAX,
  ENTITY_STATS_KINDS,
  type EntityStatsKind,
  PAGE_SIZE_MAX,
  type ReportMetric,
} from '@cairn/contract';
import { type DataTableColumn, DateRangePicker } from '@cairn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { fetchList, type ListParams } from '../entities/api.ts';
import type { EntityUi, Item } from '../entities/types.ts';
import { fetchEntityStats } from './api.ts';
import {
  BUILT_IN_METRICS,
  choosableMetrics,
  isMetric,
  METRIC_DEFS,
  type Metrics,
  metricValue,
  metricWidth,
} from './metrics.ts';
import { periodParams } from './period.ts';
import { usePeriodState } from './periodState.ts';
import * as styles from './reports.css.ts';
import { storeOwnTimeZone, useReportZone, useStatsSettings, viewerLocale } from './settingsApi.ts';
import { useChosenColumns } from './toolbar/useChosenColumns.ts';

// The numbers next to an entity list (`GET /api/report/entity_stats`): clicks, conversions, CR, cost,
// revenue, profit, ROI, EPC of each row for a period chosen in the list's header (in the address, and the
// one every list and report opens on next), with a totals row. Sorting by a metric (the list's state says
// which) is the server's: it orders every item of the filtered list (up to 1,000) by that metric and the
// panel pages through that order.

export interface ListStats {
  columns: DataTableColumn<Item>[];
  toolbar: ReactNode;
  /** The rows of the page: the list's own, or, sorted by a metric, the page of the server's order. */
  items: Item[];
  total: number;
  showTotals: boolean;
  totalsLabel: string;
  loading: boolean;
}

function isStatsKind(kind: string): kind is EntityStatsKind {
  return (ENTITY_STATS_KINDS as readonly string[]).includes(kind);
}

const ZERO: Metrics = {};
/** The heading the list's one column editor shows the numbers under. */
const METRICS_GROUP = 'Metrics';
const NO_ITEMS: Item[] = [];
/** The field of a row that carries its numbers (no entity has a field of that name). */
const STATS = '__stats';

/** The same array as last time while its items are the same ones (a list answers a fresh `[]` while loading). */
function useSameItems(items: Item[]): Item[] {
  const last = useRef(items);
  const same =
    last.current.length === items.length && last.current.every((item, index) => item === items[index]);
  if (!same) last.current = items;
  return last.current;
}

export function useListStats(
  ui: EntityUi,
  params: ListParams,
  /** The metric the list is sorted by, if it is. */
  givenSort: { metric: string; desc: boolean } | null,
  givenItems: Item[],
  total: number,
  page: number,
  pageSize: number,
): ListStats {
  const pageItems = useSameItems(givenItems);
  const { client, display } = useServices();
  const { fontSizeDelta } = useSyncExternalStore(display.subscribe, display.getSnapshot);
  const user = useCurrentUser();
  const hideProfit = user?.isHideProfit ?? false;
  const zone = useReportZone();
  const { settings } = useStatsSettings();
  const locale = viewerLocale();
  const kind = ui.kind;
  const enabled = isStatsKind(kind);

  const { period, chosen: periodChosen, setPeriod } = usePeriodState(zone.timeZone);

  const allowed = useMemo(() => choosableMetrics(hideProfit), [hideProfit]);
  const chosen = useChosenColumns(
    enabled ? (kind as ColumnTable) : 'campaign',
    BUILT_IN_METRICS.list,
    allowed,
  );
  // A sort by a metric this viewer may not see (in a link from someone who may) is dropped.
  const sort = useMemo(
    () =>
      enabled && givenSort && isMetric(givenSort.metric) && allowed.includes(givenSort.metric)
        ? { metric: givenSort.metric, desc: givenSort.desc }
        : null,
    [enabled, givenSort, allowed],
  );
  const ready = enabled && (zone.ready || periodChosen);

  // Sorted by a metric: the whole filtered list (up to the ids one stats call takes), in the list's order.
  const { page: _page, pageSize: _size, ...filtersOnly } = params;
  const everything = useQuery({
    queryKey: ['entity', kind, 'list-for-stats', filtersOnly],
    queryFn: async ({ signal }) => {
      const pages = Math.ceil(ENTITY_STATS_IDS_MAX / PAGE_SIZE_MAX);
      const items: Item[] = [];
      for (let index = 1; index <= pages; index++) {
        const result = await fetchList(
          client,
          kind,
          { ...filtersOnly, page: index, pageSize: PAGE_SIZE_MAX },
          signal,
        );
        if (result.status !== 'ok') throw new Error(result.message);
        items.push(...result.data.items);
        if (items.length >= result.data.total) return { items, total: result.data.total };
      }
      return { items: items.slice(0, ENTITY_STATS_IDS_MAX), total: Number.POSITIVE_INFINITY };
    },
    enabled: ready && sort !== null,
    placeholderData: keepPreviousData,
  });
  const universe = sort ? (everything.data?.items ?? NO_ITEMS) : pageItems;
  const ids = useMemo(() => universe.map((item) => item.id), [universe]);
  const stats = useQuery({
    queryKey: ['entity-stats', kind, ids, periodParams(period), sort],
    queryFn: async ({ signal }) => {
      const result = await fetchEntityStats(
        client,
        { kind: kind as EntityStatsKind, ids, period: period, sortBy: sort ?? undefined },
        signal,
      );
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    enabled: ready && ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const answer = stats.data;

  // The numbers travel inside each row: the table reads a row's values once per row object, so rows
  // are new objects whenever the numbers are.
  const items = useMemo(() => {
    let rows = pageItems;
    if (sort) {
      const byId = new Map(universe.map((item) => [item.id, item]));
      const order = answer?.order ?? ids;
      rows = order
        .slice((page - 1) * pageSize, page * pageSize)
        .flatMap((id) => (byId.has(id) ? [byId.get(id) as Item] : []));
    }
    if (!answer) return rows;
    // Items without traffic in the period are left out of the answer: they count zero.
    return rows.map((item) => ({ ...item, [STATS]: answer.stats[String(item.id)] ?? ZERO }));
  }, [sort, pageItems, universe, answer, ids, page, pageSize]);

  // Every metric the viewer may see is a column of the table, so the table's one column menu shows,
  // hides and orders the numbers and the settings columns alike; those not chosen start hidden.
  const chosenKey = chosen.chosen.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the chosen metrics' names, not the array
  const metrics = useMemo(() => {
    // The built-in ones in the order a buyer reads a row (clicks to EPC), any others after them.
    const rank = (id: ReportMetric) => {
      const at = (BUILT_IN_METRICS.list as readonly ReportMetric[]).indexOf(id);
      return at === -1 ? BUILT_IN_METRICS.list.length + allowed.indexOf(id) : at;
    };
    const shown = [...chosen.chosen].sort((a, b) => rank(a) - rank(b));
    return [...shown, ...allowed.filter((id) => !shown.includes(id))];
  }, [chosenKey, allowed]);
  const chosenCount = chosen.chosen.length;
  const currency = settings.baseCurrency;
  const columns = useMemo<DataTableColumn<Item>[]>(() => {
    if (!enabled) return [];
    return metrics.map((id, index) => ({
      id,
      header: METRIC_DEFS[id].label,
      // Items without traffic in the period are left out of the answer: they count zero.
      accessor: (item: Item) =>
        answer ? (metricValue(answer.stats[String(item.id)] ?? ZERO, id) ?? 0) : undefined,
      kind: METRIC_DEFS[id].kind,
      decimals: METRIC_DEFS[id].decimals,
      currency,
      width: metricWidth(id, fontSizeDelta),
      sortable: true,
      ...(index < chosenCount ? {} : { hidden: true }),
      total: () => metricValue(answer?.totals, id),
      profit: id === 'profit' || id === 'roi',
      group: METRICS_GROUP,
    }));
  }, [enabled, metrics, chosenCount, answer, currency, fontSizeDelta]);

  const capped = sort !== null && (everything.data?.total ?? 0) > ENTITY_STATS_IDS_MAX;
  const failure = (stats.error ?? everything.error)?.message;
  const toolbar = useMemo(
    () =>
      enabled ? (
        <>
          {capped && sort && (
            <span className={styles.muted}>
              Sorted by {METRIC_DEFS[sort.metric].label} among the first{' '}
              {ENTITY_STATS_IDS_MAX.toLocaleString(locale)}
            </span>
          )}
          {failure && (
            <span role="alert" className={styles.muted}>
              Numbers unavailable: {failure}
            </span>
          )}
          <DateRangePicker
            label="Stats for"
            size="sm"
            value={period}
            locale={locale}
            onChange={(next) => {
              if (next.timeZone !== period.timeZone) storeOwnTimeZone(next.timeZone);
              setPeriod(next);
            }}
          />
        </>
      ) : null,
    [enabled, capped, sort, failure, locale, period, setPeriod],
  );

  const shownTotal = sort ? Math.min(everything.data?.items.length ?? total, total) : total;
  const loading =
    enabled && ((sort !== null && everything.isPending) || (ids.length > 0 && stats.isPending && ready));
  // One object for as long as nothing in it changes: the list keeps it in its state.
  return useMemo(
    () => ({
      columns,
      toolbar,
      items,
      total: shownTotal,
      showTotals: enabled && metrics.length > 0,
      totalsLabel: sort || total <= pageSize ? 'Total' : 'Page total',
      loading,
    }),
    [columns, toolbar, items, shownTotal, enabled, metrics, sort, total, pageSize, loading],
  );
}

export interface ListStatsControllerProps {
  ui: EntityUi;
  params: ListParams;
  sort: { metric: string; desc: boolean } | null;
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
  onChange: (stats: ListStats) => void;
}

/**
 * The numbers of a list, loaded as their own chunk after the list: the list renders at once and takes
 * the columns, rows and toolbar this hands it.
 */
export default function ListStatsController({ onChange, ...props }: ListStatsControllerProps) {
  const stats = useListStats(
    props.ui,
    props.params,
    props.sort,
    props.items,
    props.total,
    props.page,
    props.pageSize,
  );
  // Before paint: a page of rows must not show for a frame without its numbers.
  useLayoutEffect(() => onChange(stats), [stats, onChange]);
  return null;
}
