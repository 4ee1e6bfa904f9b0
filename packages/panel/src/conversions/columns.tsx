import type { ConversionRow, ConversionStatus, S2sDelivery } from '@cairn/contract';
import { Badge, type BadgeTone, type DataTableColumn } from '@cairn/ui';
import { Link } from 'wouter';
import * as clickStyles from '../clicklog/clickDetail.css.ts';
import type { CsvCell } from '../reports/csv.ts';
import { editPathOf } from '../reports/dimensions.ts';
import { formatDuration, formatInstant } from '../reports/format.ts';
import { Deliveries, deliveriesText } from './Deliveries.tsx';

// The columns of a conversion (`GET /api/conversions` rows), shared by the conversions page and the leads
// report: names instead of ids, times in the viewer's zone, money with its currency. Each column also
// says what its CSV cell holds: times as ISO instants and money as plain decimals, which spreadsheets read.

export const CONVERSION_COLUMNS = [
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
  'networkStatus',
  'payout',
  'networkPayout',
  'cost',
  'txid',
  's2s',
  's2sDetail',
  'seq',
  'updatedAt',
] as const;
export type ConversionColumn = (typeof CONVERSION_COLUMNS)[number];

/** The columns that carry the payout: a hide-profit user never receives their values. */
export const PAYOUT_COLUMNS: readonly ConversionColumn[] = ['payout', 'networkPayout'];

export const CONVERSION_COLUMN_LABELS: Record<ConversionColumn, string> = {
  time: 'Conversion time',
  clickId: 'Click ID',
  clickTime: 'Click time',
  timeToConvert: 'Time to convert',
  campaign: 'Campaign',
  offer: 'Offer',
  affiliateNetwork: 'Aff. network',
  trafficSource: 'Traffic source',
  country: 'Country',
  status: 'Status',
  networkStatus: 'Network status',
  payout: 'Payout',
  networkPayout: 'Payout as sent',
  cost: 'Cost',
  txid: 'Transaction ID',
  s2s: 'S2S postback',
  s2sDetail: 'S2S details',
  seq: 'Conversion no.',
  updatedAt: 'Last change',
};

export const STATUS_TONES: Record<ConversionStatus, BadgeTone> = {
  approved: 'success',
  pending: 'warning',
  declined: 'danger',
  chargeback: 'danger',
};

export const statusLabel = (status: ConversionStatus) => status.charAt(0).toUpperCase() + status.slice(1);

export interface ConversionFormat {
  locale: string;
  timeZone: string;
  /** The base currency: payouts and costs are counted in it. */
  currency: string;
  /** Opens a click's detail from its id; without it the id is plain text. */
  openClick?: (clickId: string) => void;
}

export type ConversionTableColumn = DataTableColumn<ConversionRow> & {
  csv: (row: ConversionRow) => CsvCell;
};

const moneyOf = (micros: number | undefined) => (micros === undefined ? null : micros / 1_000_000);
const decimals = (micros: number | undefined) => moneyOf(micros)?.toFixed(2) ?? '';

/** What the last delivery attempt of the S2S postback came to, in a few words. */
export function s2sDetail(s2s: S2sDelivery, format: ConversionFormat): string {
  const at = (iso: string) => formatInstant(iso, format.locale, format.timeZone, false);
  const parts: string[] = [];
  if (s2s.attempts > 0) parts.push(`${s2s.attempts} ${s2s.attempts === 1 ? 'attempt' : 'attempts'}`);
  if (s2s.lastStatus !== null) parts.push(`HTTP ${s2s.lastStatus}`);
  if (s2s.lastError) parts.push(s2s.lastError);
  if (s2s.deliveredAt) parts.push(`delivered ${at(s2s.deliveredAt)}`);
  else if (s2s.nextAttemptAt && s2s.state === 'pending') parts.push(`next ${at(s2s.nextAttemptAt)}`);
  return parts.join(', ');
}

function moneyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    return null;
  }
}

type RefKey = 'campaign' | 'offer' | 'affiliateNetwork' | 'trafficSource';
const REF_DIMENSIONS = {
  campaign: 'campaign',
  offer: 'offer',
  affiliateNetwork: 'affiliate_network',
  trafficSource: 'traffic_source',
} as const satisfies Record<RefKey, string>;

function refColumn(id: RefKey): ConversionTableColumn {
  return {
    id,
    header: CONVERSION_COLUMN_LABELS[id],
    accessor: (row) => row[id]?.name ?? null,
    cell: (row) => {
      const ref = row[id];
      const edit = ref ? editPathOf(REF_DIMENSIONS[id], ref.id) : undefined;
      return ref && edit ? <Link href={edit}>{ref.name}</Link> : (ref?.name ?? '–');
    },
    csv: (row) => row[id]?.name ?? '',
  };
}

function timeColumn(id: 'time' | 'clickTime' | 'updatedAt', format: ConversionFormat): ConversionTableColumn {
  return {
    id,
    header: CONVERSION_COLUMN_LABELS[id],
    accessor: (row) => row[id],
    cell: (row) => formatInstant(row[id], format.locale, format.timeZone),
    csv: (row) => row[id],
    width: 180,
  };
}

function columnOf(id: ConversionColumn, format: ConversionFormat): ConversionTableColumn {
  const header = CONVERSION_COLUMN_LABELS[id];
  switch (id) {
    case 'time':
    case 'clickTime':
    case 'updatedAt':
      return timeColumn(id, format);
    case 'campaign':
    case 'offer':
    case 'affiliateNetwork':
    case 'trafficSource':
      return refColumn(id);
    case 'clickId':
      // Wide enough for a whole click id (23 characters), which is what people copy from here.
      return {
        id,
        header,
        accessor: (row) => row.clickId,
        ...(format.openClick ? { cell: clickIdOpener(format.openClick) } : {}),
        csv: (row) => row.clickId,
        width: 220,
      };
    case 'timeToConvert':
      return {
        id,
        header,
        accessor: (row) => row.timeToConvertSeconds,
        cell: (row) => formatDuration(row.timeToConvertSeconds),
        csv: (row) => row.timeToConvertSeconds,
        kind: 'number',
        width: 140,
      };
    case 'country':
      return { id, header, accessor: (row) => row.country || null, csv: (row) => row.country, width: 90 };
    case 'status':
      return {
        id,
        header,
        accessor: (row) => row.status,
        cell: (row) => (
          <Badge tone={STATUS_TONES[row.status]} withDot>
            {statusLabel(row.status)}
          </Badge>
        ),
        csv: (row) => row.status,
        width: 130,
      };
    case 'networkStatus':
      return {
        id,
        header,
        accessor: (row) => row.networkStatus || null,
        csv: (row) => row.networkStatus,
        width: 130,
      };
    case 'payout':
      return {
        id,
        header,
        accessor: (row) => moneyOf(row.revenueMicros),
        kind: 'money',
        currency: format.currency,
        total: 'sum',
        csv: (row) => decimals(row.revenueMicros),
      };
    case 'networkPayout':
      return {
        id,
        header,
        accessor: (row) => moneyOf(row.revenueOriginalMicros),
        cell: (row) => {
          const amount = moneyOf(row.revenueOriginalMicros);
          if (amount === null) return '–';
          const money = row.revenueCurrency ? moneyFormat(format.locale, row.revenueCurrency) : null;
          return money ? money.format(amount) : `${amount.toFixed(2)} ${row.revenueCurrency ?? ''}`.trim();
        },
        kind: 'number',
        csv: (row) =>
          row.revenueOriginalMicros === undefined
            ? ''
            : `${decimals(row.revenueOriginalMicros)} ${row.revenueCurrency ?? ''}`.trim(),
        width: 150,
      };
    case 'cost':
      return {
        id,
        header,
        accessor: (row) => moneyOf(row.costMicros),
        kind: 'money',
        currency: format.currency,
        csv: (row) => decimals(row.costMicros),
      };
    case 'txid':
      return { id, header, accessor: (row) => row.txid || null, csv: (row) => row.txid, width: 170 };
    case 's2s':
      return {
        id,
        header,
        // "Failing (5 tries): connection refused" rather than a bare "Pending" while it fails; each ad
        // platform the conversion also went to beside it.
        accessor: deliveriesText,
        cell: (row) => <Deliveries row={row} />,
        csv: (row) => row.s2s.state,
        width: 320,
      };
    case 's2sDetail':
      return {
        id,
        header,
        accessor: (row) => s2sDetail(row.s2s, format) || null,
        csv: (row) => s2sDetail(row.s2s, format),
        width: 260,
      };
    case 'seq':
      return { id, header, accessor: (row) => row.seq, csv: (row) => row.seq, kind: 'number', width: 120 };
  }
}

/** The table's columns for these column ids, in their order. */
const clickIdOpener = (open: (clickId: string) => void) => (row: ConversionRow) => (
  <button type="button" className={clickStyles.idButton} onClick={() => open(row.clickId)}>
    {row.clickId}
  </button>
);

export function conversionColumns(
  ids: readonly ConversionColumn[],
  format: ConversionFormat,
): ConversionTableColumn[] {
  return ids.map((id) => columnOf(id, format));
}
