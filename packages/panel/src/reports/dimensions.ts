import {
  ENTITY_DIMENSIONS,
  type EntityStatsKind,
  REPORT_DIMENSION_LABELS,
  REPORT_DIMENSIONS,
  type ReportDimension,
  TIME_DIMENSIONS,
} from '@cairn/contract';
import type { EntityKind as RouteEntityKind, SubjectType } from '../routes/table.ts';

// The report dimensions as the panel names them, and how they map onto subjects (the `{subjectType}`
// of report addresses) and onto the entity pages a row can link to.

/** One set of names with the server's CSV export. */
export const DIMENSION_LABELS: Record<ReportDimension, string> = REPORT_DIMENSION_LABELS;

/** A token slot's dimension (`token_1` for the first), or undefined for any other dimension. */
export function tokenSlotOf(dimension: ReportDimension): number | undefined {
  const match = /^token_(\d+)$/.exec(dimension);
  return match ? Number(match[1]) : undefined;
}

/**
 * The tokens of the traffic source a report is scoped to (one source, or one campaign of one source):
 * its name for each slot it defines (`Zone (t1)`). Null while no single source is in scope: every slot
 * is then offered under its plain name.
 */
export type ScopeTokens = ReadonlyMap<ReportDimension, string> | null;

let scopeTokens: ScopeTokens = null;
const scopeListeners = new Set<() => void>();

/** Sets the tokens in scope (the report toolbar does, from the report's address); null: none. */
export function setScopeTokens(next: ScopeTokens): void {
  if (next === scopeTokens) return;
  scopeTokens = next;
  for (const listener of scopeListeners) listener();
}
export function subscribeScopeTokens(listener: () => void): () => void {
  scopeListeners.add(listener);
  return () => scopeListeners.delete(listener);
}
export const scopeTokensSnapshot = (): ScopeTokens => scopeTokens;

/** A token slot as a source names it: `Zone (t1)`; the parameter when the source gave no name. */
export function sourceTokenLabel(slot: number, name: string, parameter: string): string {
  return `${name.trim() || parameter} (t${slot})`;
}

/** The dimension's label, a token with the name its source in scope gives it. */
export function dimensionLabel(dimension: ReportDimension, tokens: ScopeTokens = scopeTokens): string {
  return tokens?.get(dimension) ?? DIMENSION_LABELS[dimension];
}

export function isDimension(text: string): text is ReportDimension {
  return (REPORT_DIMENSIONS as readonly string[]).includes(text);
}

export function isTimeDimension(dimension: ReportDimension): boolean {
  return (TIME_DIMENSIONS as readonly string[]).includes(dimension);
}

export function isEntityDimension(dimension: ReportDimension): boolean {
  return (ENTITY_DIMENSIONS as readonly string[]).includes(dimension);
}

/** The dimension a report subject filters by: `/report/affiliate-network/3` is `filter[affiliate_network]=3`. */
export const SUBJECT_DIMENSIONS: Record<SubjectType, EntityStatsKind> = {
  campaign: 'campaign',
  offer: 'offer',
  landing: 'landing',
  'affiliate-network': 'affiliate_network',
  rotation: 'rotation',
  'traffic-source': 'traffic_source',
};

export function subjectTypeOf(dimension: ReportDimension): SubjectType | undefined {
  return (Object.keys(SUBJECT_DIMENSIONS) as SubjectType[]).find(
    (subject) => SUBJECT_DIMENSIONS[subject] === dimension,
  );
}

/** Where the items of an entity dimension are listed (and edited under `/edit/{id}`). */
export const ENTITY_LIST_PATHS: Partial<Record<ReportDimension, RouteEntityKind>> = {
  campaign: 'campaigns',
  offer: 'offers',
  landing: 'landings',
  rotation: 'rotations',
  traffic_source: 'traffic-sources',
  affiliate_network: 'affiliate-networks',
  group: 'groups',
};

export function editPathOf(dimension: ReportDimension, id: number): string | undefined {
  const list = ENTITY_LIST_PATHS[dimension];
  return list && id > 0 ? `/${list}/edit/${id}` : undefined;
}

export function dimensionOptions(
  hideProfit: boolean,
  tokens: ScopeTokens = scopeTokens,
): { value: ReportDimension; label: string }[] {
  return (
    REPORT_DIMENSIONS
      // Grouping by conversion status would show what a hide-profit user may not see; the server refuses it.
      .filter((dimension) => !(hideProfit && dimension === 'conversion_status'))
      // With one source in scope, only the tokens it defines can carry values.
      .filter((dimension) => !tokens || tokenSlotOf(dimension) === undefined || tokens.has(dimension))
      .map((dimension) => ({ value: dimension, label: dimensionLabel(dimension, tokens) }))
  );
}
