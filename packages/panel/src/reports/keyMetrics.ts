import type { ReportMetric } from '@cairn/contract';
import type { DataTableColumn } from '@cairn/ui';
import { useMemo } from 'react';
import { choosableMetrics } from './metrics.ts';
import { useChosenColumns } from './toolbar/useChosenColumns.ts';

// On a phone a list or report row is its name and the user's key metrics: what a buyer checks on the go.
// The pick is the user's, one for every list and report, kept with their other column choices.

export const KEY_METRICS_DEFAULT: readonly ReportMetric[] = ['profit', 'roi'];
/** For a viewer who may not see profit: the numbers they do see first. */
const KEY_METRICS_WITHOUT_PROFIT: readonly ReportMetric[] = ['clicks', 'leads'];

export function useKeyMetrics(hideProfit: boolean) {
  const allowed = useMemo(() => choosableMetrics(hideProfit), [hideProfit]);
  const chosen = useChosenColumns(
    'key-metrics',
    hideProfit ? KEY_METRICS_WITHOUT_PROFIT : KEY_METRICS_DEFAULT,
    allowed,
  );
  return { ...chosen, allowed };
}

/**
 * The width a phone's table shares out, in px at the default font size: the narrowest phone in use (360)
 * less the page's padding and the table's border, so the table never scrolls sideways inside the page.
 */
export const NARROW_TABLE_WIDTH = 328;
/** Key metrics a phone's row has room for beside a readable name. */
export const KEY_METRICS_MAX = 3;
const NARROW_METRIC_WIDTH = 88;
const NARROW_METRIC_MIN_WIDTH = 64;
const NARROW_NAME_MIN_WIDTH = 120;

/**
 * A phone's columns: the name column then the first key metrics, in the user's order, sharing the
 * table's width; every other column is left out. The name keeps its own cell (its link).
 */
export function narrowColumns<T>(
  columns: readonly DataTableColumn<T>[],
  nameId: string,
  keyMetrics: readonly string[],
): DataTableColumn<T>[] {
  const name = columns.find((column) => column.id === nameId);
  const metrics = keyMetrics.slice(0, KEY_METRICS_MAX).flatMap((id) => {
    const column = columns.find((candidate) => candidate.id === id);
    return column ? [column] : [];
  });
  const metricWidth = Math.max(
    NARROW_METRIC_MIN_WIDTH,
    Math.min(
      NARROW_METRIC_WIDTH,
      Math.floor((NARROW_TABLE_WIDTH - NARROW_NAME_MIN_WIDTH) / Math.max(1, metrics.length)),
    ),
  );
  const nameWidth = Math.max(NARROW_NAME_MIN_WIDTH, NARROW_TABLE_WIDTH - metricWidth * metrics.length);
  const shown: DataTableColumn<T>[] = metrics.map((column) => ({
    ...column,
    width: metricWidth,
    minWidth: NARROW_METRIC_MIN_WIDTH,
    hidden: false,
    hideable: false,
  }));
  if (!name) return shown;
  return [{ ...name, width: nameWidth, minWidth: NARROW_NAME_MIN_WIDTH, pinned: false }, ...shown];
}
