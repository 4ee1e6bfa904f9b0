import { flowFieldSpec } from '../../flow/FlowField.tsx';
import { itemHistory } from '../../users/AuditTrail.tsx';
import * as styles from '../entities.css.ts';
import type { EntityUi, FormExtrasProps } from '../types.ts';

// Rotations: flows kept on their own so many campaigns can share one; a change applies to all of them.

/** A saved rotation says how many campaigns a change reaches. */
function RotationUsage({ mode, item }: FormExtrasProps) {
  if (mode !== 'edit' || !item) return null;
  const count = Number(item.campaignCount ?? 0);
  return (
    <p className={styles.muted}>
      {count === 0
        ? 'No campaign uses this rotation yet.'
        : `Used by ${count} ${count === 1 ? 'campaign' : 'campaigns'}: a saved change applies to ${count === 1 ? 'it' : 'all of them'} at once.`}
    </p>
  );
}

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
    { id: 'updatedAt', header: 'Updated', width: 180 },
  ],
  filters: [
    {
      param: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'rotation' },
      noneLabel: 'No group',
    },
  ],
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'ref',
      name: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'rotation' },
      noneLabel: 'No group',
    },
    flowFieldSpec({
      description:
        'Every campaign using this rotation follows it: rules top to bottom, then the default paths.',
    }),
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: RotationUsage,
  FormOutro: itemHistory('rotation'),
};
