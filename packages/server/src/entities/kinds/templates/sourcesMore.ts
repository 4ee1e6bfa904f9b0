import type { TrafficSourceTemplate } from '@cairn/contract';
import { ASK_FOR_POSTBACK, sourceTemplate, tokens } from './define.ts';

// Social, native and push sources beyond sources.ts; same rules: only macros their `docs` page shows.
export const MORE_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  sourceTemplate({
    id: 'tiktok',
    website: 'https://ads.tiktok.com',
    categories: ['social'],
    docs: 'https://ads.tiktok.com/help/article?aid=6669666107177041925',
    values: {
      name: 'TikTok',
      // TikTok appends ttclid itself (https://ads.tiktok.com/help/article/tiktok-click-id).
      externalId: { parameter: 'ttclid', placeholder: '' },
      tokens: tokens(
        ['campaign_id', '__CAMPAIGN_ID__', 'Campaign'],
        ['adgroup_id', '__AID__', 'Ad group'],
        ['ad_id', '__CID__', 'Ad'],
        ['placement', '__PLACEMENT__', 'Placement'],
        ['campaign_name', '__CAMPAIGN_NAME__', 'Campaign name'],
        ['adgroup_name', '__AID_NAME__', 'Ad group name'],
        ['ad_name', '__CID_NAME__', 'Ad name'],
      ),
      postbackMode: 'approved',
      notes: 'Conversions go back through the TikTok Events API with the ttclid value.',
    },
  }),
  sourceTemplate({
    id: 'taboola',
    website: 'https://www.taboola.com',
    categories: ['native'],
    docs: 'https://developers.taboola.com/pixel/docs/the-postback-url',
    values: {
      name: 'Taboola',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      tokens: tokens(
        ['site_id', '{site_id}', 'Site'],
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['campaign_item_id', '{campaign_item_id}', 'Item'],
        ['site', '{site}', 'Site name'],
        ['platform', '{platform}', 'Platform'],
      ),
      // The event name must be the one defined in Realize; the click id parameter must be named click-id.
      postbackUrl:
        'https://trc.taboola.com/actions-handler/log/3/s2s-action?click-id={externalid}&name=YOUR_EVENT_NAME&revenue={payout}&currency={currency}&orderid={txid}',
    },
  }),
  sourceTemplate({
    id: 'outbrain-dsp',
    website: 'https://www.outbrain.com',
    categories: ['native', 'display'],
    docs: 'https://intercom.help/outbrain_dsp/en/articles/8226128-setting-up-postback-calls',
    values: {
      name: 'Outbrain DSP',
      externalId: { parameter: 'postbackid', placeholder: '{postbackid}' },
      notes: "The postback URL is the conversion definition's URL in Outbrain DSP. " + ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'adsterra',
    website: 'https://adsterra.com',
    categories: ['pop', 'push', 'native', 'display'],
    docs: 'https://adsterra.com/blog/adsterra-s2s-tracking/',
    values: {
      name: 'Adsterra',
      externalId: { parameter: 'subid', placeholder: '##SUB_ID_SHORT##' },
      // NAMEOFADVERTISER is the account's username (https://help-advertisers.adsterra.com/en/articles/4575914-how-do-i-setup-postback).
      postbackUrl:
        'http://www.pbterra.com/name/YOUR_ADVERTISER_NAME/at?subid_short={externalid}&atpay={payout}',
      notes: 'atpay is in US dollars; Adsterra documents a separate postback for other currencies.',
    },
  }),
  sourceTemplate({
    id: 'richads',
    website: 'https://richads.com',
    categories: ['push', 'pop', 'native'],
    docs: 'https://validvisit.com/tools/tracking-tokens/richads',
    values: {
      name: 'RichAds',
      externalId: { parameter: 'clickid', placeholder: '[CLICK_ID]' },
      tokens: tokens(
        ['campaign', '[CAMPAIGN_ID]', 'Campaign'],
        ['publisher', '[PUBLISHER_ID]', 'Publisher'],
        ['site', '[SITE_ID]', 'Site'],
        ['creative', '[CREATIVE_ID]', 'Creative'],
        ['campaign_name', '[CAMPAIGN_NAME]', 'Campaign name'],
      ),
      notes: ASK_FOR_POSTBACK,
    },
  }),
  sourceTemplate({
    id: 'snapchat',
    website: 'https://forbusiness.snapchat.com',
    categories: ['social'],
    docs: 'https://help.godatafeed.com/hc/en-us/articles/360051303951-Feed-Snapchat-Advertising-How-to-create-a-rule-to-append-Snap-URL-Macros-to-your-product-links',
    values: {
      name: 'Snapchat',
      tokens: tokens(
        ['campaign_id', '{{campaign.id}}', 'Campaign'],
        ['adset_id', '{{adSet.id}}', 'Ad set'],
        ['ad_id', '{{ad.id}}', 'Ad'],
        ['campaign_name', '{{campaign.name}}', 'Campaign name'],
        ['adset_name', '{{adSet.name}}', 'Ad set name'],
      ),
      postbackMode: 'approved',
      notes: 'Snapchat has no S2S postback URL; conversions go back through its Conversions API.',
    },
  }),
  sourceTemplate({
    id: 'geozo',
    website: 'https://geozo.com',
    categories: ['push', 'native'],
    docs: 'https://help.geozo.com/en/articles/11654578-push-ad-format',
    values: {
      name: 'Geozo',
      externalId: { parameter: 'clickid', placeholder: '{CLICK_ID}' },
      cost: { parameter: 'bid', placeholder: '{BID}' },
      tokens: tokens(
        ['campaign_id', '{CAMPAIGN_ID}', 'Campaign'],
        ['ad_id', '{AD_ID}', 'Ad'],
        ['block_id', '{BLOCK_ID}', 'Placement'],
        ['country', '{COUNTRY}', 'Country'],
      ),
      notes: `These are Geozo's push macros; its native ads use square brackets. ${ASK_FOR_POSTBACK}`,
    },
  }),
  sourceTemplate({
    id: 'popunderstore',
    website: 'https://popunder.store',
    categories: ['pop'],
    docs: 'https://popunder.store/api_postback.php',
    values: {
      name: 'PopunderStore',
      // PopunderStore appends clickid to the campaign URL itself.
      externalId: { parameter: 'clickid', placeholder: '' },
      postbackUrl:
        'https://api.popunder.store/v1/postback.php?clickid={externalid}&revenue={payout}&currency={currency}',
    },
  }),
];
