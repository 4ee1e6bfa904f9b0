export const COLUMN_KINDS = ['text', 'number', 'money', 'percent'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export const COLORIZATION_MODES = ['colored-cells', 'colored-rows', 'even-odd', 'no'] as const;
/** SPEC.md section 3 debug setting; `colored-rows` is the default there. */
export type ColorizationMode = (typeof COLORIZATION_MODES)[number];

export interface FormatOptions {
  locale?: string;
  /** ISO 4217 code for money cells. */
  currency?: string;
  /** Fixed number of decimals; defaults: number 0-2, money 2, percent 2. */
  decimals?: number;
}

const cache = new Map<string, Intl.NumberFormat>();
function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/**
 * Formats a cell value for its column kind. Percent values are percentages already (12.5 -> "12.50%"),
 * as trackers report ROI and CR. Empty values render as an en dash.
 */
export function formatValue(value: unknown, kind: ColumnKind, options: FormatOptions = {}): string {
  if (value == null || value === '') return '–';
  if (kind === 'text') return String(value);
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  const locale = options.locale ?? 'en-US';
  const { decimals } = options;
  switch (kind) {
    case 'number':
      return formatter(
        `n|${locale}|${decimals}`,
        () =>
          new Intl.NumberFormat(locale, {
            minimumFractionDigits: decimals ?? 0,
            maximumFractionDigits: decimals ?? 2,
          }),
      ).format(number);
    case 'money': {
      const currency = options.currency ?? 'USD';
      return formatter(
        `m|${locale}|${currency}|${decimals}`,
        () =>
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: decimals ?? 2,
            maximumFractionDigits: decimals ?? 2,
          }),
      ).format(number);
    }
    case 'percent':
      return `${formatter(
        `p|${locale}|${decimals}`,
        () =>
          new Intl.NumberFormat(locale, {
            minimumFractionDigits: decimals ?? 2,
            maximumFractionDigits: decimals ?? 2,
          }),
      ).format(number)}%`;
  }
}

/** The sign of a profit-like value: what the colorization modes tint by. */
export function toneOf(value: unknown): 'positive' | 'negative' | undefined {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number === 0 || value == null || value === '') return undefined;
  return number > 0 ? 'positive' : 'negative';
}

export type NumberFilter = { min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean };

/**
 * Parses a compact numeric filter as typed in a column's filter box:
 * `>10`, `>=10`, `<5`, `<=5`, `=3` (or just `3`), `10..20` (inclusive range). Invalid input -> undefined.
 */
export function parseNumberFilter(input: string): NumberFilter | undefined {
  const text = input.trim().replace(/\s+/g, '').replace(/,/g, '.');
  if (text === '') return undefined;
  const range = /^(-?\d*\.?\d+)\.\.(-?\d*\.?\d+)$/.exec(text);
  if (range) {
    const a = Number(range[1]);
    const b = Number(range[2]);
    return { min: Math.min(a, b), max: Math.max(a, b) };
  }
  const compare = /^(>=|<=|>|<|=)?(-?\d*\.?\d+)$/.exec(text);
  if (!compare) return undefined;
  const n = Number(compare[2]);
  switch (compare[1]) {
    case '>':
      return { min: n, minExclusive: true };
    case '>=':
      return { min: n };
    case '<':
      return { max: n, maxExclusive: true };
    case '<=':
      return { max: n };
    default:
      return { min: n, max: n };
  }
}

export function matchesNumberFilter(value: unknown, filter: NumberFilter): boolean {
  const n = typeof value === 'number' ? value : Number(value);
  if (value == null || value === '' || !Number.isFinite(n)) return false;
  if (filter.min !== undefined && (filter.minExclusive ? n <= filter.min : n < filter.min)) return false;
  if (filter.max !== undefined && (filter.maxExclusive ? n >= filter.max : n > filter.max)) return false;
  return true;
}
