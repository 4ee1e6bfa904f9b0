import { flowFieldSpec } from '../../flow/FlowField.tsx';
import * as styles from '../entities.css.ts';
import type { EntityFormUi, FormExtrasProps } from '../types.ts';
import { rotationUi } from './rotation.tsx';

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

export const rotationFormUi: EntityFormUi = {
  ...rotationUi,
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
        'Every campaign using this rotation follows it: rules are checked from top to bottom, and a click that matches no rule goes to the default paths.',
    }),
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: RotationUsage,
};
