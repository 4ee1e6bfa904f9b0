import { type CriterionOperator, type CriterionType, type FlowTarget, flowSchema } from '@cairn/contract';

// The flow as the editor holds it. It follows the contract's flow shape field for field, except that a
// weight may be null while its box is empty: the contract then answers "The weight is a number" at that
// item instead of the editor silently keeping an old number the user can no longer see.

export type Weight = number | null;

export interface LanderDraft {
  /** null: a "direct" share of the path that skips the lander. */
  landingId: number | null;
  weight: Weight;
  paused: boolean;
}

export interface OfferDraft {
  offerId: number;
  weight: Weight;
  paused: boolean;
}

export interface PathDraft {
  name: string;
  weight: Weight;
  paused: boolean;
  /** Landers and offers, another campaign's flow, or a URL (see the contract's FLOW_TARGETS). */
  target: FlowTarget;
  campaignId: number | null;
  url: string | null;
  landers: LanderDraft[];
  offers: OfferDraft[];
}

export interface CriterionDraft {
  type: CriterionType;
  mode: 'include' | 'exclude';
  tokenIndex: number | null;
  /** The parameter or header a `param` or `header` criterion reads. */
  name: string | null;
  operator: CriterionOperator;
  /** The zone a time criterion reads the click's time in; null: the tracker's. */
  timezone: string | null;
  values: string[];
}

export interface RuleDraft {
  name: string;
  paused: boolean;
  criteria: CriterionDraft[];
  paths: PathDraft[];
}

export interface FlowDraft {
  defaultPaths: PathDraft[];
  rules: RuleDraft[];
}

/** Field path below the flow (`defaultPaths.0.offers`) -> message, as the entity forms key errors. */
export type FlowErrors = Record<string, string>;

/** The weight a new path, lander or offer starts with (the contract's default). */
export const DEFAULT_WEIGHT = 100;

export function newPath(): PathDraft {
  return {
    name: '',
    weight: DEFAULT_WEIGHT,
    paused: false,
    target: 'offers',
    campaignId: null,
    url: null,
    landers: [],
    offers: [],
  };
}

export function newCriterion(type: CriterionType = 'country'): CriterionDraft {
  return {
    type,
    mode: 'include',
    tokenIndex: type === 'token' ? 1 : null,
    name: null,
    operator: 'equals',
    timezone: null,
    values: [],
  };
}

export function newRule(): RuleDraft {
  return { name: '', paused: false, criteria: [newCriterion()], paths: [newPath()] };
}

/** A new campaign's or rotation's flow: one default path, no rules. */
export function newFlow(): FlowDraft {
  return { defaultPaths: [newPath()], rules: [] };
}

/**
 * Each item's share of the clicks in percent: its weight over the sum of the active items' weights.
 * Paused items and empty weights take nothing; when nothing is active every share is 0.
 */
export function shares(items: readonly { weight: Weight; paused: boolean }[]): number[] {
  const effective = items.map((item) =>
    item.paused || item.weight === null || !Number.isFinite(item.weight) || item.weight <= 0
      ? 0
      : item.weight,
  );
  const total = effective.reduce((sum, weight) => sum + weight, 0);
  return effective.map((weight) => (total === 0 ? 0 : (weight / total) * 100));
}

/** 66.666 -> "66.7%", 50 -> "50%": one decimal is enough to compare weights at a glance. */
export function formatShare(percent: number): string {
  return `${Number(percent.toFixed(1))}%`;
}

/** A copy of the list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, at) => (at === index ? item : current));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, at) => at !== index);
}

/** The contract's verdict on a flow, as field path -> first message (the paths the editor places). */
export function validateFlow(flow: FlowDraft): FlowErrors {
  const result = flowSchema.safeParse(flow);
  if (result.success) return {};
  const errors: FlowErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** The errors at or below `prefix`, keyed relative to it (`''` for the item itself). */
export function errorsUnder(errors: FlowErrors, prefix: string): FlowErrors {
  const found: FlowErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) found[''] = message;
    else if (path.startsWith(`${prefix}.`)) found[path.slice(prefix.length + 1)] = message;
  }
  return found;
}

/** A flow from the API (or an absent one) as the editor's draft; the shapes match field for field. */
export function flowDraftOf(value: unknown): FlowDraft {
  if (typeof value !== 'object' || value === null) return newFlow();
  const flow = value as Partial<FlowDraft>;
  // Paths saved before targets existed lack them: they are offer paths.
  const pathsOf = (paths: unknown): PathDraft[] =>
    Array.isArray(paths) ? paths.map((path: PathDraft) => ({ ...newPath(), ...path })) : [];
  return {
    defaultPaths: pathsOf(flow.defaultPaths),
    // Criteria saved before a field existed lack it; the draft gives each one its default.
    rules: Array.isArray(flow.rules)
      ? flow.rules.map((rule) => ({
          ...rule,
          paths: pathsOf(rule.paths),
          criteria: Array.isArray(rule.criteria)
            ? rule.criteria.map((criterion) => ({ ...newCriterion(criterion.type), ...criterion }))
            : [],
        }))
      : [],
  };
}
