import type { DayOfWeek } from '@cairn/contract';

// What the flow evaluator reads of a click, and the helpers its matchers share.

/**
 * What the click engine knows about a click when it routes it. Unknown facts are null. Device and
 * connection types, the language and IPv6 addresses arrive in lower case, as the enrichment gives them.
 */
export interface ClickFacts {
  country: string | null;
  region: string | null;
  city: string | null;
  deviceType: string | null;
  brand: string | null;
  model: string | null;
  os: string | null;
  /** As the user-agent parser gives it: `10`, `17.2.1`. */
  osVersion: string | null;
  browser: string | null;
  browserVersion: string | null;
  language: string | null;
  isp: string | null;
  connectionType: string | null;
  /** Whether the address's network is a cloud or hosting one (the ASN data); null when its network is unknown. */
  hosting: boolean | null;
  ip: string | null;
  referrer: string | null;
  /** Host of the referrer, lower case, without `www.`. */
  referrerDomain: string | null;
  userAgent: string | null;
  /** In the tracker's time zone. */
  dayOfWeek: DayOfWeek;
  hour: number;
  /** Minutes since midnight in the tracker's zone. */
  minuteOfDay: number;
  /** The click's local time in another zone (criteria carrying their own zone); cached by the caller. */
  localTime: (timezone: string) => LocalClock;
  /** Token values as the traffic source sent them: slot N (1-30) at index N - 1, as the event keeps them. */
  tokens: readonly string[];
  /** The click's query parameters. */
  query: { get(name: string): string | null };
  /** The request's headers as Node's rawHeaders has them: name, value, name, value... */
  rawHeaders: readonly string[];
  unique: boolean;
  /** Whether no path of the rule at this index has taken the visitor within the campaign's window. */
  uniqueForRule: (ruleIndex: number) => boolean;
  bot: boolean;
}

/** Day, hour and minute of the day of a click in one zone. */
export interface LocalClock {
  dayOfWeek: DayOfWeek;
  hour: number;
  minuteOfDay: number;
}

export const lower = (value: string): string => value.toLowerCase();

// The lower-case forms of facts the enrichment takes from its own caches (a country's code, a city's
// name, an ISP, a browser): the same few thousand strings click after click. Tokens, referrers and user
// agents come from the request and are lowered each time, so nothing a client sends fills this.
const LOWERED_MAX = 20_000;
const lowered = new Map<string, string>();
export function rememberedLower(value: string): string {
  let result = lowered.get(value);
  if (result === undefined) {
    result = value.toLowerCase();
    if (lowered.size >= LOWERED_MAX) lowered.clear();
    lowered.set(value, result);
  }
  return result;
}

export type FactReader = (facts: ClickFacts) => string | null;
export type Matcher = (facts: ClickFacts) => boolean;
