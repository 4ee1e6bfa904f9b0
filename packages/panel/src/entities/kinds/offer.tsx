import { formatMoney } from '../../utils/format.ts';
import { updatedColumn } from '../lists/listColumns.tsx';
import { OfferImportButton } from '../lists/OfferImportButton.tsx';
import type { EntityUi } from '../types.ts';
import { capLimits, OfferCapCell } from './offerCaps.tsx';

export const offerUi: EntityUi = {
  kind: 'offer',
  routeKind: 'offers',
  labelField: 'name',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'name', header: 'Name', width: 260, hideable: false },
    { id: 'groupId', header: 'Group', ref: { kind: 'group', groupKind: 'offer' } },
    { id: 'affiliateNetworkId', header: 'Network', ref: { kind: 'affiliate_network' } },
    {
      id: 'payoutMicros',
      header: 'Payout',
      accessor: (item) =>
        item.payoutAuto ? 'auto' : formatMoney(Number(item.payoutMicros), String(item.currency)),
      // In cents in the cell, every stored decimal on hover (and in the form).
      text: (item) =>
        item.payoutAuto
          ? 'auto'
          : formatMoney(Number(item.payoutMicros), String(item.currency), { precision: 'full' }),
      kind: 'money',
      width: 120,
    },
    { id: 'countryCode', header: 'Country', width: 90 },
    {
      id: 'cap',
      header: 'Cap',
      width: 180,
      // Today's conversions (and clicks) against the caps, from every node's counts; the caps on hover.
      accessor: capLimits,
      cell: (item) => <OfferCapCell item={item} />,
    },
    { id: 'dailyCap', header: 'Daily cap', kind: 'number', width: 100, hidden: true },
    { id: 'url', header: 'URL', width: 320, hidden: true },
    updatedColumn,
  ],
  filters: [
    { param: 'groupId', label: 'Group', ref: { kind: 'group', groupKind: 'offer' }, noneLabel: 'No group' },
    {
      param: 'affiliateNetworkId',
      label: 'Network',
      ref: { kind: 'affiliate_network' },
      noneLabel: 'No network',
    },
  ],
  ListActions: OfferImportButton,
};
