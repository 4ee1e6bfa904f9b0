import { GROUPED_KINDS } from '@cairn/contract';
import type { EntityUi } from '../types.ts';

const kindLabels: Record<(typeof GROUPED_KINDS)[number], string> = {
  offer: 'Offers',
  landing: 'Landers',
  campaign: 'Campaigns',
  rotation: 'Rotations',
};
export const kindOptions = GROUPED_KINDS.map((kind) => ({ value: kind, label: kindLabels[kind] }));

export const groupUi: EntityUi = {
  kind: 'group',
  routeKind: 'groups',
  labelField: 'name',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'name', header: 'Name', width: 260, hideable: false },
    {
      id: 'kind',
      header: 'Groups',
      accessor: (item) => kindLabels[item.kind as keyof typeof kindLabels] ?? String(item.kind),
      width: 120,
    },
    { id: 'memberCount', header: 'Members', kind: 'number', width: 100 },
    { id: 'notes', header: 'Notes', width: 260 },
  ],
  filters: [{ param: 'kind', label: 'Groups of', options: kindOptions }],
};
