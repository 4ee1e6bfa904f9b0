import type { TrafficSourceTemplate } from '@cairn/contract';
import { ASK_FOR_POSTBACK, sourceTemplate, tokens } from './define.ts';

// Clickadu writes its click id macro as ${SUBID}.
const dollar = (name: string): string => `$\{${name}}`;

// Push, pop and native networks and social platforms beyond sources.ts and sourcesMore.ts; same rules: only
// macros their `docs` page shows, and account-specific parts of postback URLs in capitals (YOUR_...).
export const PUSH_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  sourceTemplate({
    id: 'onclicka',
    website: 'https://onclicka.com',
    categories: ['push', 'pop'],
    docs: 'https://validvisit.com/tools/tracking-tokens/onclicka',
    values: {
      name: 'OnClickA',
      externalId: { parameter: 'clickid', placeholder: '[CLICK_ID]' },
      tokens: tokens(
        ['campaign_id', '[CAMPAIGN_ID]', 'Campaign'],
        ['domain', '[DOMAIN]', 'Source domain'],
        ['ad_id', '[WEB_PUSH_ID]', 'Ad'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'kadam',
    website: 'https://kadam.net',
    categories: ['native', 'push', 'pop'],
    docs: 'https://wiki.kadam.net/index.php?title=Macro_setup',
    values: {
      name: 'Kadam',
      // [CPA] is the click id Kadam expects back in its postback.
      externalId: { parameter: 'cpa', placeholder: '[CPA]' },
      cost: { parameter: 'cost', placeholder: '[CLC]' },
      tokens: tokens(
        ['site_id', '[SID]', 'Site'],
        ['ad_id', '[ID]', 'Ad'],
        ['campaign_id', '[CID]', 'Campaign'],
        ['region_id', '[RID]', 'Region'],
        ['category_id', '[CATID]', 'Site category'],
        ['keyword', '[TGTXT]', 'Keyword'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'pinterest',
    website: 'https://ads.pinterest.com',
    categories: ['social'],
    docs: 'https://support.smartly.io/hc/en-us/articles/360020911974-Tracking-macros-in-Pinterest',
    values: {
      name: 'Pinterest',
      tokens: tokens(
        ['campaign_id', '{campaignid}', 'Campaign'],
        ['campaign_name', '{campaign_name}', 'Campaign name'],
        ['adgroup_id', '{adgroupid}', 'Ad group'],
        ['adgroup_name', '{adgroupname}', 'Ad group name'],
        ['ad_id', '{adid}', 'Pin promotion'],
        ['device', '{device}', 'Device'],
      ),
      postbackMode: 'approved',
      notes:
        'Pinterest has no S2S postback URL; conversions go back through its Conversions API. The macros are ' +
        "Pinterest's dynamic tracking parameters (https://help.pinterest.com/en/business/article/third-party-and-dynamic-tracking).",
    },
  }),
  sourceTemplate({
    id: 'adcash',
    website: 'https://adcash.com',
    categories: ['pop', 'push', 'display', 'native'],
    docs: 'https://support.adcash.com/en/articles/54-event-tracking',
    values: {
      name: 'Adcash',
      externalId: { parameter: 'clickid', placeholder: '[clickid]' },
      tokens: tokens(['zone', '[zone]', 'Zone'], ['lang', '[lang]', 'Language']),
      notes:
        "Adcash's Global Postback URL (S2S) is made per goal under Tracking > Goals and needs type, advertiser, " +
        `id and cid. ${ASK_FOR_POSTBACK}`,
    },
  }),
  sourceTemplate({
    id: 'clickadu',
    website: 'https://www.clickadu.com',
    categories: ['pop', 'push', 'display'],
    docs: 'https://kintura.com/docs/presets/pairings/clickadu/clickbooth',
    values: {
      name: 'Clickadu',
      externalId: { parameter: 'subid', placeholder: dollar('SUBID') },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(['campaign_id', '{campaignid}', 'Campaign'], ['zone_id', '{zoneid}', 'Zone']),
      // The path segment is the account's own id from Clickadu's tracking settings.
      postbackUrl: 'http://sconvtrk.com/conversion/YOUR_ID/?visitor_id={externalid}',
    },
  }),
  sourceTemplate({
    id: 'advertizer',
    website: 'https://advertizer.com',
    categories: ['push', 'pop', 'native'],
    docs: 'https://kintura.com/docs/presets/pairings/advertizer/trafficcompany',
    values: {
      name: 'Advertizer',
      externalId: { parameter: 'subid', placeholder: '[[subid]]' },
      cost: { parameter: 'cost', placeholder: '[[click_cost]]' },
      tokens: tokens(['partner_id', '[[partner_id]]', 'Partner'], ['placement_id', '[[pid]]', 'Placement']),
      postbackUrl:
        'http://postback.advertizer.com/pb.php?clickid={externalid}&amount={payout}&advertiser_id=YOUR_ADVERTISER_ID&key=YOUR_KEY',
    },
  }),
  sourceTemplate({
    id: 'traffic-force',
    website: 'https://www.trafficforce.com',
    categories: ['adult', 'display', 'pop', 'native'],
    docs: 'https://kintura.com/docs/presets/pairings/traffic-force/clickbooth',
    values: {
      name: 'Traffic Force',
      externalId: { parameter: 'click_id', placeholder: '{CLICK_ID}' },
      tokens: tokens(
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['ad_id', '{ad_id}', 'Ad'],
        ['site_id', '{site_id}', 'Site'],
        ['channel_id', '{channel_id}', 'Channel'],
        ['country', '{v_country}', 'Country'],
        ['browser', '{v_browser}', 'Browser'],
        ['os', '{v_os}', 'OS'],
        ['group_id', '{group_id}', 'Group'],
        ['keywords', '{keywords}', 'Keywords'],
      ),
      postbackUrl: 'http://delivery.trafficforce.com/conv.php?click_id={externalid}',
    },
  }),
  sourceTemplate({
    id: 'traffic-factory',
    website: 'https://www.trafficfactory.com',
    categories: ['adult', 'display', 'pop'],
    docs: 'https://kintura.com/docs/presets/pairings/traffic-factory/m4trix',
    values: {
      name: 'Traffic Factory',
      externalId: { parameter: 'conversions_tracking', placeholder: '{conversions_tracking}' },
      cost: { parameter: 'cost', placeholder: '{target.bid}' },
      tokens: tokens(
        ['campaign_id', '{campaign.id}', 'Campaign'],
        ['banner_id', '{banner.id}', 'Banner'],
        ['categories', '{categories}', 'Categories'],
        ['country', '{user.country}', 'Country'],
        ['browser', '{user.browser}', 'Browser'],
        ['os', '{user.os}', 'OS'],
        ['banner_name', '{banner.name}', 'Banner name'],
        ['banner_size', '{banner.size}', 'Banner size'],
        ['target', '{target.name}', 'Target'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'ad-maven',
    website: 'https://ad-maven.com',
    categories: ['pop', 'push'],
    docs: 'https://kintura.com/docs/presets/pairings/ad-maven/m4trix',
    values: {
      name: 'Ad Maven',
      externalId: { parameter: 'conversion', placeholder: '{conversion}' },
      cost: { parameter: 'bid', placeholder: '{bid}' },
      tokens: tokens(
        ['subid', '{subid}', 'Publisher sub id'],
        ['pubfeed', '{pubfeed}', 'Publisher feed'],
        ['creative', '{banner}', 'Creative'],
        ['keyword', '{keyword}', 'Keyword'],
        ['site_id', '{site_id}', 'Site'],
        ['campaign', '{campaign}', 'Campaign'],
      ),
      postbackUrl: 'https://xml.ad-maven.com/conversion?c={externalid}&count=1&value={payout}',
    },
  }),
  sourceTemplate({
    id: 'big-hog',
    website: 'https://bighog.com',
    categories: ['pop'],
    docs: 'https://kintura.com/docs/presets/pairings/big-hog/clickpromise',
    values: {
      name: 'Big Hog',
      externalId: { parameter: 'conversion', placeholder: '{conversion}' },
      cost: { parameter: 'bid', placeholder: '{bid}' },
      tokens: tokens(
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['slammer_id', '{slammer_id}', 'Slammer'],
        ['cell_id', '{cell_id}', 'Cell'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'content-ad',
    website: 'https://www.content.ad',
    categories: ['native'],
    docs: 'https://kintura.com/docs/presets/pairings/content.ad/linktrust',
    values: {
      name: 'Content.ad',
      tokens: tokens(
        ['domain_id', '[did]', 'Domain'],
        ['ad_id', '[adid]', 'Ad'],
        ['campaign_id', '[cid]', 'Campaign'],
      ),
      notes: 'Content.ad passes no click id to send conversions back with.',
    },
  }),
  sourceTemplate({
    id: 'decisive',
    website: 'https://decisive.io',
    categories: ['display', 'native'],
    docs: 'https://kintura.com/docs/presets/pairings/decisive/terraleads',
    values: {
      name: 'Decisive',
      externalId: { parameter: 'bidhash', placeholder: '{{{bidhash}}}' },
      tokens: tokens(
        ['ad_id', '{{{ad_id}}}', 'Ad'],
        ['placement', '{{{placement}}}', 'Placement'],
        ['creative_id', '{{{creative_id}}}', 'Creative'],
        ['subcategory', '{{{subcategory}}}', 'Subcategory'],
        ['ad_name', '{{{ad_name}}}', 'Ad name'],
        ['category', '{{{category}}}', 'Category'],
        ['country', '{{{country}}}', 'Country'],
        ['device', '{{{device}}}', 'Device'],
        ['os', '{{{os}}}', 'OS'],
        ['carrier', '{{{carrier}}}', 'Carrier'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'pushground',
    website: 'https://www.pushground.com',
    categories: ['push', 'native'],
    docs: 'https://help.pushground.com/en/articles/3943451-what-are-macros',
    values: {
      name: 'Pushground',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      tokens: tokens(['country', '{country}', 'Country']),
      notes: `Pushground lists its other macros in the campaign form. ${ASK_FOR_POSTBACK}`,
    },
  }),
  sourceTemplate({
    id: 'mobidea-push',
    website: 'https://www.mobidea.com',
    categories: ['push'],
    docs: 'https://intercom.help/mobidea-2683260c4d01/en/articles/3951352-what-are-macros-how-to-use-them',
    values: {
      name: 'Mobidea Push',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      tokens: tokens(['site_id', '{site_id}', 'Sub source'], ['country', '{country}', 'Country']),
      notes: `Mobidea Push lists its other macros in the campaign form. ${ASK_FOR_POSTBACK}`,
    },
  }),
  sourceTemplate({
    id: 'adskeeper',
    website: 'https://www.adskeeper.com',
    categories: ['native'],
    docs: 'https://help.adskeeper.com/postback-setup-in-adspace-adskeeper',
    values: {
      name: 'Adskeeper',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      notes:
        'Adskeeper makes the postback URL per campaign (Conversion Tracking > Postback), one goal per "e" value. ' +
        ASK_FOR_POSTBACK,
    },
  }),
];
