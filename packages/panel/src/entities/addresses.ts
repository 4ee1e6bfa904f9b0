import { type FormMode, formModes, type SubjectType } from '../routes/table.ts';
import type { EntityUi } from './types.ts';

// Where a kind's pages live, and which form a form address asks for. The route table owns the addresses
// (`/{kind}`, `/{kind}/create`, `/{kind}/edit/{id}`, `/{kind}/clone/{id}`); these read them back.

export function listPathOf(ui: EntityUi): string {
  return `/${ui.routeKind}`;
}

/** The form mode a form route's path names; a path naming none is a create form. */
export function formModeOf(path: string): FormMode {
  return formModes.find((mode) => path.includes(`/${mode}/`) || path.endsWith(`/${mode}`)) ?? 'create';
}

/** A kind's `{subjectType}` in report addresses; kinds without a report (users, domains, groups) have none. */
const SUBJECT_TYPES: Partial<Record<EntityUi['kind'], SubjectType>> = {
  campaign: 'campaign',
  offer: 'offer',
  landing: 'landing',
  affiliate_network: 'affiliate-network',
  traffic_source: 'traffic-source',
  rotation: 'rotation',
};

/** The report of these items (`/report/campaign/3,4`), or undefined for a kind without reports. */
export function reportPathOf(ui: EntityUi, ids: readonly number[]): string | undefined {
  const type = SUBJECT_TYPES[ui.kind];
  return type && ids.length > 0 ? `/report/${type}/${ids.join(',')}` : undefined;
}

export function editPathOfItem(ui: EntityUi, id: number): string {
  return `${listPathOf(ui)}/edit/${id}`;
}
