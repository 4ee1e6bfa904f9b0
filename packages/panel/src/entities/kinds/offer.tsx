import { microsToDecimal } from '@cairn/contract';
import { OfferImportButton } from '../OfferImportButton.tsx';
import type { EntityUi } from '../types.ts';

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
        item.payoutAuto ? 'auto' : `${microsToDecimal(Number(item.payoutMicros))} ${String(item.currency)}`,
      width: 120,
    },
    { id: 'countryCode', header: 'Country', width: 90 },
    { id: 'dailyCap', header: 'Daily cap', kind: 'number', width: 100 },
    { id: 'url', header: 'URL', width: 320 },
    { id: 'updatedAt', header: 'Updated', width: 180 },
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
