import type { ReportDimension, ReportMetric } from '@cairn/contract';
import {
  DataTable,
  type DataTableAppearance,
  type DataTableColumn,
  type DataTableStatus,
  type ExpandedState,
  type SortingState,
  visuallyHidden,
} from '@cairn/ui';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { editPathOf, isEntityDimension } from '../dimensions.ts';
import { narrowColumns } from '../keyMetrics.ts';
import { METRIC_DEFS, type Metrics, metricLabel, metricValue } from '../metrics.ts';
import type { ReportState } from '../reportState.ts';
import { reportAddress } from '../reportState.ts';
import * as styles from '../reports.css.ts';
import { useCustomEventNames } from '../settingsApi.ts';
import { groupingName } from '../toolbar/GroupingPicker.tsx';
import { narrowedTo, type TreeRow } from './reportTree.ts';

// The report's tree table: the grouping's names first (with an expander per level), then the chosen
// metrics, and the server's totals under them (ratios of the totals, never averages of the rows). A
// column's sort is the server's (ReportPage asks for it), over all rows, never the loaded ones alone.

export interface ReportTableProps {
  rows: readonly TreeRow[];
  state: ReportState;
  /** Address of this report, for the links to narrower ones. */
  path: string;
  metrics: readonly ReportMetric[];
  totals: Metrics | undefined;
  /** With the comparison on: the totals beside the previous period's. */
  totalsComparison?: TreeRow['comparison'];
  currency: string;
  locale: string;
  expanded: ExpandedState;
  onExpandedChange: (expanded: ExpandedState) => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  loading: boolean;
  error: DataTableStatus['error'];
  onRetry: () => void;
  emptyAction?: DataTableStatus['emptyAction'];
  colorization?: DataTableAppearance<TreeRow>['colorization'];
  verticalBorders?: boolean;
  /** On a phone: the key metrics, the only numbers beside the names. */
  narrowMetrics?: readonly ReportMetric[];
}

/**
 * Under a row whose level below holds more rows than its page: how many of them are here, linking to the
 * report narrowed to the row, where that level is the first and pages to its end.
 */
function MoreChildren({ row, deeper }: { row: TreeRow; deeper: string }) {
  const shown = row.children?.length ?? 0;
  if (row.childTotal === undefined || row.childTotal <= shown) return null;
  return (
    <Link href={deeper} className={styles.subtle}>
      {shown} of {row.childTotal.toLocaleString()}
      <span className={visuallyHidden}> below {row.name}: see all</span>
    </Link>
  );
}

function NameCell({ row, state, path }: { row: TreeRow; state: ReportState; path: string }) {
  if (row.value === null) return <span>{row.name}</span>;
  const narrower = narrowedTo(row, state.levels, state.filters);
  const deeper = reportAddress(path, { ...state, ...narrower });
  const edit = isEntityDimension(row.dimension) ? editPathOf(row.dimension, Number(row.value)) : undefined;
  return (
    <span className={styles.nameCell}>
      {edit ? <Link href={edit}>{row.name}</Link> : <Link href={deeper}>{row.name}</Link>}
      {edit && (
        <Link href={deeper} className={styles.subtle}>
          report<span className={visuallyHidden}> for {row.name}</span>
        </Link>
      )}
      <MoreChildren row={row} deeper={deeper} />
    </span>
  );
}

/** A metric's change against the previous period: the difference, then the difference in percent. */
function changeColumns(
  id: ReportMetric,
  label: string,
  currency: string,
  totals: TreeRow['comparison'],
): DataTableColumn<TreeRow>[] {
  const def = METRIC_DEFS[id];
  const percent = (comparison: TreeRow['comparison']) => comparison?.changePercent[id] ?? null;
  return [
    {
      id: `${id}:change`,
      header: `${label} change`,
      accessor: (row) => metricValue(row.comparison?.change, id),
      kind: def.kind,
      decimals: def.decimals,
      currency,
      width: 130,
      // The server sorts by a period's metrics; the changes exist only beside the rows it sent.
      sortable: false,
      total: () => metricValue(totals?.change, id),
      profit: id === 'profit' || id === 'roi',
    },
    {
      id: `${id}:change-percent`,
      header: `${label} change %`,
      accessor: (row) => percent(row.comparison),
      kind: 'percent',
      decimals: 1,
      width: 120,
      sortable: false,
      total: () => percent(totals),
      profit: id === 'profit' || id === 'roi',
    },
  ];
}

export function useReportColumns(
  levels: readonly ReportDimension[],
  metrics: readonly ReportMetric[],
  totals: Metrics | undefined,
  currency: string,
  state: ReportState,
  path: string,
  totalsComparison?: TreeRow['comparison'],
): DataTableColumn<TreeRow>[] {
  const eventNames = useCustomEventNames();
  return useMemo(
    () => [
      {
        id: 'name',
        header: groupingName(levels),
        accessor: (row: TreeRow) => row.name,
        width: 320,
        hideable: false,
        cell: (row: TreeRow) => <NameCell row={row} state={state} path={path} />,
      },
      ...metrics.flatMap((id): DataTableColumn<TreeRow>[] => [
        {
          id,
          header: metricLabel(id, eventNames),
          accessor: (row) => metricValue(row.metrics, id),
          kind: METRIC_DEFS[id].kind,
          decimals: METRIC_DEFS[id].decimals,
          currency,
          width: METRIC_DEFS[id].money ? 130 : 110,
          total: () => metricValue(totals, id),
          profit: id === 'profit' || id === 'roi',
        },
        ...(totalsComparison
          ? changeColumns(id, metricLabel(id, eventNames), currency, totalsComparison)
          : []),
      ]),
    ],
    [levels, metrics, totals, currency, state, path, totalsComparison, eventNames],
  );
}

export function ReportTable(props: ReportTableProps) {
  const allColumns = useReportColumns(
    props.state.levels,
    props.metrics,
    props.totals,
    props.currency,
    props.state,
    props.path,
    props.totalsComparison,
  );
  const { narrowMetrics } = props;
  const columns = useMemo(
    () => (narrowMetrics ? narrowColumns(allColumns, 'name', narrowMetrics) : allColumns),
    [allColumns, narrowMetrics],
  );
  return (
    <DataTable<TreeRow>
      label={`Report by ${groupingName(props.state.levels)}`}
      data={props.rows}
      columns={columns}
      getRowId={(row) => row.id}
      tree={{
        getSubRows: (row) => row.children,
        expanded: props.expanded,
        onExpandedChange: props.onExpandedChange,
      }}
      // Sorted by the server over every row of each level; the table only shows which column it is.
      sorting={{ state: props.sorting, onChange: props.onSortingChange, manual: true }}
      appearance={{
        rowTone: (row) => {
          const profit = row.metrics.profit;
          return profit === undefined || profit === 0 ? undefined : profit > 0 ? 'positive' : 'negative';
        },
        locale: props.locale,
        height: 560,
        colorization: props.colorization,
        verticalBorders: props.verticalBorders,
        // The metrics are the columns: picked, ordered and kept once, in the page's Metrics editor (the key
        // metrics on a phone), so the table, the export and the next visit show the same ones.
        columnSettings: false,
      }}
      totals
      status={{
        loading: props.loading,
        error: props.error,
        onRetry: props.onRetry,
        emptyTitle: 'No traffic in this period',
        emptyAction: props.emptyAction,
      }}
    />
  );
}
