import { POSTBACK_MODES } from '@cairn/contract';
import { updatedColumn } from '../lists/listColumns.tsx';
import type { EntityUi } from '../types.ts';

const modeLabels: Record<(typeof POSTBACK_MODES)[number], string> = {
  all: 'All conversions',
  first: 'First conversion of a click only',
  approved: 'Approved conversions only',
};
export const modeOptions = POSTBACK_MODES.map((mode) => ({ value: mode, label: modeLabels[mode] }));

export const trafficSourceUi: EntityUi = {
  kind: 'traffic_source',
  routeKind: 'traffic-sources',
  labelField: 'name',
  columns: [
    { id: 'id', header: 'ID', kind: 'number', width: 80 },
    { id: 'name', header: 'Name', width: 240, hideable: false },
    {
      id: 'tokens',
      header: 'Tokens',
      kind: 'number',
      accessor: (item) => (item.tokens as unknown[]).length,
      width: 90,
    },
    {
      id: 'postbackMode',
      header: 'Postback',
      accessor: (item) => modeLabels[item.postbackMode as keyof typeof modeLabels] ?? '',
      width: 200,
    },
    { id: 'postbackPercent', header: 'Postback %', kind: 'percent', width: 110 },
    { id: 'trafficLossPercent', header: 'Traffic loss %', kind: 'percent', width: 120 },
    { id: 'templateId', header: 'Template', width: 130, hidden: true },
    updatedColumn,
  ],
  filters: [
    {
      param: 'postbackMode',
      label: 'Postback',
      options: modeOptions,
    },
  ],
};
