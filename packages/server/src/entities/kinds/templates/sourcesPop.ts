import type { TrafficSourceTemplate } from '@cairn/contract';
import { sourceTemplate, tokens } from './define.ts';

// Pop, push and adult networks whose own macro pages are behind their sign-in. Their tokens and postback
// formats are the ones Keitaro's built-in traffic-source templates use, read from the public copy of that list
// in Orbitra's repository (a tracker's integration, not the platform's page); account-specific parts of the
// postback URLs are in capitals (YOUR_...).
const KEITARO_SOURCES =
  'https://github.com/fenjo26/Orbitra.link/blob/d03673b5969d1d7c9c241cdaab2938fb967655e2/data/keitaro_traffic_sources.json';

const NO_POSTBACK =
  'The template shows no S2S postback URL for this source, so none is prefilled; paste one from your account ' +
  'if the source offers it, with {externalid} where the click id goes.';

export const POP_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  sourceTemplate({
    id: 'rollerads',
    website: 'https://rollerads.com',
    categories: ['push', 'pop'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'RollerAds',
      externalId: { parameter: 'clickid', placeholder: '{clickid}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(
        ['campaignid', '{campaignid}', 'Campaign'],
        ['creativeid', '{creativeid}', 'Creative'],
        ['source', '{accid}', 'Source'],
        ['zoneid', '{zoneid}', 'Zone'],
        ['device', '{device}', 'Device'],
        ['feedid', '{feedid}', 'Feed'],
        ['carrier', '{carrier}', 'Carrier'],
        ['agegroup', '{agegroup}', 'Subscriber age group'],
      ),
      postbackUrl:
        'https://trk.roller.ad/conversion/aid/YOUR_ACCOUNT_NUMBER/YOUR_TRACKING_KEY?click_id={externalid}',
    },
  }),
  sourceTemplate({
    id: 'hilltopads',
    website: 'https://hilltopads.com',
    categories: ['pop', 'push', 'display'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'HilltopAds',
      externalId: { parameter: 'ctoken', placeholder: '{{ctoken}}' },
      cost: { parameter: 'cost', placeholder: '{{price}}' },
      tokens: tokens(
        ['zoneid', '{{zoneid}}', 'Zone'],
        ['campaignid', '{{campaignid}}', 'Campaign'],
        ['adid', '{{adid}}', 'Ad'],
      ),
      postbackUrl:
        'https://postback.hilltopads.com/close/?token={externalid}&price={payout}&currency=YOUR_CURRENCY&advertiserId=YOUR_ADVERTISER_ID',
    },
  }),
  sourceTemplate({
    id: 'evadav',
    website: 'https://evadav.com',
    categories: ['push', 'native', 'pop'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'Evadav',
      externalId: { parameter: 'clickid', placeholder: '{CLICKID}' },
      cost: { parameter: 'cost', placeholder: '{CPC}' },
      tokens: tokens(
        ['campaign_id', '{CAMPAIGN_ID}', 'Campaign'],
        ['creative_id', '{CREATIVE_ID}', 'Creative'],
        ['source', '{SOURCE_ID}', 'Source'],
        ['country', '{COUNTRY}', 'Country'],
        ['browser', '{BROWSER}', 'Browser'],
      ),
      postbackUrl: 'https://evadav.com/phpb?click_id={externalid}&payout={payout}',
    },
  }),
  sourceTemplate({
    id: 'galaksion',
    website: 'https://galaksion.com',
    categories: ['pop', 'push'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'Galaksion',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(
        ['zoneid', '{zoneid}', 'Zone'],
        ['creative_id', '{creative_id}', 'Creative'],
        ['cid', '{cid}', 'Campaign'],
        ['geo', '{geo}', 'Country'],
      ),
      postbackUrl: 'https://postback.report/postback?cid=YOUR_CID&click_id={externalid}',
    },
  }),
  sourceTemplate({
    id: 'mondiad',
    website: 'https://mondiad.com',
    categories: ['push', 'native'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'Mondiad',
      externalId: { parameter: 'clickid', placeholder: '[clickid]' },
      cost: { parameter: 'cost', placeholder: '[bid]' },
      tokens: tokens(
        ['zoneid', '[zoneid]', 'Zone'],
        ['campaignid', '[campaignid]', 'Campaign'],
        ['creativeid', '[creativeid]', 'Creative'],
        ['subscriptionage', '[subscriptionage]', 'Subscription age'],
        ['adformat', '[adformat]', 'Ad format'],
      ),
      postbackUrl: 'https://postback.mondiad.com/track?uid=YOUR_UID&clickid={externalid}&payout={payout}',
    },
  }),
  sourceTemplate({
    id: 'popads',
    website: 'https://www.popads.net',
    categories: ['pop'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'PopAds',
      externalId: { parameter: 'impressionid', placeholder: '[IMPRESSIONID]' },
      cost: { parameter: 'cost', placeholder: '[BID]' },
      tokens: tokens(
        ['websiteid', '[WEBSITEID]', 'Website'],
        ['campaignid', '[CAMPAIGNID]', 'Campaign'],
        ['formfactorid', '[FORMFACTORID]', 'Form factor'],
        ['campaignname', '[CAMPAIGNNAME]', 'Campaign name'],
        ['categoryid', '[CATEGORYID]', 'Category'],
        ['categoryname', '[CATEGORYNAME]', 'Category name'],
        ['quality', '[QUALITY]', 'Quality'],
        ['screenresolution', '[SCREENRESOLUTION]', 'Screen resolution'],
      ),
      notes: NO_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'popcash',
    website: 'https://popcash.net',
    categories: ['pop'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'PopCash',
      cost: { parameter: 'cost', placeholder: '[bid]' },
      tokens: tokens(
        ['siteid', '[siteid]', 'Site'],
        ['campaignid', '[campaignid]', 'Campaign'],
        ['category', '[category]', 'Category'],
      ),
      notes:
        'PopCash passes no click id of its own in this template, so its postback ' +
        '(https://ct.popcash.net/click?aid=YOUR_USER_ID&clickid=...&payout=...) cannot be filled from a Cairn click.',
    },
  }),
  sourceTemplate({
    id: 'revcontent',
    website: 'https://www.revcontent.com',
    categories: ['native'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'Revcontent',
      tokens: tokens(
        ['content_id', '{content_id}', 'Content'],
        ['boost_id', '{boost_id}', 'Boost'],
        ['widget_id', '{widget_id}', 'Widget'],
      ),
      notes: NO_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'tacoloco',
    website: 'https://tacolo.co',
    categories: ['pop', 'push', 'native'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'TacoLoco',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(
        ['camp_id', '{camp_id}', 'Campaign'],
        ['creative_id', '{creative_id}', 'Creative'],
        ['platform', '{platform}', 'Platform'],
        ['zone_id', '{zone_id}', 'Zone'],
      ),
      postbackUrl: 'https://postback.tacolo.co/conversion?user=YOUR_USER&cid={externalid}&sum={payout}',
    },
  }),
  sourceTemplate({
    id: 'trafficjunky',
    website: 'https://www.trafficjunky.com',
    categories: ['adult', 'display'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'TrafficJunky',
      tokens: tokens(
        ['site', '{SiteName}', 'Site'],
        ['campaign_id', '{CampaignID}', 'Campaign'],
        ['banner_id', '{BanID}', 'Banner'],
      ),
      notes: NO_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'twinred',
    website: 'https://twinred.com',
    categories: ['adult', 'pop', 'display', 'native'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'TwinRed',
      externalId: { parameter: 'transaction_id', placeholder: '{transactionID}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(
        ['campaign_id', '{campaignID}', 'Campaign'],
        ['keyword', '{keywords}', 'Keywords'],
        ['creative_id', '{creativeID}', 'Creative'],
        ['source', '{source}', 'Source'],
        ['country', '{country}', 'Country'],
        ['domain', '{domain}', 'Domain'],
        ['browser', '{browser}', 'Browser'],
        ['carrier', '{carrier}', 'Carrier'],
      ),
      postbackUrl: 'https://ad.twinrdengine.com/conversion/YOUR_TRACKER_NAME?id={externalid}',
    },
  }),
  sourceTemplate({
    id: 'daopush',
    website: 'https://dao.ad',
    categories: ['push'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'DaoPush',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      cost: { parameter: 'cost', placeholder: '{cpc}' },
      tokens: tokens(
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['creative_id', '{creative_id}', 'Creative'],
        ['source', '{source_id}', 'Source'],
        ['model_price', '{model_price}', 'Pricing model'],
        ['price', '{price}', 'Price'],
      ),
      postbackUrl:
        'http://api.daopush-api.info/api/postback/campaign?key=YOUR_KEY&sum={payout}&click-id={externalid}',
    },
  }),
  sourceTemplate({
    id: 'push-house',
    website: 'https://push.house',
    categories: ['push'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'Push.House',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      cost: { parameter: 'cost', placeholder: '{price}' },
      tokens: tokens(
        ['creative_id', '{camp}', 'Creative'],
        ['source', '{site}', 'Site'],
        ['uid', '{uid}', 'Subscriber'],
        ['publisher_id', '{feed}', 'Feed'],
      ),
      postbackUrl: 'http://api.push.house/v1/postback?click_id={externalid}&cost={payout}',
    },
  }),
  sourceTemplate({
    id: 'plugrush',
    website: 'https://www.plugrush.com',
    categories: ['adult', 'pop', 'native'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'PlugRush',
      externalId: { parameter: 'click_id', placeholder: '{$click_id}' },
      cost: { parameter: 'cost', placeholder: '{$cpv}' },
      tokens: tokens(
        ['campaign_id', '{$campaign_id}', 'Campaign'],
        ['creative_id', '{$creative_id}', 'Creative'],
        ['source', '{$source_id}', 'Source'],
        ['browser', '{$browser}', 'Browser'],
        ['country_code', '{$country_code}', 'Country'],
        ['domain', '{$domain_id}', 'Domain'],
        ['orientation', '{$orientation}', 'Orientation'],
      ),
      notes: NO_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'clickaine',
    website: 'https://clickaine.com',
    categories: ['adult', 'pop', 'push'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'Clickaine',
      externalId: { parameter: 'clickid', placeholder: '{clickid}' },
      cost: { parameter: 'cost', placeholder: '{cost}' },
      tokens: tokens(
        ['campaign_id', '{campaignId}', 'Campaign'],
        ['creative_id', '{creativeId}', 'Creative'],
        ['source', '{siteId}', 'Site'],
        ['category', '{category}', 'Category'],
        ['connection', '{connectionType}', 'Connection type'],
        ['device', '{deviceType}', 'Device type'],
        ['host', '{host}', 'Host'],
        ['isp', '{isp}', 'ISP'],
        ['publisher_id', '{publisherId}', 'Publisher'],
      ),
      notes: NO_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'juicyads',
    website: 'https://www.juicyads.com',
    categories: ['adult', 'display', 'pop'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'JuicyAds',
      externalId: { parameter: 's2s', placeholder: '{dynamicS2S}' },
      cost: { parameter: 'cost', placeholder: '{dynamicBID}' },
      tokens: tokens(
        ['keyword', '{keyword}', 'Keyword'],
        ['creative_id', '{dynamicIMG}', 'Creative'],
        ['campaign_id', '{dynamicCMP}', 'Campaign'],
        ['source', '{dynamicSITE}', 'Site'],
        ['publisher_id', '{dynamicPUB}', 'Publisher'],
        ['ad_zone', '{dynamicZNE}', 'Zone'],
      ),
      notes:
        "JuicyAds' postback (https://ck.juicyads.com/ilikeitjuicy.php?...) carries a token, data and goal from your " +
        'account: paste it from there with {externalid} in s2s and {payout} in amount.',
    },
  }),
  sourceTemplate({
    id: 'adscompass',
    website: 'https://adscompass.com',
    categories: ['adult', 'pop', 'push', 'native'],
    docs: KEITARO_SOURCES,
    values: {
      name: 'AdsCompass',
      externalId: { parameter: 'clickid', placeholder: '{CLICK_ID}' },
      cost: { parameter: 'cost', placeholder: '{PRICE}' },
      tokens: tokens(
        ['campaign_id', '{CAMPAIGN_ID}', 'Campaign'],
        ['creative_id', '{CREATIVE_ID}', 'Creative'],
        ['source', '{SOURCE_ID}', 'Source'],
      ),
      postbackUrl: 'https://clickco.net/sst?clickid={externalid}&price={payout}',
    },
  }),
];
