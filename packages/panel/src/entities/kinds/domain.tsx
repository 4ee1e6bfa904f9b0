import type { EntityUi } from '../types.ts';

export const domainUi: EntityUi = {
  kind: 'domain',
  routeKind: 'domains',
  labelField: 'host',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'host', header: 'Host', width: 280, hideable: false },
    { id: 'isDefault', header: 'Default', accessor: (item) => (item.isDefault ? 'Default' : ''), width: 100 },
    { id: 'notes', header: 'Notes', width: 280 },
    { id: 'updatedAt', header: 'Updated', width: 180 },
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
  fields: [
    {
      kind: 'text',
      name: 'host',
      label: 'Host',
      required: true,
      placeholder: 'track.example.com',
      description: 'The host name only, pointed at this tracker.',
    },
    {
      kind: 'switch',
      name: 'isDefault',
      label: 'Default domain',
      description: 'Campaign and lander URLs use it when no other domain is chosen.',
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
};
