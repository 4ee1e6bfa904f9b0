import type { TrafficSourceTemplate } from '@cairn/contract';
import { ASK_FOR_POSTBACK, sourceTemplate, tokens } from './define.ts';

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
    docs: 'https://validvisit.com/tools/tracking-tokens/kadam',
    values: {
      name: 'Kadam',
      externalId: { parameter: 'click_id', placeholder: '{click_id}' },
      tokens: tokens(
        ['campaign_id', '{campaign_id}', 'Campaign'],
        ['site_id', '{site_id}', 'Site'],
        ['ad_id', '{ad_id}', 'Ad'],
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
];
