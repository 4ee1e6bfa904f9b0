import { z } from 'zod';

// The public tracking surface: paths, query parameters and cookies of the click engine, shared by the
// server (which answers them) and the panel (which builds the links operators paste elsewhere).

/** Default paths of the tracking endpoints; every URL the panel hands out is built on them. */
export const TRACKING_PATHS = {
  click: '/click',
  /** Binom's old entry point, accepted so operators can move without touching their networks. */
  clickPhp: '/click.php',
  postback: '/postback',
  conversionPixel: '/conversion.gif',
  /** Second hop of a double meta refresh: the page that drops the referrer on the tracker's own domain. */
  hop: '/click/hop',
  /** The Click API: a lander's server asks where a visitor goes and gets JSON, no redirect (clickApi.ts). */
  clickApi: '/click/api',
  /** Direct (redirectless) tracking: the script a lander includes, and the call it makes. */
  directScript: '/t.js',
  direct: '/click/direct',
} as const;

/** Every path the tracking endpoints answer by default; a renamed endpoint may not take another's. */
const SERVED_TRACKING_PATHS: readonly string[] = Object.values(TRACKING_PATHS);
/** First path segments of the panel, its API, the update check and hosted landers (landerFiles.ts). */
const RESERVED_SEGMENTS = ['panel', 'api', 'updates', 'lp'];
export const TRACKING_PATH_MAX = 64;

const trackingPathSchema = z
  .string()
  .trim()
  .max(TRACKING_PATH_MAX, `A path is at most ${TRACKING_PATH_MAX} characters`)
  .regex(
    /^(\/[A-Za-z0-9._~-]+){1,3}$/,
    'Start with / and use letters, digits, and . _ ~ - (up to three segments, such as /go or /r/in)',
  )
  .refine((path) => !/(^|\/)\.{1,2}(\/|$)/.test(path), 'A segment cannot be . or ..')
  .refine(
    (path) => !RESERVED_SEGMENTS.includes(path.split('/')[1] ?? ''),
    `The panel, its API and hosted landers use paths starting with ${RESERVED_SEGMENTS.map((segment) => `/${segment}`).join(', ')}`,
  );

/** What the tracker does with a click it cannot route: '' answers a plain 404 page. */
const fallbackUrlSchema = z
  .string()
  .trim()
  .max(2048, 'URL is at most 2048 characters')
  .refine(
    (url) => url === '' || (/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url) && URL.canParse(url)),
    'Enter an http(s) address, or leave it empty for a plain 404 page',
  )
  // Stored as ASCII (an IDN host in punycode): Node refuses anything else in the Location it is sent as.
  .transform((url) => (url === '' ? url : new URL(url).href));

/**
 * Settings > URL customization. A renamed endpoint answers on its new path as well as its default one, so
 * links already handed to networks and sources keep working; the links the tracker hands out use the new
 * path. The click path's double-meta hop follows it (`{clickPath}/hop`).
 */
export const urlCustomizationSchema = z
  .strictObject({
    clickPath: trackingPathSchema.default(TRACKING_PATHS.click),
    postbackPath: trackingPathSchema.default(TRACKING_PATHS.postback),
    conversionPixelPath: trackingPathSchema.default(TRACKING_PATHS.conversionPixel),
    fallbackUrl: fallbackUrlSchema.default(''),
  })
  .superRefine((settings, ctx) => {
    const claimed = new Map<string, string>();
    const claim = (path: string, field: CustomPathField, own: string) => {
      if (path !== own && SERVED_TRACKING_PATHS.includes(path)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${path} is another endpoint's path` });
        return;
      }
      const taken = claimed.get(path);
      if (taken !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${path} is already the ${taken}` });
        return;
      }
      claimed.set(path, CUSTOM_PATH_LABELS[field]);
    };
    claim(settings.clickPath, 'clickPath', TRACKING_PATHS.click);
    claimed.set(`${settings.clickPath}/hop`, 'double meta refresh hop of the click path');
    claim(settings.postbackPath, 'postbackPath', TRACKING_PATHS.postback);
    claim(settings.conversionPixelPath, 'conversionPixelPath', TRACKING_PATHS.conversionPixel);
  });
export type UrlCustomization = z.output<typeof urlCustomizationSchema>;
type CustomPathField = 'clickPath' | 'postbackPath' | 'conversionPixelPath';
const CUSTOM_PATH_LABELS: Record<CustomPathField, string> = {
  clickPath: 'click path',
  postbackPath: 'postback path',
  conversionPixelPath: 'conversion pixel path',
};
export const DEFAULT_URL_CUSTOMIZATION: UrlCustomization = urlCustomizationSchema.parse({});
export const URL_CUSTOMIZATION_PATH = '/api/settings/url-customization';

/** Query parameters the click endpoint reads. */
export const CLICK_PARAMS = {
  key: 'key',
  lp: 'lp',
  clickId: 'clickid',
  toOffer: 'to_offer',
  /** Binom-style postback through the click path: `/click?cnv_id={clickid}&payout=...`. */
  conversionClickId: 'cnv_id',
} as const;

/** Cookie that remembers a visitor's click per campaign, so a lander's click-through finds it. */
export const CLICK_COOKIE = 'cairn_click';
/** Cookie prefix of per-campaign uniqueness marks (`cairn_u<campaign id>`). */
export const UNIQUE_COOKIE_PREFIX = 'cairn_u';

/** Longest query string the click endpoint reads; anything beyond is cut before parsing. */
export const CLICK_QUERY_MAX = 8192;

// The developer monitor's "clicker": a test click routed like a real one and reported, never recorded.
export const testClickRequestSchema = z.object({
  campaignKey: z.string().trim().min(1, 'Enter a campaign key').max(64),
  ip: z.string().trim().max(64).default('203.0.113.10'),
  userAgent: z.string().max(2000).default(''),
  acceptLanguage: z.string().max(500).default(''),
  referrer: z.string().max(2000).default(''),
  /** Extra query parameters, as the traffic source would send them (`t1=abc&zone=5`). */
  query: z.string().max(4000).default(''),
  /** Further request headers, one `Name: value` a line, for rules on headers. */
  headers: z.string().max(4000).default(''),
});
export type TestClickRequest = z.input<typeof testClickRequestSchema>;

export const testClickResponseSchema = z.object({
  status: z.enum(['routed', 'fallback']),
  reason: z.string().nullable(),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  campaign: z.object({ id: z.number(), name: z.string() }).nullable(),
  rule: z.string().nullable(),
  /** What the matched rule asked, criterion by criterion (`Continent is one of EU`); empty for the default paths. */
  ruleCriteria: z.array(z.string()),
  path: z.string().nullable(),
  landing: z.object({ id: z.number(), name: z.string() }).nullable(),
  offer: z.object({ id: z.number(), name: z.string() }).nullable(),
  unique: z.boolean(),
  costMicros: z.number(),
  finalUrl: z.string().nullable(),
  redirectMode: z.string(),
});
export type TestClickResponse = z.infer<typeof testClickResponseSchema>;

export const TRACKING_API_PATHS = {
  testClick: '/api/tracking/test_click',
  monitor: '/api/monitor',
  trackingLinks: '/api/tracking/links',
  seed: '/api/monitor/seed',
  offerCaps: '/api/tracking/offer_caps',
} as const;

// The tracking links an operator pastes into networks and sources, per tracking domain.
export const trackingLinksResponseSchema = z.object({
  domains: z.array(
    z.object({
      host: z.string(),
      /** What the domain's links start with (`https://trk.example`). */
      baseUrl: z.string(),
      isDefault: z.boolean(),
      clickUrl: z.string(),
      lpClickUrl: z.string(),
      postbackUrl: z.string(),
      conversionPixelUrl: z.string(),
    }),
  ),
  /** Older postback keys still accepted (a rotation not yet finished by retiring them). */
  previousPostbackKeys: z.number().int(),
  /**
   * The postback endpoint's path and the current key: with a domain's base, what a network's postback URL
   * is built from (networkPostbackUrl), so a network's form shows its URL before it is saved.
   */
  postback: z.object({ path: z.string(), key: z.string() }),
});
export type TrackingLinksResponse = z.infer<typeof trackingLinksResponseSchema>;

/** Geo data older than this is flagged on the monitor: DB-IP's lite databases are rebuilt monthly. */
export const GEO_DATA_MAX_AGE_DAYS = 60;

export const monitorResponseSchema = z.object({
  nodeId: z.string(),
  now: z.string(),
  clicksPerMinute: z.array(z.object({ minute: z.string(), count: z.number() })),
  journal: z.object({
    backlogEvents: z.number(),
    backlogSegments: z.number(),
    lagMs: z.number(),
    lastFlushAt: z.string().nullable(),
    lastFlushMs: z.number(),
    flushedTotal: z.number(),
    eventsPerSecond: z.number(),
  }),
  databases: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      builtAt: z.string(),
      source: z.string(),
      /** Where the file came from: the package and version shipped, or what `cairn geo update` was given. */
      origin: z.string(),
      /** Whole days since the data was built. */
      ageDays: z.number(),
    }),
  ),
  /** Set when some geo data is older than GEO_DATA_MAX_AGE_DAYS: which, its date and source, and what to do. */
  geoDataWarning: z.string().nullable(),
  credits: z.array(
    z.object({
      name: z.string(),
      attribution: z.string(),
      url: z.string(),
      licence: z.string(),
      licenceUrl: z.string(),
      package: z.string(),
      version: z.string(),
    }),
  ),
  background: z.array(
    z.object({ name: z.string(), state: z.enum(['ok', 'busy', 'failing', 'idle']), detail: z.string() }),
  ),
  routing: z.object({ campaigns: z.number(), changesApplied: z.number() }),
  memory: z.object({ rssBytes: z.number(), uniquenessEntries: z.number(), recentClicks: z.number() }),
  /**
   * Every node of the installation, from the heartbeats each writes into the configuration store every
   * few seconds (the answering node with its figures of now); `stale` when one has not been seen for a
   * few heartbeats.
   */
  nodes: z.array(
    z.object({
      nodeId: z.string(),
      /** The node that answered this request. */
      current: z.boolean(),
      version: z.string(),
      startedAt: z.string(),
      lastSeenAt: z.string(),
      state: z.enum(['ok', 'stale']),
      backlogEvents: z.number(),
      backlogSegments: z.number(),
      lagMs: z.number(),
      lastFlushAt: z.string().nullable(),
      clicksPerMinute: z.number(),
    }),
  ),
});
export type MonitorResponse = z.infer<typeof monitorResponseSchema>;
export type MonitorNode = MonitorResponse['nodes'][number];

export const SEED_CLICKS_MAX_FROM_PANEL = 100_000;
export const seedRequestSchema = z.object({
  clicks: z
    .number()
    .int()
    .min(1, 'At least 1 click')
    .max(
      SEED_CLICKS_MAX_FROM_PANEL,
      `At most ${SEED_CLICKS_MAX_FROM_PANEL} clicks from the panel; use \`cairn seed\` for more`,
    ),
  days: z.number().int().min(1).max(365).default(7),
  campaigns: z.number().int().min(1).max(50).default(3),
});
export type SeedRequest = z.input<typeof seedRequestSchema>;
export const seedResponseSchema = z.object({
  clicks: z.number(),
  lpClicks: z.number(),
  conversions: z.number(),
  campaigns: z.array(z.object({ id: z.number(), name: z.string() })),
  elapsedMs: z.number(),
});
export type SeedResponse = z.infer<typeof seedResponseSchema>;
