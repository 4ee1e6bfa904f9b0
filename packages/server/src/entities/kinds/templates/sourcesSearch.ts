import type { TrafficSourceTemplate } from '@cairn/contract';
import { sourceTemplate, tokens } from './define.ts';

// Search engines' ad platforms beyond Google Ads and Microsoft Advertising (sources.ts), whose macros come from
// Adobe Advertising's click-tracking format page for each engine (none of them takes an S2S postback URL),
// and search-arbitrage feeds.
const ADOBE_FORMATS =
  'https://experienceleague.adobe.com/en/docs/advertising/search-social-commerce/tracking/click-tracking/click-tracking-components/click-tracking-formats';

export const SEARCH_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  sourceTemplate({
    id: 'yandex-direct',
    website: 'https://direct.yandex.com',
    categories: ['search', 'display'],
    docs: `${ADOBE_FORMATS}/formats-click-tracking-yandex`,
    values: {
      name: 'Yandex Direct',
      tokens: tokens(
        ['phrase_id', '{phrase_id}', 'Keyword id'],
        ['ad_id', '{ad_id}', 'Ad'],
        ['keyword', '{keyword}', 'Keyword'],
        ['match', '{source_type}', 'Match type'],
        ['source', '{source}', 'Search or content site'],
        ['position', '{position}', 'Position'],
        ['position_type', '{position_type}', 'Block'],
      ),
      postbackMode: 'approved',
      notes:
        'Yandex Direct has no S2S postback URL; conversions go back as offline conversions in Yandex Metrica.',
    },
  }),
  sourceTemplate({
    id: 'yahoo-japan-ads',
    website: 'https://ads.yahoo.co.jp',
    categories: ['search'],
    docs: `${ADOBE_FORMATS}/formats-click-tracking-yahoo-japan`,
    values: {
      name: 'Yahoo! JAPAN Ads',
      // With auto-tagging on, Yahoo! JAPAN adds yclid to the landing URL itself.
      externalId: { parameter: 'yclid', placeholder: '' },
      tokens: tokens(
        ['keyword', '{keyword}', 'Keyword'],
        ['creative', '{creative}', 'Ad'],
        ['matchtype', '{matchtype}', 'Match type'],
        ['network', '{network}', 'Network'],
        ['device', '{device}', 'Device'],
      ),
      postbackMode: 'approved',
      notes: 'Yahoo! JAPAN Ads has no S2S postback URL; upload conversions by yclid (offline conversions).',
    },
  }),
  sourceTemplate({
    id: 'baidu',
    website: 'https://e.baidu.com',
    categories: ['search'],
    docs: `${ADOBE_FORMATS}/formats-click-tracking-baidu`,
    values: {
      name: 'Baidu',
      tokens: tokens(
        ['keyword_id', '{keywordid}', 'Keyword id'],
        ['creative', '{creative}', 'Creative'],
        ['placement', '{placement}', 'Placement'],
      ),
      postbackMode: 'approved',
      notes: 'Baidu has no S2S postback URL; conversions go back through its conversion API.',
    },
  }),
  sourceTemplate({
    id: 'tonic',
    website: 'https://tonic.com',
    categories: ['search'],
    docs: 'https://kintura.com/docs/presets/pairings/tonic/adsup',
    values: {
      name: 'Tonic',
      externalId: { parameter: 'clickid', placeholder: '[clickid]' },
      cost: { parameter: 'cost', placeholder: '[cpc]' },
      tokens: tokens(
        ['campaign_id', '[campaign_id]', 'Campaign'],
        ['source_id', '[sourceid]', 'Source'],
        ['match', '[match]', 'Keyword match'],
      ),
      postbackUrl: 'https://tnccv.com/conversion/postback?value={payout}&clickid={externalid}',
    },
  }),
];
