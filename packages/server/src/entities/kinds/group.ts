import { ENTITY_CONTRACTS, GROUPED_KINDS, type GroupedKind } from '@cairn/contract';
import type { EntityDefinition } from '../definition.ts';

/** Where the members of each group kind live, so a group's count and deletion check read the right table. */
export type GroupMemberTables = Partial<Record<GroupedKind, string>>;

export function groupDefinition(memberTables: GroupMemberTables): EntityDefinition {
  const cases = GROUPED_KINDS.flatMap((kind) => {
    const table = memberTables[kind];
    return table ? [`WHEN '${kind}' THEN (SELECT count(*) FROM ${table} m WHERE m.group_id = t.id)`] : [];
  });
  return {
    kind: 'group',
    table: 'entity_groups',
    ...ENTITY_CONTRACTS.group,
    fields: { name: { type: 'text' }, kind: { type: 'text' }, notes: { type: 'text' } },
    searchFields: ['name', 'notes'],
    computed: { memberCount: cases.length > 0 ? `CASE t.kind ${cases.join(' ')} ELSE 0 END` : '0' },
    immutableFields: ['kind'],
    unique: [
      {
        fields: ['kind', 'name'],
        field: 'name',
        message: 'A group of this kind with this name already exists',
      },
    ],
    present: (record) => ({ ...record, memberCount: Number(record.memberCount ?? 0) }),
  };
}
