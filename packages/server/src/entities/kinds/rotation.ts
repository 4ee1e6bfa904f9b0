import { type Flow, rotationInputSchema, rotationListSpec, rotationMassChangesSchema } from '@cairn/contract';
import { validationError } from '../../http.ts';
import type { EntityDefinition } from '../definition.ts';
import { checkCampaignLoops, checkFlowReferences, firstPathOf } from '../flowReferences.ts';

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
  async afterWrite({ tx, id, values, previous }) {
    if (values.flow === undefined) return;
    const flow = values.flow as Flow;
    const errors = await checkFlowReferences(tx, flow, (previous?.flow as Flow | null) ?? null);
    if (errors.length === 0) {
      // The rotation's flow is every using campaign's flow: a target may lead back to any of them.
      const using = await tx.query<{ id: number }>(
        'SELECT id FROM campaigns WHERE rotation_id = $1 AND NOT archived ORDER BY id',
        [id],
      );
      errors.push(
        ...(await checkCampaignLoops(
          tx,
          using.map((row) => Number(row.id)),
          (next) => firstPathOf(flow, 'campaign', next, 'flow.'),
        )),
      );
    }
    // Thrown inside the write's transaction, so nothing of the refused change is kept.
    if (errors.length > 0) throw validationError(errors);
  },
  present: (record) => ({ ...record, campaignCount: Number(record.campaignCount ?? 0) }),
};
