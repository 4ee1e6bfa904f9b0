import { DUPLICATE_POSTBACK_POLICIES } from '@cairn/contract';
import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi } from '../types.ts';

const policyLabels: Record<(typeof DUPLICATE_POSTBACK_POLICIES)[number], string> = {
  ignore: 'Ignore repeated postbacks',
  update: 'Update status and payout',
  add: 'Add as a further conversion',
};
export const policyOptions = DUPLICATE_POSTBACK_POLICIES.map((policy) => ({
  value: policy,
  label: policyLabels[policy],
}));

export const affiliateNetworkUi: EntityUi = {
  kind: 'affiliate_network',
  routeKind: 'affiliate-networks',
  labelField: 'name',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'name', header: 'Name', width: 260, hideable: false },
    { id: 'offerCount', header: 'Offers', kind: 'number', width: 90 },
    { id: 'offerUrlParams', header: 'Offer URL parameters', width: 260, hidden: true },
    {
      id: 'duplicatePostbacks',
      header: 'Repeated postbacks',
      accessor: (item) => policyLabels[item.duplicatePostbacks as keyof typeof policyLabels] ?? '',
      width: 200,
    },
    updatedColumn,
  ],
  filters: [
    {
      param: 'duplicatePostbacks',
      label: 'Repeated postbacks',
      options: policyOptions,
    },
  ],
};
