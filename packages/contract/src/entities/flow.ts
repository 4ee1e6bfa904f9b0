import { z } from 'zod';
import { isTimeZone } from '../reports/scope.ts';
import { ipOrRangeSchema } from './affiliateNetwork.ts';
import { countryCodeSchema } from './common.ts';
import { CONTINENTS } from './continents.ts';
import { domainValue, timeRangeValue, versionValue } from './flow/criterionValues.ts';
import { FLOW_PATHS_MAX, flowPathSchema } from './flow/path.ts';
import { TOKEN_SLOTS } from './macros.ts';

// A flow decides where a click goes. It is shared by campaigns (their own flow) and rotations (a flow
// that campaigns use by reference): rules are checked top to bottom and the first matching one sends the
// click down one of its paths; a click no rule matches takes one of the default paths. A path picks a
// lander (or none: direct to the offer) and an offer, each by weight; or, by its target, hands the click
// to another campaign's flow or redirects it to a URL of the operator's.

export * from './flow/path.ts';

export const FLOW_RULES_MAX = 100;
export const CRITERION_VALUES_MAX = 1000;

// ---------------------------------------------------------------------------------------------------
// Rule criteria. Within one criterion the values are alternatives (OR); the criteria of a rule must all
// hold (AND); `exclude` turns a criterion around (the click matches when none of the values apply).

export const CRITERION_TYPES = [
  'country',
  'continent',
  'region',
  'city',
  'device_type',
  'brand',
  'model',
  'os',
  'os_version',
  'browser',
  'browser_version',
  'language',
  'isp',
  'connection_type',
  'network_kind',
  'ip',
  'referrer',
  'referrer_domain',
  'user_agent',
  'param',
  'header',
  'day_of_week',
  'hour',
  'time_of_day',
  'token',
  'unique',
  'unique_path',
  'bot',
] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'other'] as const;
export const CONNECTION_TYPES = [
  'broadband',
  'cellular',
  'wifi',
  'dialup',
  'satellite',
  'corporate',
] as const;
export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export const UNIQUENESS_VALUES = ['unique', 'non_unique'] as const;
export const BOT_VALUES = ['bot', 'human'] as const;
/**
 * What the ASN data can tell of the network an address belongs to: a cloud, hosting or server-rental
 * network (where proxies, VPN exits and bots mostly come from), or any other network. A VPN or proxy on
 * a home or mobile connection looks like that connection, so "vpn" or "residential" would claim more
 * than the data knows.
 */
export const NETWORK_KINDS = ['hosting', 'other'] as const;
/** How `param` and `header` criteria compare: `exists`/`not_exists` take no values. */
export const CRITERION_OPERATORS = ['equals', 'contains', 'exists', 'not_exists'] as const;
export type CriterionOperator = (typeof CRITERION_OPERATORS)[number];
/** Criteria that name the parameter or header they read. */
export const NAMED_CRITERIA = ['param', 'header'] as const satisfies readonly CriterionType[];
/** Criteria read in a time zone: the criterion's own, else the tracker's. */
export const ZONED_CRITERIA = [
  'day_of_week',
  'hour',
  'time_of_day',
] as const satisfies readonly CriterionType[];
/** Criteria whose values are `<name> [operator] <version>`, read against the click's name and version. */
export const VERSION_CRITERIA = ['os_version', 'browser_version'] as const satisfies readonly CriterionType[];

export function isNamedCriterion(type: CriterionType): type is (typeof NAMED_CRITERIA)[number] {
  return (NAMED_CRITERIA as readonly CriterionType[]).includes(type);
}
export function isZonedCriterion(type: CriterionType): type is (typeof ZONED_CRITERIA)[number] {
  return (ZONED_CRITERIA as readonly CriterionType[]).includes(type);
}

/** How a criterion's values compare with the click's value; the evaluator and the panel both read this. */
export const CRITERION_MATCH: Record<
  CriterionType,
  'equals' | 'contains' | 'prefix' | 'ip' | 'domain' | 'version' | 'time_range' | 'operator'
> = {
  country: 'equals',
  continent: 'equals',
  region: 'equals',
  city: 'equals',
  device_type: 'equals',
  brand: 'equals',
  model: 'equals',
  os: 'equals',
  os_version: 'version',
  browser: 'equals',
  browser_version: 'version',
  // `en` matches en-US and en-GB as well.
  language: 'prefix',
  isp: 'contains',
  connection_type: 'equals',
  network_kind: 'equals',
  ip: 'ip',
  referrer: 'contains',
  // `example.com` matches example.com and any subdomain of it.
  referrer_domain: 'domain',
  user_agent: 'contains',
  // The criterion's operator decides (equals, contains, exists, not exists).
  param: 'operator',
  header: 'operator',
  day_of_week: 'equals',
  hour: 'equals',
  time_of_day: 'time_range',
  token: 'equals',
  unique: 'equals',
  unique_path: 'equals',
  bot: 'equals',
};

const freeTextValue = z
  .string()
  .trim()
  .min(1, 'Empty values match nothing')
  .max(500, 'At most 500 characters');
const hourValue = z
  .string()
  .trim()
  .regex(/^(?:[01]?\d|2[0-3])$/, 'An hour from 0 to 23');

/** The schema each value of a criterion of this type must meet (values travel as strings). */
export const CRITERION_VALUE_SCHEMAS: Record<CriterionType, z.ZodType<string, string>> = {
  country: countryCodeSchema,
  continent: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(CONTINENTS, { error: `One of ${CONTINENTS.join(', ')}` })),
  region: freeTextValue,
  city: freeTextValue,
  device_type: z.enum(DEVICE_TYPES, { error: `One of ${DEVICE_TYPES.join(', ')}` }),
  brand: freeTextValue,
  model: freeTextValue,
  os: freeTextValue,
  os_version: versionValue,
  browser: freeTextValue,
  browser_version: versionValue,
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'A language code such as en or pt-BR'),
  isp: freeTextValue,
  connection_type: z.enum(CONNECTION_TYPES, { error: `One of ${CONNECTION_TYPES.join(', ')}` }),
  network_kind: z.enum(NETWORK_KINDS, { error: `One of ${NETWORK_KINDS.join(', ')}` }),
  ip: ipOrRangeSchema,
  referrer: freeTextValue,
  referrer_domain: domainValue,
  user_agent: freeTextValue,
  param: freeTextValue,
  header: freeTextValue,
  day_of_week: z.enum(DAYS_OF_WEEK, { error: `One of ${DAYS_OF_WEEK.join(', ')}` }),
  hour: hourValue.transform((text) => String(Number(text))),
  time_of_day: timeRangeValue,
  token: freeTextValue,
  unique: z.enum(UNIQUENESS_VALUES, { error: `One of ${UNIQUENESS_VALUES.join(', ')}` }),
  unique_path: z.enum(UNIQUENESS_VALUES, { error: `One of ${UNIQUENESS_VALUES.join(', ')}` }),
  bot: z.enum(BOT_VALUES, { error: `One of ${BOT_VALUES.join(', ')}` }),
};

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const PARAMETER_NAME = /^[A-Za-z0-9_.\-[\]]{1,100}$/;

export const flowCriterionSchema = z
  .object({
    type: z.enum(CRITERION_TYPES, { error: `One of ${CRITERION_TYPES.join(', ')}` }),
    mode: z.enum(['include', 'exclude']).default('include'),
    /** For `token`: which of the traffic source's tokens (1-30) is compared. */
    tokenIndex: z
      .number()
      .int()
      .min(1)
      .max(TOKEN_SLOTS, `Token 1 to ${TOKEN_SLOTS}`)
      .nullable()
      .default(null),
    /** For `param` and `header`: the query parameter's or header's name. */
    name: z.string().trim().max(100, 'At most 100 characters').nullable().default(null),
    /** For `param` and `header`: how the value is compared. */
    operator: z
      .enum(CRITERION_OPERATORS, { error: `One of ${CRITERION_OPERATORS.join(', ')}` })
      .default('equals'),
    /** For day of week, hour and time of day: the IANA zone the click's time is read in; null: the tracker's. */
    timezone: z
      .string()
      .trim()
      .refine(isTimeZone, 'Not an IANA time zone such as Europe/Berlin')
      .nullable()
      .default(null),
    values: z.array(z.string()).max(CRITERION_VALUES_MAX, `At most ${CRITERION_VALUES_MAX} values`),
  })
  .transform((criterion, ctx) => {
    const named = isNamedCriterion(criterion.type);
    const operator = named ? criterion.operator : 'equals';
    const presence = operator === 'exists' || operator === 'not_exists';
    if (presence && criterion.values.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: '"exists" and "does not exist" take no values',
      });
    } else if (!presence && criterion.values.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: 'Enter at least one value' });
    }
    const name = named ? (criterion.name ?? '') : '';
    // A header name is an HTTP token; a parameter name keeps to what sources put in their links.
    const namePattern = criterion.type === 'header' ? HEADER_NAME : PARAMETER_NAME;
    if (named && !namePattern.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message:
          criterion.type === 'header'
            ? 'A header name such as X-Requested-With'
            : 'A parameter name such as zone or sub_id (letters, digits, _ . - [ ])',
      });
    }
    const valueSchema = CRITERION_VALUE_SCHEMAS[criterion.type];
    const values: string[] = [];
    for (const [index, value] of criterion.values.entries()) {
      const result = valueSchema.safeParse(value);
      if (result.success) values.push(result.data);
      else {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['values', index], message: issue.message });
        }
      }
    }
    if (criterion.type === 'token' && criterion.tokenIndex === null) {
      ctx.addIssue({ code: 'custom', path: ['tokenIndex'], message: 'Choose which token to compare' });
    }
    return {
      ...criterion,
      tokenIndex: criterion.type === 'token' ? criterion.tokenIndex : null,
      // Header names are case-insensitive; a parameter's name is compared as sent.
      name: named ? (criterion.type === 'header' ? name.toLowerCase() : name) : null,
      operator,
      timezone: isZonedCriterion(criterion.type) ? criterion.timezone : null,
      values: [...new Set(values)],
    };
  });
export type FlowCriterion = z.output<typeof flowCriterionSchema>;

/** What each criterion type is called, in the editor and in the test clicker's explanation. */
export const CRITERION_NAMES: Record<CriterionType, string> = {
  country: 'Country',
  continent: 'Continent',
  region: 'Region',
  city: 'City',
  device_type: 'Device type',
  brand: 'Device brand',
  model: 'Device model',
  os: 'OS',
  os_version: 'OS version',
  browser: 'Browser',
  browser_version: 'Browser version',
  language: 'Language',
  isp: 'ISP',
  connection_type: 'Connection type',
  network_kind: 'Hosting network (proxy/VPN/data centre)',
  ip: 'IP or range',
  referrer: 'Referrer contains',
  referrer_domain: 'Referrer domain',
  user_agent: 'User agent contains',
  param: 'Query parameter',
  header: 'Header',
  day_of_week: 'Day of week',
  hour: 'Hour',
  time_of_day: 'Time of day',
  token: 'Token',
  unique: 'Unique for campaign',
  // The visitor has not yet been sent down this rule's paths within the campaign's uniqueness window.
  unique_path: "Unique for path (this rule's paths)",
  bot: 'Bot',
};

/**
 * One line saying what a criterion asks, e.g. `Query parameter zone equals one of z-12` or
 * `Time of day is one of 09:00-17:30 (Europe/Berlin)`.
 */
export function describeCriterion(criterion: FlowCriterion): string {
  const values = criterion.values.join(', ');
  const exclude = criterion.mode === 'exclude';
  if (isNamedCriterion(criterion.type)) {
    const subject = `${CRITERION_NAMES[criterion.type]} ${criterion.name ?? ''}`;
    const operator = criterion.operator ?? 'equals';
    if (operator === 'exists' || operator === 'not_exists') {
      const present = (operator === 'exists') !== exclude;
      return `${subject} ${present ? 'exists' : 'does not exist'}`;
    }
    const verb = operator === 'equals' ? 'equals' : 'contains';
    return `${subject} ${verb} ${exclude ? 'none' : 'one'} of ${values}`;
  }
  const subject =
    criterion.type === 'token' ? `Token ${criterion.tokenIndex ?? ''}` : CRITERION_NAMES[criterion.type];
  const zone = isZonedCriterion(criterion.type) && criterion.timezone ? ` (${criterion.timezone})` : '';
  return `${subject} is ${exclude ? 'none' : 'one'} of ${values}${zone}`;
}

export const flowRuleSchema = z.object({
  name: z.string().trim().max(200, 'At most 200 characters').default(''),
  paused: z.boolean().default(false),
  criteria: z.array(flowCriterionSchema).min(1, 'A rule needs at least one criterion').max(50),
  paths: z
    .array(flowPathSchema)
    .min(1, 'A rule needs at least one path')
    .max(FLOW_PATHS_MAX, `At most ${FLOW_PATHS_MAX} paths`),
});
export type FlowRule = z.output<typeof flowRuleSchema>;

export const flowSchema = z
  .object({
    defaultPaths: z
      .array(flowPathSchema)
      .min(1, 'Add at least one default path')
      .max(FLOW_PATHS_MAX, `At most ${FLOW_PATHS_MAX} paths`),
    rules: z.array(flowRuleSchema).max(FLOW_RULES_MAX, `At most ${FLOW_RULES_MAX} rules`).default([]),
  })
  .superRefine((flow, ctx) => {
    // Clicks no rule takes go to the default paths, so one of them must be able to take them.
    if (flow.defaultPaths.length > 0 && !flow.defaultPaths.some((path) => !path.paused)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultPaths'],
        message: 'At least one default path must be active',
      });
    }
  });
export type Flow = z.output<typeof flowSchema>;
export type FlowInput = z.input<typeof flowSchema>;

/**
 * Every lander, offer and target campaign a flow names, for reference checks and "still used by" lookups.
 * Flows stored before targets existed have no `target`: their paths are offer paths.
 */
export function flowReferences(flow: Flow): {
  landingIds: Set<number>;
  offerIds: Set<number>;
  campaignIds: Set<number>;
} {
  const landingIds = new Set<number>();
  const offerIds = new Set<number>();
  const campaignIds = new Set<number>();
  for (const path of [...flow.defaultPaths, ...flow.rules.flatMap((rule) => rule.paths)]) {
    for (const lander of path.landers) if (lander.landingId !== null) landingIds.add(lander.landingId);
    for (const offer of path.offers) offerIds.add(offer.offerId);
    if (path.target === 'campaign' && typeof path.campaignId === 'number') campaignIds.add(path.campaignId);
  }
  return { landingIds, offerIds, campaignIds };
}

/**
 * Each item's share of the clicks in percent (one decimal), as the flow editor shows next to the weights;
 * paused items take none. Matches how the evaluator splits: weight over the total of the active weights.
 */
export function weightShares(items: readonly { weight: number; paused?: boolean }[]): number[] {
  const total = items.reduce((sum, item) => sum + (item.paused ? 0 : item.weight), 0);
  return items.map((item) =>
    item.paused || total === 0 ? 0 : Math.round((item.weight / total) * 1000) / 10,
  );
}
