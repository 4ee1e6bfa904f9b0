import { CAMPAIGN_STATUSES, type CostModel } from '@cairn/contract';
import { Badge, Button, useCopy } from '@cairn/ui';
import { formatMoney, formatPercentMicros, type MoneyPrecision } from '../../utils/format.ts';
import * as styles from '../entities.css.ts';
import { CampaignCostAction, CostUpdateButton } from '../lists/CostUpdateButton.tsx';
import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi, Item } from '../types.ts';

// Campaigns: where each click goes. The list's part; the form (the flow or the rotation it follows, the
// campaign URL) is in campaignForm.tsx.

export const statusOptions = CAMPAIGN_STATUSES.map((status) => ({
  value: status,
  label: status === 'active' ? 'Active' : 'Paused',
}));

// Inline, so the table's cell cuts the address with an ellipsis after the button.
function UrlCell({ item }: { item: Item }) {
  const { status, copy } = useCopy();
  const url = String(item.url ?? '');
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        tone="neutral"
        aria-label={`Copy the URL of ${String(item.name)}`}
        onClick={(event) => {
          // The row would open the campaign otherwise.
          event.stopPropagation();
          void copy(url);
        }}
      >
        {status === 'copied' ? 'Copied' : status === 'failed' ? 'Press Ctrl+C' : 'Copy'}
      </Button>{' '}
      <span className={styles.mono}>{url}</span>
    </>
  );
}

/** `CPC $0.0125`, `RevShare 40%`, `CPA auto`, `none`; `full` for the tooltip: every stored decimal. */
function costText(item: Item, precision: MoneyPrecision = 'amount'): string {
  const model = item.costModel as CostModel;
  if (model === 'none') return 'none';
  const amount = Number(item.costMicros);
  const label = model === 'revshare' ? 'RevShare' : model.toUpperCase();
  if (item.costAuto) return `${label} auto`;
  if (model === 'revshare') return `${label} ${formatPercentMicros(amount)}`;
  // A price per click is read to the fraction of a cent; a price per action or per thousand in cents.
  const shown = precision === 'full' ? 'full' : model === 'cpc' ? 'rate' : 'amount';
  return `${label} ${formatMoney(amount, String(item.currency), { precision: shown })}`;
}

export const campaignUi: EntityUi = {
  kind: 'campaign',
  routeKind: 'campaigns',
  labelField: 'name',
  ListActions: CostUpdateButton,
  SelectionActions: CampaignCostAction,
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 64 },
    { id: 'name', header: 'Name', width: 240, hideable: false },
    {
      id: 'status',
      header: 'Status',
      width: 100,
      // An archived campaign routes nothing, whatever status it was archived with.
      accessor: (item) => (item.archived ? 'archived' : String(item.status)),
      cell: (item) =>
        item.archived ? (
          <Badge tone="neutral">Archived</Badge>
        ) : (
          <Badge tone={item.status === 'active' ? 'success' : 'neutral'} withDot>
            {item.status === 'active' ? 'Active' : 'Paused'}
          </Badge>
        ),
    },
    {
      id: 'url',
      header: 'URL',
      // The copy button and the start of the address: the whole address is the cell's tooltip.
      width: 180,
      cell: (item) => <UrlCell item={item} />,
      text: (item) => String(item.url ?? ''),
    },
    { id: 'groupId', header: 'Group', width: 140, ref: { kind: 'group', groupKind: 'campaign' } },
    { id: 'trafficSourceId', header: 'Traffic source', width: 140, ref: { kind: 'traffic_source' } },
    { id: 'rotationId', header: 'Rotation', ref: { kind: 'rotation' }, hidden: true },
    {
      id: 'costMicros',
      header: 'Cost model',
      width: 140,
      accessor: (item) => costText(item),
      text: (item) => costText(item, 'full'),
    },
    { id: 'domainId', header: 'Domain', ref: { kind: 'domain' }, hidden: true },
    updatedColumn,
  ],
  filters: [
    { param: 'status', label: 'Status', options: statusOptions },
    {
      param: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'campaign' },
      noneLabel: 'No group',
    },
    {
      param: 'trafficSourceId',
      label: 'Traffic source',
      ref: { kind: 'traffic_source' },
      noneLabel: 'No source',
    },
    { param: 'rotationId', label: 'Rotation', ref: { kind: 'rotation' }, noneLabel: 'Own flow' },
  ],
};
