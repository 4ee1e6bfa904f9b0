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
  campaign: {
    table: 'campaigns',
    noun: 'Campaign',
    pick: (flow: Flow) => flowReferences(flow).campaignIds,
  },
} as const;
export type FlowReferenceKind = keyof typeof REFERENCED;

export function parseFlow(value: unknown): Flow | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Flow;
}

/** Where in the flow an id appears first, as the field path a form shows the message at. */
export function firstPathOf(flow: Flow, kind: FlowReferenceKind, id: number, prefix: string): string {
  const groups: [string, Flow['defaultPaths']][] = [
    ['defaultPaths', flow.defaultPaths],
    ...flow.rules.map((rule, index): [string, Flow['defaultPaths']] => [`rules.${index}.paths`, rule.paths]),
  ];
  for (const [at, paths] of groups) {
    for (const [pathIndex, path] of paths.entries()) {
      if (kind === 'campaign') {
        if (path.target === 'campaign' && path.campaignId === id)
          return `${prefix}${at}.${pathIndex}.campaignId`;
        continue;
      }
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

/**
 * The campaigns and rotations whose flows name the lander, offer or target campaign: deleting it is
 * refused while any do.
 */
export const flowUsageFinder: UsageFinder = async (sql, kind, id) => {
  if (kind !== 'landing' && kind !== 'offer' && kind !== 'campaign') return [];
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

/** Which campaigns each live campaign's flow (its own, or its rotation's) hands clicks to. */
async function campaignTargets(
  sql: Sql,
): Promise<{ names: Map<number, string>; edges: Map<number, number[]> }> {
  const rows = await sql.query<{ id: number; name: string; flow: unknown; rotation_flow: unknown }>(
    `SELECT c.id, c.name, c.flow, r.flow AS rotation_flow
       FROM campaigns c LEFT JOIN rotations r ON r.id = c.rotation_id
      WHERE NOT c.archived`,
  );
  const names = new Map<number, string>();
  const edges = new Map<number, number[]>();
  for (const row of rows) {
    const id = Number(row.id);
    names.set(id, row.name);
    const flow = parseFlow(row.flow) ?? parseFlow(row.rotation_flow);
    edges.set(id, flow ? [...flowReferences(flow).campaignIds] : []);
  }
  return { names, edges };
}

/** The campaigns from `start` back to it along targets (`[start, …, start]`), or null when none lead back. */
function loopThrough(start: number, edges: ReadonlyMap<number, readonly number[]>): number[] | null {
  const cameFrom = new Map<number, number>();
  const queue = [start];
  // Breadth first, so the loop named is a shortest one.
  while (queue.length > 0) {
    const at = queue.shift() as number;
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const loop = [start];
        for (
          let step: number | undefined = at;
          step !== undefined && step !== start;
          step = cameFrom.get(step)
        ) {
          loop.splice(1, 0, step);
        }
        loop.push(start);
        return loop;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

/**
 * Campaign targets must not lead a click round in a loop. Run after the write, inside its transaction,
 * so the graph read holds the change: each of `campaignIds` (the saved campaign, or those using the saved
 * rotation) is checked for a way back to itself, and the loop is named at the saved flow's path that
 * starts it (`field` gets the first campaign the loop goes to).
 */
export async function checkCampaignLoops(
  sql: Sql,
  campaignIds: readonly number[],
  field: (nextId: number) => string,
): Promise<ErrorItem[]> {
  if (campaignIds.length === 0) return [];
  const { names, edges } = await campaignTargets(sql);
  const errors: ErrorItem[] = [];
  for (const id of campaignIds) {
    const loop = loopThrough(id, edges);
    if (!loop) continue;
    const named = loop.map((step) => `"${names.get(step) ?? step}" (${step})`).join(' → ');
    errors.push({
      message: `Campaign targets would send clicks round in a loop: ${named}`,
      detail: { field: field(loop[1] as number) },
    });
  }
  return errors;
}
