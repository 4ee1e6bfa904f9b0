import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi } from '../types.ts';

export const landingUi: EntityUi = {
  kind: 'landing',
  routeKind: 'landings',
  labelField: 'name',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'name', header: 'Name', width: 260, hideable: false },
    { id: 'groupId', header: 'Group', ref: { kind: 'group', groupKind: 'landing' } },
    { id: 'offersCount', header: 'Offers', kind: 'number', width: 90 },
    { id: 'language', header: 'Language', width: 100 },
    { id: 'url', header: 'URL', width: 320, hidden: true },
    updatedColumn,
  ],
  filters: [
    { param: 'groupId', label: 'Group', ref: { kind: 'group', groupKind: 'landing' }, noneLabel: 'No group' },
  ],
};
