import { z } from 'zod';

// The values of flow criteria that are more than a word: version conditions, time ranges and domains.
// Parsed here for the contract's checks and again by the click engine when it compiles a flow, so both
// read a value the same way.

// ---- Versions: `Android >= 10`, `Chrome 120-126`, `iOS < 17.2`, `Chrome 120`, or a bare `Android`.

export const VERSION_OPERATORS = ['>=', '<=', '>', '<', '='] as const;
export type VersionOperator = (typeof VERSION_OPERATORS)[number];

/** A version as major[.minor]; `minor` null when the value gave only the major. */
export interface VersionNumber {
  major: number;
  minor: number | null;
}

/** A parsed version condition: which OS or browser, and which of its versions (null: any). */
export interface VersionCondition {
  name: string;
  version:
    | { kind: 'compare'; operator: VersionOperator; at: VersionNumber }
    | { kind: 'range'; from: VersionNumber; to: VersionNumber }
    | null;
}

const VERSION_PATTERN =
  /^(?<name>[^<>=\d][^<>=]*?)\s*(?:(?<operator>>=|<=|>|<|=)?\s*(?<from>\d{1,6}(?:\.\d{1,6})?)(?:\s*-\s*(?<to>\d{1,6}(?:\.\d{1,6})?))?)?$/;

function versionNumberOf(text: string): VersionNumber {
  const [major = '0', minor] = text.split('.');
  return { major: Number(major), minor: minor === undefined ? null : Number(minor) };
}

function versionText(version: VersionNumber): string {
  return version.minor === null ? String(version.major) : `${version.major}.${version.minor}`;
}

/** Reads a version condition; null when the text is not one. Shared by the contract and the evaluator. */
export function parseVersionCondition(text: string): VersionCondition | null {
  const match = VERSION_PATTERN.exec(text.trim());
  const groups = match?.groups;
  if (!groups) return null;
  const name = (groups.name ?? '').trim().replace(/\s+/g, ' ');
  if (name.length === 0) return null;
  if (groups.from === undefined) return { name, version: null };
  const from = versionNumberOf(groups.from);
  if (groups.to !== undefined) {
    if (groups.operator !== undefined) return null;
    return { name, version: { kind: 'range', from, to: versionNumberOf(groups.to) } };
  }
  const operator = (groups.operator ?? '=') as VersionOperator;
  return { name, version: { kind: 'compare', operator, at: from } };
}

/** The condition as stored: `Android >= 10`, `Chrome 120-126`, `Chrome 120`, `Android`. */
export function versionConditionText(condition: VersionCondition): string {
  const { name, version } = condition;
  if (version === null) return name;
  if (version.kind === 'range') return `${name} ${versionText(version.from)}-${versionText(version.to)}`;
  if (version.operator === '=') return `${name} ${versionText(version.at)}`;
  return `${name} ${version.operator} ${versionText(version.at)}`;
}

export const versionValue = z
  .string()
  .trim()
  .max(200, 'At most 200 characters')
  .transform((text, ctx) => {
    const condition = parseVersionCondition(text);
    if (!condition) {
      ctx.addIssue({
        code: 'custom',
        message: 'A name and a version condition, such as Android >= 10, Chrome 120-126 or iOS < 17',
      });
      return z.NEVER;
    }
    return versionConditionText(condition);
  });

// ---- Time of day: `09:00-17:30`; a range whose end is before its start runs past midnight.

const TIME_RANGE_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-4]):([0-5]\d)$/;

/** Minutes since midnight of a `HH:MM-HH:MM` range, end exclusive; null when the text is not one. */
export function parseTimeRange(text: string): { from: number; to: number } | null {
  const match = TIME_RANGE_PATTERN.exec(text.trim());
  if (!match) return null;
  const from = Number(match[1]) * 60 + Number(match[2]);
  const to = Number(match[3]) * 60 + Number(match[4]);
  if (to > 24 * 60 || from === to) return null;
  return { from, to };
}

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const timeRangeValue = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const range = parseTimeRange(text);
    if (!range) {
      ctx.addIssue({
        code: 'custom',
        message: 'A time range such as 09:00-17:30 (24-hour clock, start and end differ)',
      });
      return z.NEVER;
    }
    return `${clock(range.from)}-${clock(range.to)}`;
  });

// ---- Referrer domain: a host name, matched with its subdomains.

export const domainValue = z
  .string()
  .trim()
  .toLowerCase()
  .transform((text) => text.replace(/^\*\./, '').replace(/^www\./, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        'A domain such as example.com (its subdomains match too), without http:// or a path',
      ),
  );
