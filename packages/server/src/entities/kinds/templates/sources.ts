import type { TrafficSourceTemplate } from '@cairn/contract';
import { ASK_FOR_POSTBACK, sourceTemplate, tokens } from './define.ts';

// PropellerAds and MediaGo write their macros as ${NAME}.
const dollar = (name: string): string => `$\{${name}}`;
const propeller = dollar;

// Starting points only: placeholders are each source's documented macros, and `docs` is the page they were
// taken from; account-specific parts of postback URLs are in capitals (YOUR_...) for the buyer to replace.
export const CORE_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  sourceTemplate({
    id: 'propellerads',
    website: 'https://propellerads.com',
    categories: ['push', 'pop'],
    docs: 'https://coldfusion-example.blogspot.com/2026/02/propellerads-s2s-postback-guide-fixing.html',
    values: {
      name: 'PropellerAds',
      externalId: { parameter: 'subid', placeholder: propeller('SUBID') },
      cost: { parameter: 'cost', placeholder: propeller('COST') },
      tokens: tokens(
        ['zoneid', propeller('ZONEID'), 'Zone'],
        ['campaignid', propeller('CAMPAIGNID'), 'Campaign'],
        ['bannerid', propeller('BANNERID'), 'Creative'],
        ['geo', propeller('GEO'), 'Country'],
        ['os', propeller('OS'), 'OS'],
        ['browser', propeller('BROWSER'), 'Browser'],
      ),
      postbackUrl:
        'http://ad.propellerads.com/conversion.php?aid=YOUR_AID&pid=&tid=YOUR_TID&visitor_id={externalid}&payout={payout}',
    },
  }),
  sourceTemplate({
    id: 'exoclick',
    website: 'https://www.exoclick.com',
    categories: ['adult', 'pop', 'native', 'display', 'push'],
    docs: 'https://docs.binom.org/conv-to-source.php',
    values: {
      name: 'ExoClick',
      externalId: { parameter: 'conversions_tracking', placeholder: '{conversions_tracking}' },
      tokens: tokens(
        ['src_hostname', '{src_hostname}', 'Site'],
        ['site_id', '{site_id}', 'Site id'],
        ['zone_id', '{zone_id}', 'Zone'],
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['variation_id', '{variation_id}', 'Variation'],
        ['country', '{country}', 'Country'],
        ['os', '{os}', 'OS'],
        ['browser', '{browser}', 'Browser'],
      ),
      postbackUrl: 'http://s.magsrv.com/tag.php?goal=YOUR_GOAL_ID&tag={externalid}&value={payout}',
    },
  }),
  sourceTemplate({
    id: 'trafficstars',
    website: 'https://trafficstars.com',
    categories: ['adult', 'pop', 'native', 'display', 'push'],
    docs: 'https://support.trafficstars.com/advertising/tracking/what-are-the-available-dynamic-parameters',
    values: {
      name: 'TrafficStars',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['creative_id', '{creative_id}', 'Creative'],
        ['site_id', '{site_id}', 'Site'],
        ['adspot_id', '{adspot_id}', 'Ad spot'],
        ['geo', '{geo}', 'Country'],
        ['os', '{os}', 'OS'],
        ['browser', '{browser}', 'Browser'],
        ['device_type', '{device_type}', 'Device type'],
        ['format', '{format}', 'Format'],
        ['category', '{category}', 'Category'],
      ),
      // The key is the account's own, from Tracking Tools (https://trafficstars.com/faq/articles/how-to-set-up-tracking-conversions).
      postbackUrl:
        'https://tsyndicate.com/api/v1/cpa/action?clickid={externalid}&value={payout}&key=YOUR_KEY',
    },
  }),
  sourceTemplate({
    id: 'clickadilla',
    website: 'https://clickadilla.com',
    categories: ['adult', 'display', 'native', 'pop'],
    docs: 'https://clickadilla.com/help/advertisers/postback-url-and-conversion-tracking-in-statistics',
    values: {
      name: 'ClickAdilla',
      externalId: { parameter: 'click_id', placeholder: '[CLICK_ID]' },
      tokens: tokens(['campaign_id', '[CAMPAIGN_ID]', 'Campaign']),
      postbackUrl:
        'https://tracking.clickadilla.com/in/postbacks/?token=YOUR_TOKEN&campaign_id={t1}&click_id={externalid}&payout={payout}',
    },
  }),
  sourceTemplate({
    id: 'zeropark',
    website: 'https://zeropark.com',
    categories: ['pop', 'push', 'search'],
    docs: 'https://doc.zeropark.com/en/glossary.html',
    values: {
      name: 'Zeropark',
      externalId: { parameter: 'cid', placeholder: '{cid}' },
      cost: { parameter: 'cost', placeholder: '{visit_cost}' },
      tokens: tokens(
        ['target', '{target}', 'Target'],
        ['keyword', '{keyword}', 'Keyword'],
        ['match', '{match}', 'Match'],
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['geo', '{geo}', 'Country'],
        ['traffic_type', '{traffic_type}', 'Traffic type'],
        ['source', '{source}', 'Source'],
      ),
      postbackUrl: 'http://postback.zeroredirect1.com/zppostback/YOUR_ID?cid={externalid}&payout={payout}',
    },
  }),
  sourceTemplate({
    id: 'ezmob',
    website: 'https://www.ezmob.com',
    categories: ['pop', 'push', 'display'],
    docs: 'https://helpdesk.ezmob.com/en/article/tracking-tokens-and-parameters-explained-r5m1yu/',
    values: {
      name: 'EZmob',
      externalId: { parameter: 'subid', placeholder: '{subid}' },
      cost: { parameter: 'bid', placeholder: '{bid}' },
      tokens: tokens(
        ['campaign', '{campaign}', 'Campaign'],
        ['banner', '{banner}', 'Creative'],
        ['publisher', '{publisher}', 'Publisher'],
        ['pubfeed', '{pubfeed}', 'Publisher feed'],
        ['keyword', '{keyword}', 'Keyword'],
        ['source', '{source}', 'Source'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'ppcmate',
    website: 'https://ppcmate.com',
    categories: ['push', 'pop', 'native'],
    docs: 'https://ppcmate.zendesk.com/hc/en-us/articles/360000690133-How-to-create-a-Postback-URL',
    values: {
      name: 'PPCmate',
      externalId: { parameter: 'clickid', placeholder: '[CLICK_ID]' },
      postbackUrl: 'http://rtb.adx1.com/log?action=conversion&key={externalid}&price={payout}',
    },
  }),
  sourceTemplate({
    id: 'adxad',
    website: 'https://www.adxad.com',
    categories: ['push', 'native', 'pop', 'display'],
    docs: 'https://www.adxad.com/ja/conversions-import-service',
    values: {
      name: 'ADxAD',
      externalId: { parameter: 'clickid', placeholder: '{clickId}' },
      postbackUrl: 'http://conv.adxadserv.com/?clickid={externalid}&payout={payout}&type=goal1',
      notes: 'type is goal1, goal2 or goal3: one per conversion kind you report.',
    },
  }),
  sourceTemplate({
    id: 'smartyads',
    website: 'https://smartyads.com',
    categories: ['display', 'native', 'push'],
    docs: 'https://dsp-doc.smartyads.com/1.1/campaigns/tracking',
    values: {
      name: 'SmartyAds DSP',
      externalId: { parameter: 'clickid', placeholder: '[CLICK_ID]' },
      postbackUrl: 'https://conversions.smartyads.com/postback?type=global&uid=YOUR_UID&clid={externalid}',
    },
  }),
  sourceTemplate({
    id: 'mgid',
    website: 'https://www.mgid.com',
    categories: ['native'],
    docs: 'https://help.mgid.com/macros.-setting-up-non-standard-markup-for-links-to-track-traffic',
    values: {
      name: 'MGID',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      cost: { parameter: 'cpc', placeholder: '{click_price}' },
      tokens: tokens(
        ['widget_id', '{widget_id}', 'Widget'],
        ['teaser_id', '{teaser_id}', 'Teaser'],
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['category_id', '{category_id}', 'Category'],
        ['geo_region', '{geo_region}', 'Region'],
        ['source', '{source}', 'Source'],
      ),
      // The event name is the goal created in the campaign (https://help.mgid.com/postback-setting-algorithm-in-mgid-dashboard/).
      postbackUrl: 'https://a.mgid.com/postback?c={externalid}&e=YOUR_EVENT&r={payout}',
    },
  }),
  sourceTemplate({
    id: 'mediago',
    website: 'https://www.mediago.io',
    categories: ['native'],
    docs: 'https://cdn.mediago.io/js/docs/platform/s2s-conversion-postback.html',
    values: {
      name: 'MediaGo',
      externalId: { parameter: 'trackingid', placeholder: dollar('TRACKING_ID') },
      tokens: tokens(['adid', dollar('AD_ID'), 'Ad']),
      postbackUrl:
        'https://sync.mediago.io/api/bidder/postback?trackingid={externalid}&adid={t1}&conversiontype=1&conversionprice={payout}&includeintotalconversion=1&accountname=YOUR_ACCOUNT',
    },
  }),
  sourceTemplate({
    id: 'google-ads',
    website: 'https://ads.google.com',
    categories: ['search', 'display'],
    docs: 'https://developers.google.com/google-ads/api/performance-max/valuetrack',
    values: {
      name: 'Google Ads',
      externalId: { parameter: 'gclid', placeholder: '' },
      tokens: tokens(
        ['campaignid', '{campaignid}', 'Campaign'],
        ['adgroupid', '{adgroupid}', 'Ad group'],
        ['keyword', '{keyword}', 'Keyword'],
        ['matchtype', '{matchtype}', 'Match type'],
        ['network', '{network}', 'Network'],
        ['device', '{device}', 'Device'],
        ['creative', '{creative}', 'Creative'],
        ['placement', '{placement}', 'Placement'],
      ),
      postbackMode: 'approved',
      notes: 'Google adds gclid itself with auto-tagging; upload conversions by gclid (offline conversions).',
    },
  }),
  sourceTemplate({
    id: 'microsoft-ads',
    website: 'https://ads.microsoft.com',
    categories: ['search'],
    docs: 'https://experienceleague.adobe.com/en/docs/advertising/search-social-commerce/tracking/click-tracking/click-tracking-components/click-tracking-formats/formats-click-tracking-microsoft',
    values: {
      name: 'Microsoft Advertising',
      externalId: { parameter: 'msclkid', placeholder: '{msclkid}' },
      tokens: tokens(
        ['campaign_id', '{CampaignId}', 'Campaign'],
        ['adgroup_id', '{AdGroupId}', 'Ad group'],
        ['ad_id', '{AdId}', 'Ad'],
        ['keyword', '{keyword}', 'Keyword'],
        ['matchtype', '{MatchType}', 'Match type'],
        ['device', '{device}', 'Device'],
      ),
      postbackMode: 'approved',
      notes:
        'Microsoft adds msclkid itself with auto-tagging; import conversions by msclkid (offline conversions).',
    },
  }),
  sourceTemplate({
    id: 'facebook',
    website: 'https://www.facebook.com/business/ads',
    categories: ['social'],
    docs: 'https://doc.eulerian.com/p/O8AeUNCcprPL2E/Understanding-how-end-to-end-dynamic-trafficking-works',
    values: {
      name: 'Facebook',
      externalId: { parameter: 'fbclid', placeholder: '' },
      tokens: tokens(
        ['campaign_id', '{{campaign.id}}', 'Campaign'],
        ['adset_id', '{{adset.id}}', 'Ad set'],
        ['ad_id', '{{ad.id}}', 'Ad'],
        ['site_source', '{{site_source_name}}', 'Site source'],
      ),
      postbackMode: 'approved',
      notes: 'Facebook adds fbclid itself. Conversions go back through the Conversions API, not an S2S URL.',
    },
  }),
];
