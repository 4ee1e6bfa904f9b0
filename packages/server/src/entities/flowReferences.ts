import { type ErrorItem, type Flow, flowReferences } from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';
import type { UsageFinder, UsingItems } from './definition.ts';

// Flows name landers and offers inside JSON, where the machinery's reference fields cannot see them; these
// two helpers give flows the same guarantees: references exist and are not newly archived, and an offer
// or lander a flow uses cannot be deleted.

/** Tables whose rows carry a `flow` JSON column, with the nouns used in "still used by" messages. */
export const FLOW_OWNERS = [
  { kind: 'campaign', table: 'campaigns', noun: 'campaign', nounPlural: 'campaigns' },
  { kind: 'rotation', table: 'rotations', noun: 'rotation', nounPlural: 'rotations' },
] as const;

const REFERENCED = {
  landing: { table: 'landings', noun: 'Lander', pick: (flow: Flow) => flowReferences(flow).landingIds },
  offer: { table: 'offers', noun: 'Offer', pick: (flow: Flow) => flowReferences(flow).offerIds },
} as const;

export function parseFlow(value: unknown): Flow | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Flow;
}

/** Where in the flow an id appears first, as the field path a form shows the message at. */
export function firstPathOf(flow: Flow, kind: 'landing' | 'offer', id: number, prefix: string): string {
  const groups: [string, Flow['defaultPaths']][] = [
    ['defaultPaths', flow.defaultPaths],
    ...flow.rules.map((rule, index): [string, Flow['defaultPaths']] => [`rules.${index}.paths`, rule.paths]),
  ];
  for (const [at, paths] of groups) {
    for (const [pathIndex, path] of paths.entries()) {
      const list =
        kind === 'landing'
          ? path.landers.map((lander) => lander.landingId)
          : path.offers.map((offer) => offer.offerId);
      const itemIndex = list.indexOf(id);
      if (itemIndex !== -1) {
        return `${prefix}${at}.${pathIndex}.${kind === 'landing' ? 'landers' : 'offers'}.${itemIndex}`;
      }
    }
  }
  return `${prefix}defaultPaths`;
}

/**
 * Landers and offers of `flow` must exist; one that is archived is refused unless the previous flow already
 * had it, so archiving an offer never blocks editing the rest of a campaign.
 */
export async function checkFlowReferences(
  sql: Sql,
  flow: Flow,
  previousFlow: Flow | null,
  fieldPrefix = 'flow.',
): Promise<ErrorItem[]> {
  const errors: ErrorItem[] = [];
  for (const [kind, spec] of Object.entries(REFERENCED) as [
    keyof typeof REFERENCED,
    (typeof REFERENCED)[keyof typeof REFERENCED],
  ][]) {
    const ids = [...spec.pick(flow)];
    if (ids.length === 0) continue;
    const kept = previousFlow ? spec.pick(previousFlow) : new Set<number>();
    const rows = await sql.query<{ id: number; archived: boolean }>(
      `SELECT id, archived FROM ${spec.table} WHERE id IN (${ids.map((_, index) => `$${index + 1}`).join(', ')})`,
      ids,
    );
    const found = new Map(rows.map((row) => [Number(row.id), Boolean(row.archived)]));
    for (const id of ids) {
      const field = firstPathOf(flow, kind, id, fieldPrefix);
      if (!found.has(id)) errors.push({ message: `${spec.noun} ${id} does not exist`, detail: { field } });
      else if (found.get(id) === true && !kept.has(id)) {
        errors.push({ message: `${spec.noun} ${id} is archived`, detail: { field } });
      }
    }
  }
  return errors;
}

/** The campaigns and rotations whose flows name the lander or offer: deleting it is refused while any do. */
export const flowUsageFinder: UsageFinder = async (sql, kind, id) => {
  if (kind !== 'landing' && kind !== 'offer') return [];
  const pick = REFERENCED[kind].pick;
  const usages: UsingItems[] = [];
  for (const owner of FLOW_OWNERS) {
    // Flows are JSON text on both engines; a cheap text match narrows the rows, the parse decides.
    const rows = await sql.query<{ id: number; name: string; flow: string }>(
      `SELECT id, name, flow FROM ${owner.table} WHERE flow IS NOT NULL AND flow LIKE $1 ORDER BY id`,
      [`%:${id}%`],
    );
    const items = rows
      .filter((row) => pick(parseFlow(row.flow) as Flow).has(id))
      .map((row) => ({ id: Number(row.id), name: row.name }));
    if (items.length > 0)
      usages.push({ kind: owner.kind, noun: owner.noun, nounPlural: owner.nounPlural, items });
  }
  return usages;
};
