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

export function dimensionOptions(hideProfit: boolean): { value: ReportDimension; label: string }[] {
  // Grouping by conversion status would show what a hide-profit user may not see; the server refuses it.
  return REPORT_DIMENSIONS.filter((dimension) => !(hideProfit && dimension === 'conversion_status')).map(
    (dimension) => ({ value: dimension, label: DIMENSION_LABELS[dimension] }),
  );
}
