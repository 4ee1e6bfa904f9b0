import {
  entityPath,
  type TrafficSourceTemplate,
  type TrafficSourceTemplatesResponse,
  trafficSourceFieldsSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { KindRouteEnv } from '../routeContext.ts';

const templateValuesSchema = trafficSourceFieldsSchema.omit({ templateId: true });
type TemplateValues = z.input<typeof templateValuesSchema>;

const ASK_FOR_POSTBACK =
  "Paste the source's S2S postback URL from your account there, with {externalid} where the click id goes " +
  'and {payout} where the payout goes.';

function template(id: string, website: string, values: TemplateValues): TrafficSourceTemplate {
  // Parsing at load time fills the defaults and proves every template is a valid traffic source.
  return { id, name: values.name, website, values: templateValuesSchema.parse(values) };
}

// PropellerAds writes its macros as ${NAME}.
const propeller = (name: string): string => `$\{${name}}`;

const tokens = (...list: [parameter: string, placeholder: string, name: string][]) =>
  list.map(([parameter, placeholder, name]) => ({ parameter, placeholder, name }));

// Starting points only: placeholders are each source's documented macros; account-specific parts of the
// postback URLs are written in capitals (YOUR_...) for the buyer to replace.
export const TRAFFIC_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  template('propellerads', 'https://propellerads.com', {
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
  }),
  template('exoclick', 'https://www.exoclick.com', {
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
  }),
  template('trafficjunky', 'https://www.trafficjunky.com', {
    name: 'TrafficJunky',
    externalId: { parameter: 'aclid', placeholder: '{ACLID}' },
    tokens: tokens(
      ['spot_id', '{SpotID}', 'Spot'],
      ['site_id', '{SiteID}', 'Site'],
      ['campaign_id', '{CampaignID}', 'Campaign'],
      ['banner_id', '{BannerID}', 'Banner'],
      ['country', '{Country}', 'Country'],
    ),
    postbackUrl:
      'https://ads.trafficjunky.net/ct?a=YOUR_ID&member_id=YOUR_MEMBER_ID&cb={unixtime}&cti={externalid}&ctv={payout}&ctd=conversion',
  }),
  template('zeropark', 'https://zeropark.com', {
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
  }),
  template('richads', 'https://richads.com', {
    name: 'RichAds',
    externalId: { parameter: 'clickid', placeholder: '[CLICK_ID]' },
    cost: { parameter: 'cost', placeholder: '[CPC]' },
    tokens: tokens(
      ['publisher', '[PUBLISHER_ID]', 'Publisher'],
      ['site', '[SITE_ID]', 'Site'],
      ['campaign', '[CAMPAIGN_ID]', 'Campaign'],
      ['creative', '[CREATIVE_ID]', 'Creative'],
      ['country', '[COUNTRY]', 'Country'],
    ),
    notes: ASK_FOR_POSTBACK,
  }),
  template('taboola', 'https://www.taboola.com', {
    name: 'Taboola',
    externalId: { parameter: 'click_id', placeholder: '{click_id}' },
    cost: { parameter: 'cpc', placeholder: '{cpc}' },
    tokens: tokens(
      ['site', '{site}', 'Site'],
      ['site_id', '{site_id}', 'Site id'],
      ['campaign_id', '{campaign_id}', 'Campaign'],
      ['campaign_item_id', '{campaign_item_id}', 'Item'],
      ['title', '{title}', 'Title'],
      ['platform', '{platform}', 'Platform'],
    ),
    postbackUrl:
      'https://trc.taboola.com/actions-handler/log/3/s2s-action?click-id={externalid}&name=YOUR_EVENT&revenue={payout}',
  }),
  template('outbrain', 'https://www.outbrain.com', {
    name: 'Outbrain',
    externalId: { parameter: 'ob_click_id', placeholder: '{{ob_click_id}}' },
    tokens: tokens(
      ['section_id', '{{section_id}}', 'Section'],
      ['publisher', '{{publisher_name}}', 'Publisher'],
      ['ad_id', '{{ad_id}}', 'Ad'],
      ['campaign_id', '{{campaign_id}}', 'Campaign'],
    ),
    postbackUrl: 'https://tr.outbrain.com/pixel?ob_click_id={externalid}&name=YOUR_CONVERSION_NAME',
  }),
  template('mgid', 'https://www.mgid.com', {
    name: 'MGID',
    externalId: { parameter: 'click_id', placeholder: '{click_id}' },
    cost: { parameter: 'cpc', placeholder: '{cpc}' },
    tokens: tokens(
      ['widget_id', '{widget_id}', 'Widget'],
      ['teaser_id', '{teaser_id}', 'Teaser'],
      ['campaign_id', '{campaign_id}', 'Campaign'],
      ['category_id', '{category_id}', 'Category'],
      ['geo_region', '{geo_region}', 'Region'],
    ),
    postbackUrl: 'https://a.mgid.com/postback?c={externalid}&e=YOUR_EVENT&r={payout}',
  }),
  template('facebook', 'https://www.facebook.com/business/ads', {
    name: 'Facebook',
    externalId: { parameter: 'fbclid', placeholder: '' },
    tokens: tokens(
      ['campaign_id', '{{campaign.id}}', 'Campaign'],
      ['adset_id', '{{adset.id}}', 'Ad set'],
      ['ad_id', '{{ad.id}}', 'Ad'],
      ['placement', '{{placement}}', 'Placement'],
      ['site_source', '{{site_source_name}}', 'Site source'],
      ['campaign_name', '{{campaign.name}}', 'Campaign name'],
      ['adset_name', '{{adset.name}}', 'Ad set name'],
      ['ad_name', '{{ad.name}}', 'Ad name'],
    ),
    postbackMode: 'approved',
    notes: 'Facebook adds fbclid itself. Conversions go back through the Conversions API, not an S2S URL.',
  }),
  template('google-ads', 'https://ads.google.com', {
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
  }),
  template('microsoft-ads', 'https://ads.microsoft.com', {
    name: 'Microsoft Advertising',
    externalId: { parameter: 'msclkid', placeholder: '' },
    tokens: tokens(
      ['campaign_id', '{CampaignId}', 'Campaign'],
      ['adgroup_id', '{AdGroupId}', 'Ad group'],
      ['keyword', '{keyword}', 'Keyword'],
      ['matchtype', '{MatchType}', 'Match type'],
      ['network', '{Network}', 'Network'],
      ['device', '{Device}', 'Device'],
    ),
    postbackMode: 'approved',
    notes:
      'Microsoft adds msclkid itself with auto-tagging; import conversions by msclkid (offline conversions).',
  }),
  template('tiktok', 'https://ads.tiktok.com', {
    name: 'TikTok',
    externalId: { parameter: 'callback', placeholder: '__CALLBACK_PARAM__' },
    tokens: tokens(
      ['campaign_id', '__CAMPAIGN_ID__', 'Campaign'],
      ['adgroup_id', '__AID__', 'Ad group'],
      ['ad_id', '__CID__', 'Ad'],
      ['placement', '__PLACEMENT__', 'Placement'],
      ['campaign_name', '__CAMPAIGN_NAME__', 'Campaign name'],
    ),
    postbackMode: 'approved',
    notes: 'Conversions go back through the TikTok Events API with the callback value.',
  }),
];

export function registerTrafficSourceTemplates(app: FastifyInstance, { context }: KindRouteEnv): void {
  const { authorized } = context;
  app.get(entityPath.trafficSourceTemplates, async (request): Promise<TrafficSourceTemplatesResponse> => {
    await authorized(request, 'traffic_source', 'read');
    return { templates: [...TRAFFIC_SOURCE_TEMPLATES] };
  });
}
