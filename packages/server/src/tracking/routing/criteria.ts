import {
  type FlowCriterion,
  parseTimeRange,
  parseVersionCondition,
  type VersionCondition,
  type VersionNumber,
} from '@cairn/contract';
import { type FactReader, lower, type Matcher, rememberedLower } from './facts.ts';

// Criteria that do not compare one fact with a set of values: versions, time of day, query parameters
// and headers. Their values are parsed once, when the flow is compiled.

/**
 * Matchers (before include/exclude) for version, time-of-day, parameter and header criteria, whose values
 * are parsed here once; undefined for the criteria valueMatcher handles.
 */
export function specialMatcher(criterion: FlowCriterion): Matcher | undefined {
  switch (criterion.type) {
    case 'os_version':
      return versionMatcher(
        criterion.values,
        (facts) => facts.os,
        (facts) => facts.osVersion,
      );
    case 'browser_version':
      return versionMatcher(
        criterion.values,
        (facts) => facts.browser,
        (facts) => facts.browserVersion,
      );
    case 'time_of_day':
      return timeOfDayMatcher(criterion.values, criterion.timezone ?? null);
    case 'param': {
      const name = criterion.name ?? '';
      return operatorMatcher(criterion, (facts) => facts.query.get(name));
    }
    case 'header': {
      const name = (criterion.name ?? '').toLowerCase();
      return operatorMatcher(criterion, (facts) => headerOf(facts.rawHeaders, name));
    }
    default:
      return undefined;
  }
}

/** The first value of header `name` (lower case) in Node's raw list; null when the request lacks it. */
function headerOf(raw: readonly string[], name: string): string | null {
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const key = raw[index] as string;
    if (key.length === name.length && key.toLowerCase() === name) return raw[index + 1] as string;
  }
  return null;
}

function operatorMatcher(criterion: FlowCriterion, read: FactReader): Matcher {
  const operator = criterion.operator ?? 'equals';
  if (operator === 'exists') return (facts) => read(facts) !== null;
  if (operator === 'not_exists') return (facts) => read(facts) === null;
  const values = criterion.values.map(lower);
  if (operator === 'contains') {
    return (facts) => {
      const fact = read(facts);
      if (fact === null || fact === '') return false;
      const text = fact.toLowerCase();
      return values.some((value) => text.includes(value));
    };
  }
  const set = new Set(values);
  return (facts) => {
    const fact = read(facts);
    return fact !== null && fact !== '' && set.has(fact.toLowerCase());
  };
}

/** major and minor as one number that orders as the version does. */
const MINOR_SPAN = 1_000_000;
const versionKey = (version: VersionNumber): number => version.major * MINOR_SPAN + (version.minor ?? 0);

/** Bounds of a condition on one number: at major precision when the value gave only majors. */
interface CompiledVersion {
  /** Lower-case name of the OS or browser. */
  name: string;
  /** Compare majors only (`Android >= 10` takes 10.1); else major.minor. */
  majorOnly: boolean;
  low: number;
  high: number;
}

function compileVersion(condition: VersionCondition): CompiledVersion {
  const name = condition.name.toLowerCase();
  const version = condition.version;
  if (version === null) return { name, majorOnly: true, low: -1, high: Number.POSITIVE_INFINITY };
  if (version.kind === 'range') {
    const majorOnly = version.from.minor === null && version.to.minor === null;
    const { from, to } = version;
    // In `120.5-126` the bare end takes every 126.x, as it would with majors alone.
    if (majorOnly) return { name, majorOnly, low: from.major, high: to.major };
    const high = to.minor === null ? to.major * MINOR_SPAN + MINOR_SPAN - 1 : versionKey(to);
    return { name, majorOnly, low: versionKey(from), high };
  }
  const majorOnly = version.at.minor === null;
  const at = majorOnly ? version.at.major : versionKey(version.at);
  switch (version.operator) {
    case '>=':
      return { name, majorOnly, low: at, high: Number.POSITIVE_INFINITY };
    case '>':
      return { name, majorOnly, low: at + 1, high: Number.POSITIVE_INFINITY };
    case '<=':
      return { name, majorOnly, low: -1, high: at };
    case '<':
      return { name, majorOnly, low: -1, high: at - 1 };
    case '=':
      return { name, majorOnly, low: at, high: at };
  }
}

// A click's version string (`17.2.1`) read as numbers; the strings come from the parser's cache, and the
// memory is bounded like rememberedLower's so what a client sends cannot grow it.
const VERSIONS_MAX = 20_000;
const parsedVersions = new Map<string, VersionNumber | null>();
function versionOf(text: string): VersionNumber | null {
  let version = parsedVersions.get(text);
  if (version === undefined) {
    const match = /^(\d{1,6})(?:\.(\d{1,6}))?/.exec(text);
    version = match
      ? { major: Number(match[1]), minor: match[2] === undefined ? 0 : Number(match[2]) }
      : null;
    if (parsedVersions.size >= VERSIONS_MAX) parsedVersions.clear();
    parsedVersions.set(text, version);
  }
  return version;
}

function versionMatcher(values: readonly string[], nameOf: FactReader, versionText: FactReader): Matcher {
  const conditions: CompiledVersion[] = [];
  for (const value of values) {
    const condition = parseVersionCondition(value);
    if (condition) conditions.push(compileVersion(condition));
  }
  return (facts) => {
    const name = nameOf(facts);
    if (name === null || name === '') return false;
    const lowered = rememberedLower(name);
    const text = versionText(facts);
    const version = text ? versionOf(text) : null;
    for (const condition of conditions) {
      if (condition.name !== lowered) continue;
      if (condition.low < 0 && condition.high === Number.POSITIVE_INFINITY) return true;
      // A version condition cannot hold for a click whose version is unknown.
      if (version === null) continue;
      const key = condition.majorOnly ? version.major : versionKey(version);
      if (key >= condition.low && key <= condition.high) return true;
    }
    return false;
  };
}

function timeOfDayMatcher(values: readonly string[], timezone: string | null): Matcher {
  const ranges: { from: number; to: number }[] = [];
  for (const value of values) {
    const range = parseTimeRange(value);
    if (range) ranges.push(range);
  }
  const within = (minute: number): boolean => {
    for (const { from, to } of ranges) {
      // A range ending before it starts runs past midnight: 22:00-06:00.
      if (from < to ? minute >= from && minute < to : minute >= from || minute < to) return true;
    }
    return false;
  };
  if (timezone === null) return (facts) => within(facts.minuteOfDay);
  return (facts) => within(facts.localTime(timezone).minuteOfDay);
}
