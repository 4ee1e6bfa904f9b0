import { MICROS_PER_UNIT } from '@cairn/contract';

// How the panel writes values for people, in one place for every page: instants in the viewer's time
// zone and locale (never ISO text), money with its currency's symbol, counts, sizes and durations.

/** The viewer's locale for numbers, money and dates: the browser's first language. */
export function viewerLocale(): string {
  return navigator.languages?.[0] ?? navigator.language ?? 'en-US';
}

/** Where and how a time is read: the viewer's locale and the browser's zone unless given. */
export interface TimeOptions {
  locale?: string;
  timeZone?: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one place dates become text: a (cached) format in the viewer's locale, for the few views that need
 * parts of a date of their own (a chart's axis); everything else takes the functions below.
 */
export function dateFormat(
  { locale = viewerLocale(), timeZone }: TimeOptions,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, timeZone, options]);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, format);
  }
  return format;
}

function formatTime(iso: string, options: TimeOptions, parts: Intl.DateTimeFormatOptions): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : dateFormat(options, parts).format(ms);
}

// Every date reads the one way the viewer's locale writes a date (`23 Nov 2026` in en-GB, `Nov 23, 2026`
// in en-US); only how much of the time follows it differs.

/** `23 Nov 2026, 09:16` (en-GB), `Nov 23, 2026, 9:16 AM` (en-US); text that is not a time stays as it is. */
export function formatDateTime(iso: string, options: TimeOptions = {}): string {
  return formatTime(iso, options, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `23 Nov 2026` (en-GB). */
export function formatDate(iso: string, options: TimeOptions = {}): string {
  return formatTime(iso, options, { dateStyle: 'medium' });
}

/** Hours and minutes, as the viewer's clock shows them. */
export function formatClock(iso: string, options: TimeOptions = {}): string {
  return formatTime(iso, options, { hour: '2-digit', minute: '2-digit' });
}

/**
 * An instant down to the second (`23 Nov 2026, 09:16:05`), for the report tables and logs where rows
 * are compared by time.
 */
export function formatInstant(iso: string, locale: string, timeZone: string, withSeconds = true): string {
  return formatTime(
    iso,
    { locale, timeZone },
    { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short' },
  );
}

/** A time span in seconds: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** How long an operation took, from milliseconds: `850 ms`, `1.5 s`, `2 min 3 s`. */
export function formatMilliseconds(ms: number): string {
  if (ms < 1000) return `${integer.format(ms)} ms`;
  if (ms < 60_000) return `${oneDecimal.format(ms / 1000)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

export function formatCount(value: number): string {
  return integer.format(value);
}

export function formatRate(perSecond: number): string {
  return `${oneDecimal.format(perSecond)} events/s`;
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? integer.format(value) : oneDecimal.format(value)} ${units[unit]}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** How many decimals an amount shows beyond its currency's own (2 for USD, 0 for JPY). */
export type MoneyPrecision =
  /** Amounts (payouts, revenue, cost): the currency's minor units, `$2.90`. */
  | 'amount'
  /** Per-click prices (CPC, EPC): two more when the amount has them, `$0.0125`. */
  | 'rate'
  /** Everything stored (micro-units), for a tooltip, the history and the forms: `$2.901554`. */
  | 'full';

const EXTRA_DECIMALS: Record<MoneyPrecision, number> = { amount: 0, rate: 2, full: 6 };

function moneyFormat(currency: string, locale: string | undefined, precision: MoneyPrecision) {
  const key = `${locale}|${currency}|${precision}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      const digits =
        new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
          .minimumFractionDigits ?? 2;
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        // More than the currency's own only for an amount that has them: a bid of $0.0125 is not $0.01.
        maximumFractionDigits: precision === 'full' ? 6 : digits + EXTRA_DECIMALS[precision],
      });
    } catch {
      // Not an ISO 4217 code Intl knows.
      format = null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount in micro-units in its currency, rounded to what people read: `$2.90` for a payout of
 * 2.901554, `$0.0125` for a CPC (precision `rate`), all of it with `full` (the tooltip, the history).
 * An unknown code follows the number.
 */
export function formatMoney(
  micros: number,
  currency: string,
  options: { locale?: string; precision?: MoneyPrecision } = {},
): string {
  const precision = options.precision ?? 'amount';
  const amount = micros / MICROS_PER_UNIT;
  const format = moneyFormat(currency, options.locale, precision);
  if (format) return format.format(amount);
  const decimals = precision === 'full' ? 6 : 2 + EXTRA_DECIMALS[precision];
  return `${new Intl.NumberFormat(options.locale, { maximumFractionDigits: decimals }).format(amount)} ${currency}`;
}

/** A share held in micro-units of a percent (40% = 40 000 000): `40%`, `12.5%`. */
export function formatPercentMicros(micros: number, options: { locale?: string } = {}): string {
  return `${new Intl.NumberFormat(options.locale, { maximumFractionDigits: 6 }).format(micros / MICROS_PER_UNIT)}%`;
}
