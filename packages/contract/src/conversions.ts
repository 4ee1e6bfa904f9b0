import { z } from 'zod';
import { customEventNamesSchema, networkEventMappingsSchema } from './conversions/customEvents.ts';
import { conversionDeliverySchema, s2sDeliverySchema } from './conversions/deliveries.ts';
import {
  type CONVERSION_STATUSES,
  conversionStatusSchema,
  duplicatePostbackPolicySchema,
  type PostbackPlaceholders,
} from './entities/affiliateNetwork.ts';
import {
  anyQueryValue,
  commaList,
  queryParamOnce,
  type ReportScope,
  rangeQueryShape,
  reportScopeOf,
} from './reports/scope.ts';

// Conversions: what networks report by postback (or pixel, or bulk upload), what the panel lists, and
// how postbacks are processed. Money is in micro-units of the tracker's base currency. Fields named
// revenue* are profit fields: a hide-profit user never receives them.

export const CONVERSION_API_PATHS = {
  list: '/api/conversions',
  upload: '/api/conversions/upload',
  postbackSettings: '/api/settings/postback-processing',
  /** Admin: a new postback key becomes current; the keys before it stay valid until retired. */
  rotatePostbackKey: '/api/settings/postback-keys/rotate',
  /** Admin: every key but the current one stops working. */
  retirePostbackKeys: '/api/settings/postback-keys/retire',
  /** Admin: every postback received (and refused), newest first. */
  postbacks: '/api/postbacks',
  /**
   * Admin: try a conversion's failing or failed S2S postback again now; `?destination=meta` (google_ads,
   * tiktok) its conversion event to that ad platform instead.
   */
  retryS2s: '/api/conversions/:clickId/:seq/s2s/retry',
} as const;

/** A click id as the engine mints it: 23 characters of lowercase Crockford base32. */
export const CLICK_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{23}$/;
export const CLICK_ID_HINT = 'a click id is 23 letters and digits, as in the click log';
/** A click id as pasted: spaces around it dropped, capitals read as the id's lowercase. */
export const clickIdSchema = z
  .string({ error: 'clickId is given once' })
  .trim()
  .toLowerCase()
  .regex(CLICK_ID_PATTERN, `Not a click id: ${CLICK_ID_HINT}`);

/** What the postback key routes answer: the current key and how many older keys still work. */
export const postbackKeysResponseSchema = z.object({
  currentKey: z.string(),
  previousKeys: z.number().int(),
});
export type PostbackKeysResponse = z.infer<typeof postbackKeysResponseSchema>;

/**
 * Query (or body) parameters a postback is read from, each with its aliases in order of preference:
 * Cairn's own names, Binom's (`cnv_id`, `cnv_status`, `cnv_currency`), Keitaro's (`subid`, `tid`) and
 * Voluum's (`cid`).
 */
export const POSTBACK_PARAMS = {
  clickId: ['clickid', 'cnv_id', 'subid', 'cid'],
  payout: ['payout'],
  status: ['status', 'cnv_status'],
  txid: ['txid', 'tid'],
  currency: ['currency', 'cnv_currency'],
  /** `disable_postback=1`: record the conversion but send nothing to the traffic source. */
  disablePostback: ['disable_postback'],
  /** A custom event's name (conversions/customEvents.ts): counted in its slot instead of as a conversion. */
  event: ['event', 'cnv_event'],
  /** The installation's postback key, without which a postback is refused (403). */
  key: ['key'],
} as const;

/**
 * The URL a network calls on a conversion, on `baseUrl` (`https://trk.example`): the server's for a saved
 * network and for Settings > Tracking links, the panel's while a network is edited, so what the form
 * previews is what is saved. Our parameter names are fixed; the values are the network's own
 * placeholders, left unencoded so the network recognises and fills them; a null one is left out.
 */
export function networkPostbackUrl(
  baseUrl: string,
  postbackPath: string,
  placeholders: PostbackPlaceholders,
  postbackKey?: string,
): string {
  const pairs: [string, string | null][] = [
    [POSTBACK_PARAMS.clickId[0], placeholders.clickId],
    [POSTBACK_PARAMS.payout[0], placeholders.payout],
    [POSTBACK_PARAMS.status[0], placeholders.status],
    [POSTBACK_PARAMS.txid[0], placeholders.txid],
    [POSTBACK_PARAMS.currency[0], placeholders.currency],
    [POSTBACK_PARAMS.key[0], postbackKey ?? null],
  ];
  const query = pairs
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return `${baseUrl}${postbackPath}?${query}`;
}

/** The largest payout one postback may carry (100 000 units); more is refused as malformed. */
export const POSTBACK_PAYOUT_MAX_MICROS = 100_000 * 1_000_000;
export const POSTBACK_TXID_MAX = 128;
export const POSTBACK_STATUS_MAX = 50;
/** Transaction ids: letters, digits and `. _ - : / + = @ | ~`; anything else is refused. */
export const POSTBACK_TXID_PATTERN = /^[A-Za-z0-9._\-:/+=@|~]+$/;
/** Status words: letters, digits, `_`, `-` and spaces. */
export const POSTBACK_STATUS_PATTERN = /^[A-Za-z0-9_\- ]+$/;

/**
 * How a network's status text is read when its own mapping does not name it: these common words, else
 * the unknown-status setting (pending by default). Compared case-insensitively.
 */
export const DEFAULT_STATUS_WORDS: Readonly<Record<string, (typeof CONVERSION_STATUSES)[number]>> = {
  approved: 'approved',
  approve: 'approved',
  sale: 'approved',
  '1': 'approved',
  pending: 'pending',
  hold: 'pending',
  lead: 'pending',
  declined: 'declined',
  rejected: 'declined',
  reject: 'declined',
  '0': 'declined',
  chargeback: 'chargeback',
  refund: 'chargeback',
};

// ---------------------------------------------------------------------------------------------------
// Settings > Postback processing (`GET|PUT /api/settings/postback-processing`).

export const postbackProcessingSettingsSchema = z.strictObject({
  /** A status text that neither the network's mapping nor the common words know. */
  unknownStatus: conversionStatusSchema.default('pending'),
  /** A postback that carries no status at all. */
  missingStatus: conversionStatusSchema.default('approved'),
  /** Repeated postbacks for clicks whose offer has no affiliate network (networks set their own). */
  duplicatePostbacks: duplicatePostbackPolicySchema.default('ignore'),
  /**
   * Whether `/conversion.gif` records conversions (it always answers its image). Off unless turned on:
   * a pixel's URL, key included, is visible to every visitor of the page that carries it.
   */
  pixelEnabled: z.boolean().default(false),
  /** Names of the custom event slots 1..30 (conversions/customEvents.ts); '' leaves a slot unnamed. */
  eventNames: customEventNamesSchema.default([]),
  /** Networks' own event names, each counted in a slot. */
  networkEvents: networkEventMappingsSchema.default([]),
});
export type PostbackProcessingSettings = z.output<typeof postbackProcessingSettingsSchema>;
export type PostbackProcessingSettingsInput = z.input<typeof postbackProcessingSettingsSchema>;
export const DEFAULT_POSTBACK_PROCESSING: PostbackProcessingSettings = postbackProcessingSettingsSchema.parse(
  {},
);

// ---------------------------------------------------------------------------------------------------
// The conversion log (`GET /api/conversions`).

/** `POST /api/conversions/:clickId/:seq/s2s/retry`: the conversion whose S2S postback to send again. */
export const s2sRetryParamsSchema = z.object({
  clickId: clickIdSchema,
  seq: z.coerce
    .number({ error: 'seq is a number' })
    .int('seq is an integer')
    .min(1, 'seq is at least 1')
    .max(1_000_000),
});

const namedRefSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const conversionRowSchema = z.object({
  clickId: z.string(),
  /** The conversion's number within its click (1 for the first; upsells count up). */
  seq: z.number().int(),
  /** When the conversion arrived (ISO, UTC). */
  time: z.string(),
  clickTime: z.string(),
  timeToConvertSeconds: z.number().int(),
  /** When its status or payout last changed (ISO, UTC). */
  updatedAt: z.string(),
  campaign: namedRefSchema,
  offer: namedRefSchema,
  affiliateNetwork: namedRefSchema,
  trafficSource: namedRefSchema,
  country: z.string(),
  status: conversionStatusSchema,
  /** The status text the network sent ('' when it sent none). */
  networkStatus: z.string(),
  txid: z.string(),
  /** The payout in the base currency, as counted now (0 while declined or charged back). */
  revenueMicros: z.number().int().optional(),
  /** The payout as the network sent it, in its own currency. */
  revenueOriginalMicros: z.number().int().optional(),
  revenueCurrency: z.string().optional(),
  /**
   * The CPA or RevShare cost charged for this conversion, in the base currency. Left out for hide-profit
   * users unless the campaign is CPA: a RevShare cost is a share of the revenue and would give it away.
   */
  costMicros: z.number().int().optional(),
  /** The traffic source's S2S postback (its newest row); `deliveries` has it with the ad platforms'. */
  s2s: s2sDeliverySchema,
  /** Every destination the conversion went out to, S2S first, then the platforms by name. */
  deliveries: z.array(conversionDeliverySchema),
});
export type ConversionRow = z.infer<typeof conversionRowSchema>;

export const conversionListResponseSchema = z.object({
  rows: z.array(conversionRowSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversionListResponse = z.infer<typeof conversionListResponseSchema>;

export const CONVERSION_LIST_LIMIT_DEFAULT = 100;
export const CONVERSION_LIST_LIMIT_MAX = 500;

export interface ConversionListQuery extends ReportScope {
  limit: number;
  cursor: string | null;
}

/**
 * `GET /api/conversions?preset=&from=&to=&timezone=&filter[dimension]=v1,v2&limit=&cursor=`: the range,
 * zone and filters of the reports (any report dimension; `filter[conversion_status]` is the conversion's
 * current status). A conversion is in the range when it arrived in it; changes made after the range
 * still show.
 */
export const conversionListQuerySchema = z
  .object({
    ...rangeQueryShape,
    limit: z.coerce
      .number({ error: 'limit is a number' })
      .int('limit is an integer')
      .min(1, 'limit is at least 1')
      .max(CONVERSION_LIST_LIMIT_MAX, `limit is at most ${CONVERSION_LIST_LIMIT_MAX}`)
      .default(CONVERSION_LIST_LIMIT_DEFAULT),
    cursor: queryParamOnce('cursor')
      .regex(/^[A-Za-z0-9_-]{1,300}$/, 'Not a cursor this API handed out')
      .optional(),
  })
  .catchall(anyQueryValue)
  .transform(
    (query, ctx): ConversionListQuery => ({
      ...reportScopeOf(query, ctx),
      limit: query.limit,
      cursor: query.cursor ?? null,
    }),
  );

// ---------------------------------------------------------------------------------------------------
// Bulk upload (`POST /api/conversions/upload`): one conversion per line,
//   clickid[:payout=1.5][:status=approved][:txid=abc][:currency=EUR]
// (`cnv_status` is accepted for status). Empty lines and lines starting with # are skipped. Each line is
// processed like a postback from the click's network (its status mapping and duplicate policy), without
// the network's IP allow-list.

export const CONVERSION_UPLOAD_FORMAT = 'clickid[:payout=..][:status=..][:txid=..][:currency=..]';
export const CONVERSION_UPLOAD_MAX_CHARS = 1_000_000;
export const CONVERSION_UPLOAD_MAX_LINES = 10_000;
export const conversionUploadRequestSchema = z.object({
  text: z
    .string()
    .min(1, 'Paste at least one line')
    .max(CONVERSION_UPLOAD_MAX_CHARS, `At most ${CONVERSION_UPLOAD_MAX_CHARS} characters`),
});
export type ConversionUploadRequest = z.infer<typeof conversionUploadRequestSchema>;

/** recorded: a new conversion; updated: a status or payout change; ignored: a duplicate; error: refused. */
export const CONVERSION_UPLOAD_OUTCOMES = ['recorded', 'updated', 'ignored', 'error'] as const;
export const conversionUploadResponseSchema = z.object({
  lines: z.array(
    z.object({
      line: z.number().int(),
      clickId: z.string(),
      outcome: z.enum(CONVERSION_UPLOAD_OUTCOMES),
      message: z.string(),
    }),
  ),
  recorded: z.number().int(),
  updated: z.number().int(),
  ignored: z.number().int(),
  errors: z.number().int(),
});
export type ConversionUploadResponse = z.infer<typeof conversionUploadResponseSchema>;

/** Conversions one `POST /api/conversions` may carry. */
export const CONVERSION_RECORD_MAX = 1000;

/**
 * Conversions sent by a script, each as a postback would carry it (`POST /api/conversions`): the click id,
 * and optionally the status, the payout (micro-units, in `currency` or the offer's), the transaction id
 * and whether to hold back the traffic source's postback. The answer is the upload's, a line per item.
 */
export const conversionRecordRequestSchema = z.object({
  conversions: z
    .array(
      z.object({
        clickId: z.string().trim().min(1, 'The click id the conversion belongs to').max(64),
        status: z.string().trim().min(1).max(64).optional(),
        payoutMicros: z
          .number()
          .int('Money is in integer micro-units')
          .min(0, 'A payout cannot be negative')
          .max(POSTBACK_PAYOUT_MAX_MICROS, 'At most 100000 per conversion')
          .optional(),
        currency: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{3}$/, 'A 3-letter currency code such as USD')
          .optional(),
        txid: z.string().trim().min(1).max(POSTBACK_TXID_MAX).optional(),
        disablePostback: z.boolean().optional(),
      }),
    )
    .min(1, 'Send at least one conversion')
    .max(CONVERSION_RECORD_MAX, `At most ${CONVERSION_RECORD_MAX} conversions at once`),
});
export type ConversionRecordRequest = z.input<typeof conversionRecordRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// The postback log (`GET /api/postbacks`): every postback, pixel and uploaded line as it was received,
// with what became of it. The postback key in its query is masked before it is stored; the log keeps
// 30 days and at most 200,000 entries.

/**
 * What became of a postback: recorded (a new conversion), updated (a status or payout change), ignored
 * (a duplicate, or the pixel turned off), refused (key or sender address), invalid (malformed),
 * unknown_click (no such click), error (the tracker could not read what it needed; the sender retries).
 */
export const POSTBACK_OUTCOMES = [
  'recorded',
  'updated',
  'ignored',
  'refused',
  'invalid',
  'unknown_click',
  'error',
] as const;
export type PostbackOutcome = (typeof POSTBACK_OUTCOMES)[number];
/** The outcomes that turned a postback away. */
export const POSTBACK_REJECTIONS: readonly PostbackOutcome[] = [
  'refused',
  'invalid',
  'unknown_click',
  'error',
];
export const POSTBACK_VIAS = ['postback', 'pixel', 'click', 'upload'] as const;
export type PostbackVia = (typeof POSTBACK_VIAS)[number];

export const POSTBACK_LOG_LIMIT_DEFAULT = 100;
export const POSTBACK_LOG_LIMIT_MAX = 500;

export interface PostbackLogQuery extends ReportScope {
  outcomes: PostbackOutcome[];
  vias: PostbackVia[];
  clickId: string | null;
  limit: number;
  /** Entries older than this one (its id); null: from the newest. */
  before: number | null;
}

function listOf<T extends string>(field: string, allowed: readonly T[]) {
  return queryParamOnce(field).transform((text, ctx): T[] => {
    const items = [...new Set(commaList(text).filter((item) => item !== ''))];
    const unknown = items.find((item) => !(allowed as readonly string[]).includes(item));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${unknown}" is not one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    return items as T[];
  });
}

/**
 * `GET /api/postbacks?preset=&from=&to=&timezone=&outcome=refused,invalid&via=&clickId=&limit=&cursor=`:
 * the range (as in reports, `today` unless said), outcomes and channels to show, an exact click id (as
 * the postback carried it, well-formed or not), and the cursor of the previous page.
 */
export const postbackLogQuerySchema = z
  .object({
    ...rangeQueryShape,
    outcome: listOf('outcome', POSTBACK_OUTCOMES).optional(),
    via: listOf('via', POSTBACK_VIAS).optional(),
    clickId: queryParamOnce('clickId')
      .trim()
      .min(1, 'clickId is the click id to find')
      .max(64, 'clickId is at most 64 characters')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit is a number' })
      .int('limit is an integer')
      .min(1, 'limit is at least 1')
      .max(POSTBACK_LOG_LIMIT_MAX, `limit is at most ${POSTBACK_LOG_LIMIT_MAX}`)
      .default(POSTBACK_LOG_LIMIT_DEFAULT),
    cursor: queryParamOnce('cursor')
      .regex(/^\d{1,15}$/, 'Not a cursor this API handed out')
      .optional(),
  })
  .transform(
    (query, ctx): PostbackLogQuery => ({
      ...reportScopeOf(query, ctx),
      outcomes: query.outcome ?? [],
      vias: query.via ?? [],
      clickId: query.clickId ?? null,
      limit: query.limit,
      before: query.cursor === undefined ? null : Number(query.cursor),
    }),
  );

export const postbackLogEntrySchema = z.object({
  id: z.number().int(),
  /** When it arrived (ISO, UTC). */
  receivedAt: z.string(),
  via: z.enum(POSTBACK_VIAS),
  /** The sender's address. */
  ip: z.string(),
  /** The click id it named, as sent ('' when it named none). */
  clickId: z.string(),
  /** Its query string as received, the postback key masked; cut at 2,000 characters. */
  query: z.string(),
  /** What the tracker answered. */
  httpStatus: z.number().int(),
  outcome: z.enum(POSTBACK_OUTCOMES),
  /** Why it was refused or ignored, or what it changed. */
  message: z.string(),
  /** The conversion it recorded or changed (its number within the click); null when none. */
  conversionSeq: z.number().int().nullable(),
});
export type PostbackLogEntry = z.infer<typeof postbackLogEntrySchema>;

export const postbackLogResponseSchema = z.object({
  rows: z.array(postbackLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PostbackLogResponse = z.infer<typeof postbackLogResponseSchema>;
