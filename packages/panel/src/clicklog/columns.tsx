import {
  CLICK_LOG_COLUMNS,
  type ClickLogColumn,
  type ClickLogRow,
  type ReportDimension,
} from '@cairn/contract';
import { type DataTableColumn, IconButton, useCopy } from '@cairn/ui';
import { Check, Copy } from 'lucide-react';
import { Link } from 'wouter';
import type { CsvCell } from '../reports/csv.ts';
import { DIMENSION_LABELS, editPathOf, isDimension, isEntityDimension } from '../reports/dimensions.ts';
import { formatInstant } from '../utils/format.ts';
import * as styles from './clickDetail.css.ts';

// The click log's columns: every column the engine records (CLICK_LOG_COLUMNS), each read from the
// row the API answers: entity columns carry `{ value, name }`, yes/no columns booleans, cost micro-units.

const EXTRA_LABELS: Record<Exclude<ClickLogColumn, ReportDimension>, string> = {
  time: 'Time',
  click_id: 'Click ID',
  asn: 'ASN',
  user_agent: 'User agent',
  external_id: 'External ID',
  cost: 'Cost',
};

export function columnLabel(column: ClickLogColumn): string {
  return isDimension(column) ? DIMENSION_LABELS[column] : EXTRA_LABELS[column];
}

export const CLICK_LOG_CHOICES = CLICK_LOG_COLUMNS.map((id) => ({ id, label: columnLabel(id) }));

const WIDTHS: Partial<Record<ClickLogColumn, number>> = {
  time: 180,
  click_id: 250,
  user_agent: 320,
  ip: 140,
  referrer_domain: 180,
};

type Cell = ClickLogRow[string] | undefined;

/** What a cell says: a name for entity columns, Yes/No for flags, the text or number otherwise. */
export function cellText(cell: Cell): string | number | null {
  if (cell === undefined || cell === '') return null;
  if (typeof cell === 'object')
    return cell.name || (cell.value === 0 || cell.value === '' ? null : String(cell.value));
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return cell;
}

export interface ClickLogFormat {
  locale: string;
  timeZone: string;
  currency: string;
  /** Opens a click's detail; without it the id is plain text. */
  openClick?: (clickId: string) => void;
}

/** The full click id: a button that opens its detail, and one that copies it. */
function ClickIdCell({ clickId, open }: { clickId: string; open: (clickId: string) => void }) {
  const { status, copy } = useCopy();
  return (
    <span className={styles.idCell}>
      <button type="button" className={styles.idButton} onClick={() => open(clickId)}>
        {clickId}
      </button>
      <IconButton
        size="sm"
        label={status === 'copied' ? `Copied ${clickId}` : `Copy click ID ${clickId}`}
        onClick={() => void copy(clickId)}
      >
        {status === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      </IconButton>
    </span>
  );
}

export function clickLogColumns(
  chosen: readonly ClickLogColumn[],
  format: ClickLogFormat,
): DataTableColumn<ClickLogRow>[] {
  return chosen.map((id): DataTableColumn<ClickLogRow> => {
    const base = { id, header: columnLabel(id), width: WIDTHS[id] ?? 140, sortable: false };
    if (id === 'time') {
      return {
        ...base,
        accessor: (row) => cellText(row.time) as string | null,
        cell: (row) => formatInstant(String(row.time), format.locale, format.timeZone),
      };
    }
    const open = format.openClick;
    if (id === 'click_id' && open) {
      return {
        ...base,
        accessor: (row) => cellText(row.click_id) as string | null,
        cell: (row) => <ClickIdCell clickId={String(row.click_id)} open={open} />,
      };
    }
    if (id === 'cost') {
      return {
        ...base,
        accessor: (row) => (typeof row.cost === 'number' ? row.cost / 1_000_000 : null),
        kind: 'money',
        currency: format.currency,
        decimals: 4,
      };
    }
    if (isDimension(id) && isEntityDimension(id)) {
      return {
        ...base,
        accessor: (row) => cellText(row[id]),
        cell: (row) => {
          const cell = row[id];
          const text = cellText(cell);
          const edit = typeof cell === 'object' ? editPathOf(id, Number(cell.value)) : undefined;
          return edit && text !== null ? <Link href={edit}>{text}</Link> : (text ?? '–');
        },
      };
    }
    return { ...base, accessor: (row) => cellText(row[id]) };
  });
}

export function clickLogCsvCell(id: ClickLogColumn, row: ClickLogRow): CsvCell {
  if (id === 'cost') return typeof row.cost === 'number' ? (row.cost / 1_000_000).toFixed(4) : '';
  return cellText(row[id]);
}
