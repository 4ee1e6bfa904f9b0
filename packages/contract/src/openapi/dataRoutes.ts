import { CLICK_API_PATHS, clickApiSettingsSchema, clickApiTokenResponseSchema } from '../clickApi.ts';
import { CUSTOM_EVENT_PATHS, customEventNamesResponseSchema } from '../conversions/customEvents.ts';
import { deliveryRetryQuerySchema, s2sDeliverySchema } from '../conversions/deliveries.ts';
import {
  CONVERSION_API_PATHS,
  conversionListQuerySchema,
  conversionListResponseSchema,
  conversionRecordRequestSchema,
  conversionUploadRequestSchema,
  conversionUploadResponseSchema,
  postbackKeysResponseSchema,
  postbackLogQuerySchema,
  postbackLogResponseSchema,
  postbackProcessingSettingsSchema,
} from '../conversions.ts';
import { COST_API_PATHS, costUpdateRequestSchema, costUpdateResponseSchema } from '../costs.ts';
import { offerCapsResponseSchema } from '../entities/offer.ts';
import {
  clickDetailResponseSchema,
  clickLogQuerySchema,
  clickLogResponseSchema,
  entityStatsQuerySchema,
  entityStatsResponseSchema,
  REPORT_PATHS,
  REPORT_VALUES_PATH,
  reportExportQuerySchema,
  reportQuerySchema,
  reportResponseSchema,
  reportValuesQuerySchema,
  reportValuesResponseSchema,
  XLSX_MEDIA_TYPE,
} from '../reports.ts';
import {
  clearRequestSchema,
  clearSummarySchema,
  RETENTION_PATHS,
  retentionSettingsSchema,
} from '../retention.ts';
import { defaultColumnsSchema, STATS_SETTINGS_PATHS, statsSettingsSchema } from '../statsSettings.ts';
import {
  monitorResponseSchema,
  seedRequestSchema,
  seedResponseSchema,
  TRACKING_API_PATHS,
  testClickRequestSchema,
  testClickResponseSchema,
  trackingLinksResponseSchema,
  URL_CUSTOMIZATION_PATH,
  urlCustomizationSchema,
} from '../tracking.ts';
import type { ApiRoute } from './catalogue.ts';

// The catalogue's routes of statistics, conversions, settings and the click engine's tools.

const REPORTS = 'Reports';
const CONVERSIONS = 'Conversions';
const COSTS = 'Costs';
const SETTINGS = 'Settings';
const TRACKING = 'Tracking';

export const DATA_ROUTES: readonly ApiRoute[] = [
  // Reports
  {
    method: 'GET',
    path: REPORT_PATHS.report,
    summary: 'A report: up to three nested groupings with their metrics, a page at a time',
    description:
      'Filters go as `filter[<dimension>]=v1,v2`. Money is in integer micro-units; a hide-profit user gets no revenue, profit, ROI, EPC or leads. `conversionTime=click` counts every conversion at the time of its click (a cohort) rather than its own. `compare=previous`, or `compare=custom` with `compareFrom` and `compareTo` (beta: report_period_comparison), sets each row and the totals beside another period.',
    tag: REPORTS,
    access: 'user',
    query: reportQuerySchema,
    response: reportResponseSchema,
  },
  {
    method: 'GET',
    path: REPORT_PATHS.reportExport,
    summary: 'A report as CSV or XLSX: every row of every level, streamed',
    description:
      "The report's grouping, range, filters and sort; `metrics=` chooses the columns and `format=` the file (CSV by default). Each row has a column per grouping level (a nested row repeats its parents' names), then the metrics (money in the base currency, as numbers in XLSX), then a Total row.",
    tag: REPORTS,
    access: 'user',
    query: reportExportQuerySchema,
    produces: ['text/csv', XLSX_MEDIA_TYPE],
  },
  {
    method: 'GET',
    path: REPORT_PATHS.clicks,
    summary: 'The click log, newest first, a page at a time',
    tag: REPORTS,
    access: 'user',
    query: clickLogQuerySchema,
    response: clickLogResponseSchema,
  },
  {
    method: 'GET',
    path: REPORT_PATHS.click,
    summary: "One click's facts, its conversions and their S2S deliveries",
    description:
      'The click as the click log shows it, every column, and its conversions oldest first. Only clicks of campaigns the caller may read (404 otherwise); why an S2S delivery failed is shown to admins only.',
    tag: REPORTS,
    access: 'user',
    response: clickDetailResponseSchema,
  },
  {
    method: 'GET',
    path: REPORT_PATHS.entityStats,
    summary: 'Metrics of listed entities over a range',
    tag: REPORTS,
    access: 'user',
    query: entityStatsQuerySchema,
    response: entityStatsResponseSchema,
  },
  {
    method: 'GET',
    path: REPORT_VALUES_PATH,
    summary: 'Values a dimension took in a range, most clicked first (for filter pickers)',
    tag: REPORTS,
    access: 'user',
    query: reportValuesQuerySchema,
    response: reportValuesResponseSchema,
  },
  // Conversions
  {
    method: 'GET',
    path: CONVERSION_API_PATHS.list,
    summary: 'Conversions that arrived in a range',
    tag: CONVERSIONS,
    access: 'user',
    query: conversionListQuerySchema,
    response: conversionListResponseSchema,
  },
  {
    method: 'GET',
    path: CONVERSION_API_PATHS.postbacks,
    summary: 'The postback log: every postback received and what became of it, newest first',
    description:
      'Accepted, status changes, duplicates and refusals with their reason, the query as received with the postback key masked, and the sender address. Kept 30 days and at most 200,000 entries.',
    tag: CONVERSIONS,
    access: 'admin',
    query: postbackLogQuerySchema,
    response: postbackLogResponseSchema,
  },
  {
    method: 'POST',
    path: CONVERSION_API_PATHS.retryS2s,
    summary: "Send a conversion's failing or failed S2S postback (or ad platform event) again now",
    description:
      "The delivery becomes pending with its next attempt due now and another day of retries; its attempts so far are kept. Answers the delivery as it stands. `destination` picks the ad platform's conversion event (meta, google_ads, tiktok) instead of the traffic source's postback (s2s, the default).",
    tag: CONVERSIONS,
    query: deliveryRetryQuerySchema,
    access: 'admin',
    response: s2sDeliverySchema,
    errors: { 409: 'The postback was delivered already, or held back on purpose' },
  },
  {
    method: 'POST',
    path: CONVERSION_API_PATHS.list,
    summary: 'Record conversions, each as a postback would',
    description:
      'Each item goes through what a postback goes through (duplicates, status changes, the payout rules, ' +
      'S2S postbacks to the traffic source) and gets a line of the answer, numbered from 1 in the order sent.',
    tag: CONVERSIONS,
    access: 'admin',
    body: conversionRecordRequestSchema,
    response: conversionUploadResponseSchema,
    bodyExample: {
      conversions: [
        { clickId: '0mbx3d1c0a9f4e2b7c6d5e4', status: 'approved', payoutMicros: 12_500_000, txid: 'T-88412' },
      ],
    },
  },
  {
    method: 'POST',
    path: CONVERSION_API_PATHS.upload,
    summary: 'Record conversions from pasted lines, as postbacks would',
    tag: CONVERSIONS,
    access: 'admin',
    body: conversionUploadRequestSchema,
    response: conversionUploadResponseSchema,
  },
  // Costs
  {
    method: 'POST',
    path: COST_API_PATHS.update,
    summary: "Set a campaign's cost over a range, spread over its clicks",
    description:
      'Replaces what the clicks of the campaign in the range (optionally only those with one token value, ' +
      'e.g. a zone) cost, spreading `costMicros` over them evenly to the micro-unit. Setting the same cost ' +
      'again changes nothing. Needs write access to the campaign; audit-logged.',
    tag: COSTS,
    access: 'user',
    body: costUpdateRequestSchema,
    response: costUpdateResponseSchema,
    errors: { 404: 'No such campaign' },
    bodyExample: {
      campaignId: 12,
      from: '2026-11-30',
      to: '2026-11-30',
      costMicros: 152_400_000,
      token: { slot: 1, value: 'zone-4411' },
    },
  },
  // Settings
  {
    method: 'GET',
    path: CLICK_API_PATHS.settings,
    summary: 'Whether the Click API is on, and where it answers',
    tag: SETTINGS,
    access: 'admin',
    response: clickApiSettingsSchema,
  },
  {
    method: 'POST',
    path: CLICK_API_PATHS.token,
    summary: 'Make a new click-API token (turning the Click API on)',
    description:
      'The token is in this answer only; Cairn keeps its hash. The token before it stops working on every node at once.',
    tag: SETTINGS,
    access: 'admin',
    response: clickApiTokenResponseSchema,
  },
  {
    method: 'DELETE',
    path: CLICK_API_PATHS.token,
    summary: 'Turn the Click API off (its token stops working)',
    tag: SETTINGS,
    access: 'admin',
    response: clickApiSettingsSchema,
  },
  {
    method: 'POST',
    path: CONVERSION_API_PATHS.rotatePostbackKey,
    summary: 'Rotate the postback key',
    description:
      'A new key becomes current and the tracking links carry it; the keys before it stay valid until retired, ' +
      'so networks can be moved over one by one.',
    tag: SETTINGS,
    access: 'admin',
    response: postbackKeysResponseSchema,
    responseName: 'PostbackKeys',
  },
  {
    method: 'POST',
    path: CONVERSION_API_PATHS.retirePostbackKeys,
    summary: 'Retire every postback key but the current one',
    tag: SETTINGS,
    access: 'admin',
    response: postbackKeysResponseSchema,
    responseName: 'PostbackKeys',
  },
  {
    method: 'GET',
    path: CUSTOM_EVENT_PATHS.names,
    summary: 'Custom event names',
    description:
      'The names of the custom event slots, slot 1 first, to title the report columns event1..event30; ' +
      'an unnamed slot is an empty string. Any signed-in user may read them.',
    tag: REPORTS,
    access: 'user',
    response: customEventNamesResponseSchema,
    responseName: 'CustomEventNames',
  },
  {
    method: 'GET',
    path: CONVERSION_API_PATHS.postbackSettings,
    summary: 'Postback processing settings',
    tag: SETTINGS,
    access: 'admin',
    response: postbackProcessingSettingsSchema,
  },
  {
    method: 'PUT',
    path: CONVERSION_API_PATHS.postbackSettings,
    summary: 'Change the postback processing settings',
    tag: SETTINGS,
    access: 'admin',
    body: postbackProcessingSettingsSchema,
    response: postbackProcessingSettingsSchema,
  },
  {
    method: 'GET',
    path: STATS_SETTINGS_PATHS.stats,
    summary: 'Statistics settings: time zone, currency, rates',
    tag: SETTINGS,
    access: 'user',
    response: statsSettingsSchema,
  },
  {
    method: 'PUT',
    path: STATS_SETTINGS_PATHS.stats,
    summary: 'Change the statistics settings',
    tag: SETTINGS,
    access: 'admin',
    body: statsSettingsSchema,
    response: statsSettingsSchema,
  },
  {
    method: 'GET',
    path: STATS_SETTINGS_PATHS.columns,
    summary: 'The default columns of reports and lists',
    tag: SETTINGS,
    access: 'user',
    response: defaultColumnsSchema,
  },
  {
    method: 'PUT',
    path: STATS_SETTINGS_PATHS.columns,
    summary: 'Change the default columns',
    tag: SETTINGS,
    access: 'admin',
    body: defaultColumnsSchema,
    response: defaultColumnsSchema,
  },
  {
    method: 'GET',
    path: URL_CUSTOMIZATION_PATH,
    summary: "The public endpoints' paths and the fallback URL",
    tag: SETTINGS,
    access: 'user',
    response: urlCustomizationSchema,
  },
  {
    method: 'PUT',
    path: URL_CUSTOMIZATION_PATH,
    summary: "Change the public endpoints' paths and the fallback URL",
    tag: SETTINGS,
    access: 'admin',
    body: urlCustomizationSchema,
    response: urlCustomizationSchema,
  },
  {
    method: 'GET',
    path: RETENTION_PATHS.settings,
    summary: 'Automatic clearing of old statistics',
    tag: SETTINGS,
    access: 'admin',
    response: retentionSettingsSchema,
  },
  {
    method: 'PUT',
    path: RETENTION_PATHS.settings,
    summary: 'Change the automatic clearing',
    tag: SETTINGS,
    access: 'admin',
    body: retentionSettingsSchema,
    response: retentionSettingsSchema,
  },
  {
    method: 'POST',
    path: RETENTION_PATHS.preview,
    summary: 'What a clear would remove, counted',
    tag: SETTINGS,
    access: 'admin',
    body: clearRequestSchema,
    response: clearSummarySchema,
  },
  {
    method: 'POST',
    path: RETENTION_PATHS.clear,
    summary: 'Clear statistics before a day now',
    tag: SETTINGS,
    access: 'admin',
    body: clearRequestSchema,
    response: clearSummarySchema,
    errors: { 409: 'A clear is running already' },
  },
  // Tracking
  {
    method: 'POST',
    path: TRACKING_API_PATHS.testClick,
    summary: 'Route a test click like a real one, without recording it',
    tag: TRACKING,
    access: 'admin',
    body: testClickRequestSchema,
    response: testClickResponseSchema,
  },
  {
    method: 'GET',
    path: TRACKING_API_PATHS.monitor,
    summary: "This node's click engine, journal and the installation's nodes",
    tag: TRACKING,
    access: 'admin',
    response: monitorResponseSchema,
  },
  {
    method: 'POST',
    path: TRACKING_API_PATHS.seed,
    summary: 'Fill the statistics with generated clicks (for trying things out)',
    tag: TRACKING,
    access: 'admin',
    body: seedRequestSchema,
    response: seedResponseSchema,
  },
  {
    method: 'GET',
    path: TRACKING_API_PATHS.trackingLinks,
    summary: 'The click, postback and pixel URLs per tracking domain',
    tag: TRACKING,
    access: 'user',
    response: trackingLinksResponseSchema,
  },
  {
    method: 'GET',
    path: TRACKING_API_PATHS.offerCaps,
    summary: "Today's clicks and conversions of every offer with a daily cap, and whether the cap is reached",
    description:
      "Today is since midnight in the tracker's zone; counts are every node's. A capped offer's clicks go to its fallback offer, else to its path's other offers.",
    tag: TRACKING,
    access: 'user',
    response: offerCapsResponseSchema,
  },
];
