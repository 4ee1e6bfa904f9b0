// The plain values of the entity contract, without zod: the kinds, their paths, money, sort and paging,
// each kind's list spec and the words its list shows. A list renders from these alone and fetches the
// schemas with its first answer; a module that also built schemas would bring zod along, since a bundler
// cannot tell that building one has no side effects. The kinds' modules and common.ts re-export them.

// Every entity kind served by the generic REST shape `/api/{kind}` (DESIGN.md): one machinery for all,
// so a kind added here gets list, form, mass edit, archive and audit without code of its own.
export const ENTITY_KINDS = [
  'offer',
  'landing',
  'affiliate_network',
  'traffic_source',
  'domain',
  'group',
  'campaign',
  'rotation',
  'user',
] as const;

/** The kinds that are organised in groups; a group belongs to exactly one of them. */
export const GROUPED_KINDS = ['offer', 'landing', 'campaign', 'rotation'] as const;

export const entityPath = {
  list: (kind: string): string => `/api/${kind}`,
  item: (kind: string, id: number | string): string => `/api/${kind}/${encodeURIComponent(String(id))}`,
  archive: (kind: string, id: number | string): string =>
    `/api/${kind}/${encodeURIComponent(String(id))}/archive`,
  restore: (kind: string, id: number | string): string =>
    `/api/${kind}/${encodeURIComponent(String(id))}/restore`,
  mass: (kind: string): string => `/api/${kind}/mass`,
  offerImport: '/api/offer/import',
  trafficSourceTemplates: '/api/traffic_source/templates',
  affiliateNetworkTemplates: '/api/affiliate_network/templates',
  auditLog: '/api/audit_log',
} as const;

// ---------------------------------------------------------------------------------------------------
// Money: integer micro-units (1 unit = 1 000 000 micros), so sums are exact. Forms, imports, postbacks
// and traffic sources speak decimals; the helpers below are the only conversions.

export const MICROS_PER_UNIT = 1_000_000;
const DECIMAL_AMOUNT = /^(\d{1,12})(?:[.,](\d{1,18}))?$/;

/** A non-negative decimal amount as micros from its first six places, and the places it has. */
function amountOf(text: string): { micros: number; places: string } | null {
  const match = DECIMAL_AMOUNT.exec(text.trim());
  if (!match) return null;
  const places = match[2] ?? '';
  return { micros: Number(match[1]) * MICROS_PER_UNIT + Number(places.slice(0, 6).padEnd(6, '0')), places };
}

/** "1.25" -> 1250000; null when the text is not a non-negative amount with at most 6 decimals. */
export function decimalToMicros(text: string): number | null {
  const amount = amountOf(text);
  return amount && amount.places.length <= 6 ? amount.micros : null;
}

/**
 * `decimalToMicros` for amounts other systems compute (a network's payout, a source's cost per click):
 * places past the sixth round half up to the micro-unit ("0.0004567" -> 457) instead of refusing the
 * amount, which would lose the conversion or charge the click the campaign's cost.
 */
export function decimalToMicrosRounded(text: string): number | null {
  const amount = amountOf(text);
  if (!amount) return null;
  return (amount.places[6] ?? '0') >= '5' ? amount.micros + 1 : amount.micros;
}

/** 1250000 -> "1.25" (no trailing zeros, no float rounding). */
export function microsToDecimal(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_UNIT);
  const fraction = String(abs % MICROS_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------
// Lists. Query parameters of `GET /api/{kind}`:
//   q          free-text search over the kind's searchable fields (case-insensitive substring)
//   page       1-based page number (default 1); pageSize 1..500 (default 50)
//   sort       multi-column: `sort=name:asc,id:desc` (or repeated `sort=name:asc&sort=id:desc`, or the
//              bracket style `sort[name]=asc&sort[id]=desc`); fields from the kind's `sortFields`
//   archived   `false` (default: active items only), `true` (archived only) or `all`
//   ids        `ids=1,2,3` restricts the list to those items (the mass-edit page loads its selection so;
//              add `archived=all` when the selection may hold archived items)
//   <filter>   each of the kind's `filters`, e.g. `groupId=3` or `groupId=3,4` (any of the values);
//              an id filter accepts `none` for "no reference set"

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface SortTerm {
  field: string;
  direction: SortDirection;
}

export type ParsedSort = { ok: true; terms: SortTerm[] } | { ok: false; message: string };

/** Parses `name:asc,id:desc` (a list of such strings too); a missing direction means asc. */
export function parseSort(
  value: string | readonly string[] | undefined,
  allowed: readonly string[],
): ParsedSort {
  if (value === undefined) return { ok: true, terms: [] };
  const parts = (typeof value === 'string' ? [value] : value)
    .flatMap((chunk) => chunk.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const terms: SortTerm[] = [];
  for (const part of parts) {
    const [field = '', direction = 'asc', extra] = part.split(':');
    if (extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
      return { ok: false, message: `Sort term "${part}" is not field:asc or field:desc` };
    }
    if (!allowed.includes(field)) {
      return { ok: false, message: `Cannot sort by "${field}"; sortable fields: ${allowed.join(', ')}` };
    }
    if (terms.some((term) => term.field === field)) {
      return { ok: false, message: `"${field}" appears twice in the sort` };
    }
    terms.push({ field, direction });
  }
  return { ok: true, terms };
}

export function formatSort(terms: readonly SortTerm[]): string {
  return terms.map((term) => `${term.field}:${term.direction}`).join(',');
}

export type FilterType = 'id' | 'text' | 'boolean';

/** What the panel needs to know to build list queries for a kind. */
export interface EntityListSpec {
  sortFields: readonly string[];
  defaultSort: readonly SortTerm[];
  filters: Readonly<Record<string, FilterType>>;
}

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;
export const ARCHIVED_FILTERS = ['false', 'true', 'all'] as const;

// What a repeated postback for an already converted click does: ignore it, update the conversion's status
// and payout, or add it as a further conversion (upsells, rebills).
export const DUPLICATE_POSTBACK_POLICIES = ['ignore', 'update', 'add'] as const;

export const CAMPAIGN_STATUSES = ['active', 'paused'] as const;

// Bulk import: one offer per line, fields separated by `;`:
//   Name;URL;Auto;[Payout;Currency;Upsell];[Country];[Group];[Network]
// Auto is yes/no (also 1/0, true/false, auto); Payout a decimal amount; Upsell yes/no; Group and Network are
// names (or ids) of an existing offer group and affiliate network. Empty lines and lines starting with `#`
// are skipped, and so is a first line that is the header itself.
export const OFFER_IMPORT_FORMAT = 'Name;URL;Auto;[Payout;Currency;Upsell];[Country];[Group];[Network]';

// Which conversions are reported back to the source: all of them, only a click's first, or approved only.
export const POSTBACK_MODES = ['all', 'first', 'approved'] as const;

export const affiliateNetworkListSpec = {
  sortFields: ['id', 'name', 'offerCount', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: { duplicatePostbacks: 'text' },
} as const satisfies EntityListSpec;

export const campaignListSpec = {
  sortFields: ['id', 'name', 'status', 'costModel', 'costMicros', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: {
    groupId: 'id',
    trafficSourceId: 'id',
    domainId: 'id',
    rotationId: 'id',
    status: 'text',
    costModel: 'text',
  },
} as const satisfies EntityListSpec;

export const domainListSpec = {
  sortFields: ['id', 'host', 'isDefault', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'host', direction: 'asc' }],
  filters: { isDefault: 'boolean' },
} as const satisfies EntityListSpec;

export const groupListSpec = {
  sortFields: ['id', 'name', 'kind', 'memberCount', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: { kind: 'text' },
} as const satisfies EntityListSpec;

export const landingListSpec = {
  sortFields: ['id', 'name', 'offersCount', 'language', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: { groupId: 'id', language: 'text', lpProtect: 'boolean' },
} as const satisfies EntityListSpec;

export const offerListSpec = {
  sortFields: ['id', 'name', 'payoutMicros', 'currency', 'countryCode', 'dailyCap', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: {
    groupId: 'id',
    affiliateNetworkId: 'id',
    countryCode: 'text',
    currency: 'text',
    payoutAuto: 'boolean',
  },
} as const satisfies EntityListSpec;

export const rotationListSpec = {
  sortFields: ['id', 'name', 'campaignCount', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: { groupId: 'id' },
} as const satisfies EntityListSpec;

export const trafficSourceListSpec = {
  sortFields: ['id', 'name', 'postbackMode', 'trafficLossPercent', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'name', direction: 'asc' }],
  filters: { postbackMode: 'text', templateId: 'text' },
} as const satisfies EntityListSpec;

export const userListSpec = {
  sortFields: ['id', 'login', 'role', 'createdAt', 'updatedAt'],
  defaultSort: [{ field: 'login', direction: 'asc' }],
  filters: { role: 'text', disabled: 'boolean', hideProfit: 'boolean' },
} as const satisfies EntityListSpec;

/** Each kind's list spec, for code that needs no other part of the kind's contract (ENTITY_CONTRACTS). */
export const ENTITY_LIST_SPECS = {
  offer: offerListSpec,
  landing: landingListSpec,
  affiliate_network: affiliateNetworkListSpec,
  traffic_source: trafficSourceListSpec,
  domain: domainListSpec,
  group: groupListSpec,
  campaign: campaignListSpec,
  rotation: rotationListSpec,
  user: userListSpec,
} as const satisfies Record<(typeof ENTITY_KINDS)[number], EntityListSpec>;
