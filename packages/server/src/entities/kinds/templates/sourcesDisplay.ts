import type { TrafficSourceTemplate } from '@cairn/contract';
import { ASK_FOR_POSTBACK, sourceTemplate, tokens } from './define.ts';

// Display DSPs and smaller push, native and email platforms; same rules: only the macros their `docs` page
// lists. DSPs fill macros at impression time and pass no click id of their own, so most have no postback.
// Quantcast, Adobe and Pontiac write their macros as ${NAME}.
const dollar = (name: string): string => `$\{${name}}`;

const NO_CLICK_ID =
  'This platform passes no click id to send conversions back with; count conversions with its own pixel.';

export const DISPLAY_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  sourceTemplate({
    id: 'adprofex',
    website: 'https://adprofex.com',
    categories: ['push', 'pop', 'native'],
    docs: 'https://intercom.help/adprofex/en/articles/8480900-postback-integration-keitaro',
    values: {
      name: 'AdProfex',
      externalId: { parameter: 'click_id', placeholder: '[CLICK_ID]' },
      notes: `AdProfex makes the postback URL per event under Events. ${ASK_FOR_POSTBACK}`,
    },
  }),
  sourceTemplate({
    id: 'sitescout',
    website: 'https://www.sitescout.com',
    categories: ['display'],
    docs: 'https://support.sitescout.com/hc/en-us/articles/219245687-Tracking-Macros',
    values: {
      name: 'SiteScout',
      tokens: tokens(
        ['campaign_id', '{campaignId}', 'Campaign'],
        ['campaign_name', '{campaignName}', 'Campaign name'],
        ['group_id', '{campaignGroupId}', 'Campaign group'],
        ['ad_id', '{adId}', 'Ad'],
        ['domain', '{domain}', 'Domain'],
        ['dimensions', '{dimensions}', 'Ad size'],
        ['device', '{device}', 'Device'],
        ['carrier', '{carrier}', 'Carrier'],
      ),
      notes: NO_CLICK_ID,
    },
  }),
  sourceTemplate({
    id: 'quantcast',
    website: 'https://www.quantcast.com',
    categories: ['display'],
    docs: 'https://help.quantcast.com/hc/en-us/articles/360062948253-Creative-Macros',
    values: {
      name: 'Quantcast',
      tokens: tokens(
        ['account_id', dollar('ACCOUNT_ID'), 'Account'],
        ['campaign_id', dollar('CAMPAIGN_ID'), 'Campaign'],
        ['adset_id', dollar('ADSET_ID'), 'Ad set'],
        ['creative_id', dollar('CREATIVE_ID'), 'Creative'],
        ['domain', dollar('DOMAIN'), 'Domain'],
        ['bundle_id', dollar('BUNDLE_ID'), 'App bundle'],
      ),
      notes: NO_CLICK_ID,
    },
  }),
  sourceTemplate({
    id: 'applovin-axon',
    website: 'https://www.axon.ai',
    categories: ['display'],
    docs: 'https://support.axon.ai/en/growth/promoting-your-websites/tracking/tracking-url-macros',
    values: {
      name: 'AppLovin Axon',
      tokens: tokens(
        ['campaign_id', '{CAMPAIGN_ID}', 'Campaign'],
        ['campaign_name', '{CAMPAIGN_NAME}', 'Campaign name'],
        ['creative_set_id', '{CREATIVE_SET_ID}', 'Creative set'],
        ['creative_set', '{CREATIVE_SET}', 'Creative set name'],
        ['ad_type', '{AD_TYPE}', 'Ad type'],
        ['ad_size', '{AD_SIZE}', 'Ad size'],
        ['event_id', '{EVENT_ID}', 'Ad request'],
      ),
      notes: NO_CLICK_ID,
    },
  }),
  sourceTemplate({
    id: 'adobe-advertising-dsp',
    website: 'https://business.adobe.com/products/advertising.html',
    categories: ['display'],
    docs: 'https://experienceleague.adobe.com/en/docs/advertising/creative/creative-macros',
    values: {
      name: 'Adobe Advertising DSP',
      tokens: tokens(
        ['campaign_id', dollar('TM_CAMPAIGN_ID_NUM'), 'Campaign'],
        ['site_id', dollar('TM_SITE_ID_NUM'), 'Site'],
        ['placement_id', dollar('TM_PLACEMENT_ID_NUM'), 'Placement'],
        ['ad_id', dollar('TM_AD_ID_NUM'), 'Ad'],
        ['creative_id', dollar('TM_CREATIVE_ID_NUM'), 'Creative'],
        ['session_id', dollar('TM_SESSION_ID'), 'Impression'],
      ),
      notes: NO_CLICK_ID,
    },
  }),
  sourceTemplate({
    id: 'pontiac',
    website: 'https://pontiac.media',
    categories: ['display'],
    docs: 'https://wiki.pontiac.media/?docs=new-test-section%2Fcreative-macros-2%2Fmacros-for-all-impressions',
    values: {
      name: 'Pontiac',
      tokens: tokens(
        ['advertiser_id', dollar('ADV_ID'), 'Advertiser'],
        ['campaign_id', dollar('CP_ID'), 'Campaign'],
        ['line_item_id', dollar('CPG_ID'), 'Line item'],
        ['creative_id', dollar('CREATIVE_ID'), 'Creative'],
        ['creative_size', dollar('CREATIVE_SIZE'), 'Creative size'],
        ['auction_id', dollar('AUCTION_ID'), 'Auction'],
      ),
      notes: NO_CLICK_ID,
    },
  }),
  sourceTemplate({
    id: 'passendo',
    website: 'https://passendo.com',
    categories: ['native', 'display'],
    docs: 'https://site.passendo.com/macros',
    values: {
      name: 'Passendo',
      // @trackingid@ is the id Passendo's server-to-server conversion tracking takes back.
      externalId: { parameter: 'tracking_id', placeholder: '@trackingid@' },
      tokens: tokens(
        ['publisher_id', '@pubid@', 'Publisher'],
        ['media_id', '@mediaid@', 'Newsletter or page'],
        ['offer_id', '@offerid@', 'Campaign'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'contimo',
    website: 'https://contimo.app',
    categories: ['native'],
    docs: 'https://docs.contimo.app/platform-usage/macro',
    values: {
      name: 'Contimo',
      externalId: { parameter: 'contimo_click_id', placeholder: '[[contimoClickId]]' },
      tokens: tokens(['site_id', '[[site.id]]', 'Site'], ['site_name', '[[site.name]]', 'Site name']),
      notes: ASK_FOR_POSTBACK,
    },
  }),
];
