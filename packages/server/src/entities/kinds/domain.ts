import { ENTITY_CONTRACTS } from '@cairn/contract';
import { timestamp } from '../../store/config/port.ts';
import type { EntityDefinition } from '../definition.ts';

export const domainDefinition: EntityDefinition = {
  kind: 'domain',
  table: 'domains',
  ...ENTITY_CONTRACTS.domain,
  fields: { host: { type: 'text' }, isDefault: { type: 'boolean' }, notes: { type: 'text' } },
  searchFields: ['host', 'notes'],
  unique: [{ fields: ['host'], field: 'host', message: 'This domain is already added' }],
  async afterWrite({ tx, now, id, values, audit }) {
    if (values.isDefault !== true) return;
    // Only one default: the previous one loses the flag, and that change is audited like any other.
    const previous = await tx.query<{ id: number }>('SELECT id FROM domains WHERE is_default AND id <> $1', [
      id,
    ]);
    for (const row of previous) {
      await tx.execute(
        'UPDATE domains SET is_default = FALSE, updated_at = CAST($2 AS TIMESTAMPTZ) WHERE id = $1',
        [row.id, timestamp(now)],
      );
      await audit({
        kind: 'domain',
        id: Number(row.id),
        action: 'updated',
        changes: { isDefault: { before: true, after: false } },
      });
    }
  },
  present: (record) => record,
};
