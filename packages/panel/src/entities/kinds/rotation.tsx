import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi } from '../types.ts';

// Rotations: flows kept on their own so many campaigns can share one; a change applies to all of them.

export const rotationUi: EntityUi = {
  kind: 'rotation',
  routeKind: 'rotations',
  labelField: 'name',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'name', header: 'Name', width: 260, hideable: false },
    { id: 'groupId', header: 'Group', ref: { kind: 'group', groupKind: 'rotation' } },
    { id: 'campaignCount', header: 'Campaigns', kind: 'number', width: 120 },
    {
      id: 'paths',
      header: 'Paths / rules',
      width: 140,
      accessor: (item) => {
        const flow = item.flow as { defaultPaths: unknown[]; rules: unknown[] } | null;
        return flow ? `${flow.defaultPaths.length} / ${flow.rules.length}` : null;
      },
    },
    updatedColumn,
  ],
  filters: [
    {
      param: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'rotation' },
      noneLabel: 'No group',
    },
  ],
};
