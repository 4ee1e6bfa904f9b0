import { type Flow, rotationInputSchema, rotationListSpec, rotationMassChangesSchema } from '@cairn/contract';
import { validationError } from '../../http.ts';
import type { EntityDefinition } from '../definition.ts';
import { checkFlowReferences } from '../flowReferences.ts';

export const rotationDefinition: EntityDefinition = {
  kind: 'rotation',
  table: 'rotations',
  noun: 'rotation',
  nounPlural: 'rotations',
  fields: {
    name: { type: 'text' },
    groupId: { type: 'integer' },
    flow: { type: 'json' },
    notes: { type: 'text' },
  },
  inputSchema: rotationInputSchema,
  massChangesSchema: rotationMassChangesSchema,
  listSpec: rotationListSpec,
  searchFields: ['name', 'notes'],
  computed: { campaignCount: 'SELECT count(*) FROM campaigns c WHERE c.rotation_id = t.id' },
  references: [{ field: 'groupId', kind: 'group', groupKind: 'rotation' }],
  async afterWrite({ tx, values, previous }) {
    if (values.flow === undefined) return;
    const errors = await checkFlowReferences(
      tx,
      values.flow as Flow,
      (previous?.flow as Flow | null) ?? null,
    );
    // Thrown inside the write's transaction, so nothing of the refused change is kept.
    if (errors.length > 0) throw validationError(errors);
  },
  present: (record) => ({ ...record, campaignCount: Number(record.campaignCount ?? 0) }),
};
