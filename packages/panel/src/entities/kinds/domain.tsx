import { TlsStateCell } from '../../domains/TlsStateCell.tsx';
import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi } from '../types.ts';

export const domainUi: EntityUi = {
  kind: 'domain',
  routeKind: 'domains',
  labelField: 'host',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'host', header: 'Host', width: 280, hideable: false },
    { id: 'isDefault', header: 'Default', accessor: (item) => (item.isDefault ? 'Default' : ''), width: 100 },
    {
      id: 'https',
      header: 'HTTPS',
      width: 240,
      accessor: () => null,
      cell: (item) => <TlsStateCell item={item} />,
    },
    { id: 'notes', header: 'Notes', width: 280 },
    updatedColumn,
  ],
  filters: [
    {
      param: 'isDefault',
      label: 'Default',
      options: [
        { value: 'true', label: 'Default only' },
        { value: 'false', label: 'Not default' },
      ],
    },
  ],
};
