import { BUNDLE_KINDS, type BundleEntity, type BundleKind, type ConfigBundle } from '@cairn/contract';
import { mapFlow } from './export.ts';

// The order an import places a bundle's entities in, so that each finds what it refers to already placed.

interface Placement {
  kind: BundleKind;
  /** The entry's place in its kind's list, as error fields name it. */
  n: number;
  entry: BundleEntity;
}

/** Keys of the campaigns a flow's paths hand their clicks to. */
function campaignTargets(values: Record<string, unknown>): string[] {
  const keys: string[] = [];
  mapFlow(
    values.flow,
    (item) => item,
    (path) => {
      if (typeof path.campaign === 'string') keys.push(path.campaign);
      return path;
    },
  );
  return keys;
}

/**
 * The order entities are placed in: kind by kind as BUNDLE_KINDS lists them, except rotations and campaigns,
 * which go together, each after the rotation it uses and the campaigns its paths hand clicks to when those
 * are in the bundle too (a campaign may send clicks to one listed after it, and a rotation to a campaign).
 * A cycle is broken where it was entered; the save then refuses the loop and names it.
 */
export function placementOrder(bundle: Pick<ConfigBundle, 'entities'>): Placement[] {
  const listed = (kind: BundleKind): Placement[] =>
    (bundle.entities[kind] ?? []).map((entry, n) => ({ kind, n, entry }));
  const linked = [...listed('rotation'), ...listed('campaign')];
  const byKey = new Map(linked.map((placement) => [`${placement.kind}:${placement.entry.key}`, placement]));
  const ordered: Placement[] = [];
  const state = new Map<Placement, 'visiting' | 'done'>();
  const visit = (placement: Placement) => {
    if (state.has(placement)) return;
    state.set(placement, 'visiting');
    const { values } = placement.entry;
    const needs = [
      ...(typeof values.rotation === 'string' ? [`rotation:${values.rotation}`] : []),
      ...campaignTargets(values).map((key) => `campaign:${key}`),
    ];
    for (const need of needs) {
      const other = byKey.get(need);
      if (other) visit(other);
    }
    state.set(placement, 'done');
    ordered.push(placement);
  };
  for (const placement of linked) visit(placement);
  return BUNDLE_KINDS.flatMap((kind) =>
    kind === 'rotation' ? ordered : kind === 'campaign' ? [] : listed(kind),
  );
}
