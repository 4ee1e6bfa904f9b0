import {
  CRITERION_MATCH,
  type CriterionType,
  continentOf,
  type Flow,
  type FlowCriterion,
  type FlowPath,
} from '@cairn/contract';
import { compileIpRanges } from '../enrich/ipRanges.ts';
import { specialMatcher } from './criteria.ts';
import { type ClickFacts, type FactReader, lower, type Matcher, rememberedLower } from './facts.ts';

export type { ClickFacts, LocalClock } from './facts.ts';

// The routing half of the click engine, kept pure: a flow is compiled once when its campaign or rotation
// changes (paused parts dropped, values normalised, IP ranges built), and each click is then a walk over
// plain arrays with no I/O. Randomness is injected so weighted choices are testable.

/** A uniform random number in [0, 1); Math.random in production, a seeded generator in tests. */
export type RandomSource = () => number;

export interface Weighted<T> {
  value: T;
  weight: number;
}

interface CompiledPath {
  /** Position in the flow as stored, so reports and logs can name the path. */
  index: number;
  weight: number;
  /** Empty: the path is direct. A null value is a direct share among landers. */
  landers: Weighted<number | null>[];
  offers: Weighted<number>[];
  /** Set when the path hands its clicks to another campaign's flow (landers and offers are then empty). */
  campaignId?: number;
  /** Set when the path redirects to the operator's URL (macros still in it). */
  url?: string;
}

interface CompiledRule {
  index: number;
  matches: Matcher;
  paths: CompiledPath[];
}

export interface CompiledFlow {
  rules: CompiledRule[];
  defaultPaths: CompiledPath[];
  /** Rules (by stored index) asking for visitors unique for their paths: the engine marks whom they take. */
  rulesMarkingVisitors: ReadonlySet<number>;
}

export interface FlowDecision {
  /** Index of the rule that matched in the stored flow; null when the click took a default path. */
  ruleIndex: number | null;
  /** Index of the chosen path within the rule's paths (or within the default paths). */
  pathIndex: number;
  /** null: the click goes straight to the offer. */
  landingId: number | null;
  /** 0 when the path's target is a campaign or a URL. */
  offerId: number;
  /** The campaign whose flow takes the click on, for a `campaign` path. */
  campaignId?: number;
  /** The URL the click goes to, for a `url` path. */
  url?: string;
}

function compilePaths(paths: readonly FlowPath[]): CompiledPath[] {
  const compiled: CompiledPath[] = [];
  for (const [index, path] of paths.entries()) {
    if (path.paused) continue;
    if (path.target === 'campaign' && typeof path.campaignId === 'number') {
      compiled.push({ index, weight: path.weight, landers: [], offers: [], campaignId: path.campaignId });
      continue;
    }
    if (path.target === 'url' && typeof path.url === 'string') {
      compiled.push({ index, weight: path.weight, landers: [], offers: [], url: path.url });
      continue;
    }
    const offers = path.offers
      .filter((offer) => !offer.paused)
      .map((offer) => ({ value: offer.offerId, weight: offer.weight }));
    // A stored flow is validated, but a path without offers could still arrive from an old record:
    // it cannot take clicks, so it is left out rather than failing each click.
    if (offers.length === 0) continue;
    const activeLanders = path.landers.filter((lander) => !lander.paused);
    if (path.landers.length > 0 && activeLanders.length === 0) continue;
    compiled.push({
      index,
      weight: path.weight,
      landers: activeLanders.map((lander) => ({ value: lander.landingId, weight: lander.weight })),
      offers,
    });
  }
  return compiled;
}

/** How a criterion of `type` reads its fact, chosen once when the flow is compiled. */
function factReader(type: CriterionType, tokenIndex: number | null, ruleIndex: number): FactReader {
  switch (type) {
    case 'country':
      return (facts) => facts.country;
    case 'continent':
      return (facts) => (facts.country === null ? null : continentOf(facts.country));
    case 'brand':
      return (facts) => facts.brand;
    case 'model':
      return (facts) => facts.model;
    case 'network_kind':
      return (facts) => (facts.hosting === null ? null : facts.hosting ? 'hosting' : 'other');
    case 'referrer_domain':
      return (facts) => facts.referrerDomain;
    // These compare through their own matchers (see compileCriterion); the reader is never called.
    case 'os_version':
    case 'browser_version':
    case 'param':
    case 'header':
    case 'time_of_day':
      return () => null;
    case 'region':
      return (facts) => facts.region;
    case 'city':
      return (facts) => facts.city;
    case 'device_type':
      return (facts) => facts.deviceType;
    case 'os':
      return (facts) => facts.os;
    case 'browser':
      return (facts) => facts.browser;
    case 'language':
      return (facts) => facts.language;
    case 'isp':
      return (facts) => facts.isp;
    case 'connection_type':
      return (facts) => facts.connectionType;
    case 'ip':
      return (facts) => facts.ip;
    case 'referrer':
      return (facts) => facts.referrer;
    case 'user_agent':
      return (facts) => facts.userAgent;
    case 'day_of_week':
      return (facts) => facts.dayOfWeek;
    case 'hour':
      return (facts) => HOURS[facts.hour] ?? String(facts.hour);
    case 'token':
      return tokenIndex === null ? () => null : (facts) => facts.tokens[tokenIndex - 1] ?? null;
    case 'unique':
      return (facts) => (facts.unique ? 'unique' : 'non_unique');
    case 'unique_path':
      return (facts) => (facts.uniqueForRule(ruleIndex) ? 'unique' : 'non_unique');
    case 'bot':
      return (facts) => (facts.bot ? 'bot' : 'human');
  }
}

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour));

/** Does the click's value satisfy any of the criterion's values (before include/exclude)? */
function valueMatcher(criterion: FlowCriterion): (fact: string) => boolean {
  const how = CRITERION_MATCH[criterion.type];
  if (how === 'ip') {
    const ranges = compileIpRanges(criterion.values);
    return (ip) => ranges.has(ip);
  }
  const values = criterion.values.map(lower);
  if (how === 'domain') {
    const suffixes = values.map((value) => `.${value}`);
    const exact = new Set(values);
    return (fact) => exact.has(fact) || suffixes.some((suffix) => fact.endsWith(suffix));
  }
  if (how === 'contains') return (fact) => values.some((value) => fact.includes(value));
  if (how === 'prefix') {
    return (fact) => values.some((value) => fact === value || fact.startsWith(`${value}-`));
  }
  const set = new Set(values);
  return (fact) => set.has(fact);
}

/**
 * Facts that come in lower case already: from a lower-case vocabulary (device and connection types, days,
 * hours, the unique and bot flags), lowered by the enrichment (languages, IPv6 addresses) or digits.
 * Lowering them on every click was most of a rule's cost, for nothing.
 */
const LOWER_CASE_FACTS: ReadonlySet<CriterionType> = new Set<CriterionType>([
  'device_type',
  'network_kind',
  'referrer_domain',
  'connection_type',
  'language',
  'ip',
  'day_of_week',
  'hour',
  'unique',
  'unique_path',
  'bot',
]);
/** Facts from the enrichment's databases and parser caches: a bounded set of values (see rememberedLower). */
const ENRICHED_FACTS: ReadonlySet<CriterionType> = new Set<CriterionType>([
  'country',
  'continent',
  'brand',
  'model',
  'region',
  'city',
  'os',
  'browser',
  'isp',
]);

function normaliserOf(type: CriterionType): (fact: string) => string {
  if (LOWER_CASE_FACTS.has(type)) return (fact) => fact;
  return ENRICHED_FACTS.has(type) ? rememberedLower : lower;
}

function compileCriterion(criterion: FlowCriterion, ruleIndex: number): Matcher {
  const special = specialMatcher(criterion);
  if (special) {
    if (criterion.mode === 'include') return special;
    return (facts) => !special(facts);
  }
  const matchesValue = valueMatcher(criterion);
  const include = criterion.mode === 'include';
  const factOf = factReader(criterion.type, criterion.tokenIndex, ruleIndex);
  const normalise = normaliserOf(criterion.type);
  const timezone = criterion.timezone ?? null;
  if (timezone !== null && (criterion.type === 'day_of_week' || criterion.type === 'hour')) {
    const zoned: FactReader =
      criterion.type === 'day_of_week'
        ? (facts) => facts.localTime(timezone).dayOfWeek
        : (facts) => HOURS[facts.localTime(timezone).hour] ?? null;
    return (facts) => {
      const fact = zoned(facts);
      const hit = fact !== null && matchesValue(fact);
      return include ? hit : !hit;
    };
  }
  return (facts) => {
    const fact = factOf(facts);
    // An unknown fact matches none of the values: an include criterion fails, an exclude one holds.
    const hit = fact !== null && fact !== '' && matchesValue(normalise(fact));
    return include ? hit : !hit;
  };
}

export function compileFlow(flow: Flow): CompiledFlow {
  const rules: CompiledRule[] = [];
  const rulesMarkingVisitors = new Set<number>();
  for (const [index, rule] of flow.rules.entries()) {
    if (rule.paused) continue;
    const paths = compilePaths(rule.paths);
    // A rule whose paths are all paused cannot send clicks anywhere; the next rule gets its clicks.
    if (paths.length === 0) continue;
    const criteria = rule.criteria.map((criterion) => compileCriterion(criterion, index));
    if (rule.criteria.some((criterion) => criterion.type === 'unique_path')) rulesMarkingVisitors.add(index);
    rules.push({
      index,
      paths,
      matches: (facts) => {
        for (const matches of criteria) if (!matches(facts)) return false;
        return true;
      },
    });
  }
  return { rules, defaultPaths: compilePaths(flow.defaultPaths), rulesMarkingVisitors };
}

/** Picks one item with probability weight / total weight. */
export function pickWeighted<T>(items: readonly Weighted<T>[], random: RandomSource): T | undefined {
  return pickByWeight(items, random)?.value;
}

function pickByWeight<T extends { weight: number }>(
  items: readonly T[],
  random: RandomSource,
): T | undefined {
  let total = 0;
  for (const item of items) total += item.weight;
  if (total <= 0) return undefined;
  let point = random() * total;
  for (const item of items) {
    point -= item.weight;
    if (point < 0) return item;
  }
  // Only reachable through floating-point rounding at the very top of the range.
  return items.at(-1);
}

/** Which offers have reached a daily cap, and where each one's clicks go meanwhile (see tracking/caps.ts). */
export interface OfferCaps {
  isCapped(offerId: number): boolean;
  /** The offer's own fallback; null: the path's other offers. */
  fallbackOf(offerId: number): number | null;
}

export const NO_CAPS: OfferCaps = { isCapped: () => false, fallbackOf: () => null };

/**
 * The offer a click goes to instead of a capped one: its fallback (and the fallback's fallback while
 * those are capped), else a weighted choice among the path's offers not capped. When every one is capped
 * the click still goes to the offer chosen first: a cap moves clicks elsewhere, it never drops one. The
 * walk stops at an offer seen before, so a loop of fallbacks (refused when saved, but one may be made by
 * two nodes' saves at once) costs a few steps, never a hang.
 */
export function uncappedOffer(
  chosen: number,
  pathOffers: readonly Weighted<number>[],
  caps: OfferCaps,
  random: RandomSource,
): number {
  if (!caps.isCapped(chosen)) return chosen;
  const seen = new Set<number>([chosen]);
  let next = caps.fallbackOf(chosen);
  while (next !== null && !seen.has(next)) {
    if (!caps.isCapped(next)) return next;
    seen.add(next);
    next = caps.fallbackOf(next);
  }
  const open = pathOffers.filter((offer) => !caps.isCapped(offer.value));
  return pickWeighted(open, random) ?? chosen;
}

function choosePath(
  paths: readonly CompiledPath[],
  ruleIndex: number | null,
  random: RandomSource,
  caps: OfferCaps,
): FlowDecision | null {
  const path = pickByWeight(paths, random);
  if (!path) return null;
  if (path.campaignId !== undefined) {
    return { ruleIndex, pathIndex: path.index, landingId: null, offerId: 0, campaignId: path.campaignId };
  }
  if (path.url !== undefined) {
    return { ruleIndex, pathIndex: path.index, landingId: null, offerId: 0, url: path.url };
  }
  const landingId = path.landers.length === 0 ? null : (pickWeighted(path.landers, random) ?? null);
  const picked = pickWeighted(path.offers, random);
  if (picked === undefined) return null;
  const offerId = uncappedOffer(picked, path.offers, caps, random);
  return { ruleIndex, pathIndex: path.index, landingId, offerId };
}

/**
 * Routes one click: the first active rule whose criteria all hold picks among its paths, otherwise the
 * default paths do. Null only when the flow has nowhere to send the click (everything paused).
 */
export function evaluateFlow(
  flow: CompiledFlow,
  facts: ClickFacts,
  random: RandomSource,
  caps: OfferCaps = NO_CAPS,
): FlowDecision | null {
  for (const rule of flow.rules) {
    if (rule.matches(facts)) return choosePath(rule.paths, rule.index, random, caps);
  }
  return choosePath(flow.defaultPaths, null, random, caps);
}
