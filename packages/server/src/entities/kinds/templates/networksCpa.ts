import type { AffiliateNetworkTemplate } from '@cairn/contract';
import { networkTemplate } from './define.ts';

// CPA networks beyond networks.ts, same rules: the sub-id parameter and the postback macros are the ones the
// `docs` page shows for that network (often a tracker's integration page written with the network).
export const CPA_NETWORK_TEMPLATES: readonly AffiliateNetworkTemplate[] = [
  networkTemplate({
    id: 'adcombo',
    website: 'https://adcombo.com',
    kind: 'network',
    verticals: ['nutra', 'cod', 'ecommerce'],
    docs: 'https://docs.keitaro.io/en/conversions-and-postback/integration-with-affiliate-networks/adcombo.html',
    values: {
      name: 'AdCombo',
      // The click id travels in AdCombo's clickid parameter (https://affise.zendesk.com/hc/en-us/articles/115004551689-Affise-Adcombo-Integration).
      offerUrlParams: 'clickid={clickid}',
      postbackPlaceholders: { clickId: '{clickid}', payout: '{revenue}', txid: '{trans_id}' },
      notes:
        'AdCombo has one postback field per status (lead, hold, reject): add &status=sale, &status=pending or ' +
        '&status=declined to the URL in each field.',
    },
  }),
  networkTemplate({
    id: 'everad',
    website: 'https://everad.com',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: 'https://docs.bemob.com/en/everad-settings',
    values: {
      name: 'Everad',
      offerUrlParams: 'sid1={clickid}',
      postbackPlaceholders: { clickId: '{sid1}', payout: '{payout}', status: '{status}' },
    },
  }),
  networkTemplate({
    id: 'leadbit',
    website: 'https://leadbit.com',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: 'https://docs.bemob.com/en/leadbit-settings',
    values: {
      name: 'Leadbit',
      offerUrlParams: 'sub1={clickid}',
      postbackPlaceholders: { clickId: '{sub1}', payout: '{cost}', txid: '{id}', status: '{status}' },
      notes: "Paste the postback URL into each field of the flow's statistics transmission setup.",
    },
  }),
  networkTemplate({
    id: 'offerrum',
    website: 'https://offerrum.com',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: 'https://docs.bemob.com/en/offerrum-settings',
    values: {
      name: 'OFFERRUM',
      offerUrlParams: 'subid1={clickid}',
      postbackPlaceholders: {
        clickId: '{subid1}',
        payout: '{summ_approved}',
        txid: '{lead_id}',
        status: '{status}',
      },
    },
  }),
  networkTemplate({
    id: 'mylead',
    website: 'https://mylead.global',
    kind: 'network',
    verticals: ['sweepstakes', 'cpl', 'apps'],
    docs: 'https://docs.bemob.com/en/mylead-settings',
    values: {
      name: 'MyLead',
      offerUrlParams: 'ml_sub1={clickid}',
      postbackPlaceholders: {
        clickId: '[ml_sub1]',
        payout: '[payout_decimal]',
        txid: '[transaction_id]',
        status: '[status]',
      },
    },
  }),
  networkTemplate({
    id: 'clickdealer',
    website: 'https://www.clickdealer.com',
    kind: 'network',
    verticals: ['nutra', 'dating', 'sweepstakes', 'finance'],
    docs: 'https://tracker.wiki/afilter-tracker/huo-qu-zhang-hu/postback',
    values: {
      name: 'ClickDealer',
      // ClickDealer runs on CAKE: the click id goes in s2 and comes back as #s2#.
      offerUrlParams: 's2={clickid}',
      postbackPlaceholders: { clickId: '#s2#', payout: '#price#' },
      notes: 'Set it once as the global postback under Tools > Global Postback.',
    },
  }),
  networkTemplate({
    id: 'datacash',
    website: 'https://data-cash.net',
    kind: 'network',
    verticals: ['search', 'feeds'],
    docs: 'https://data-cash.net/blog/index.php/2023/03/23/postback-url-setting/',
    values: {
      name: 'DataCash',
      // DataCash's direct links take the click id in s3.
      offerUrlParams: 's3={clickid}',
      postbackPlaceholders: {
        clickId: '{s3}',
        payout: '{money}',
        txid: '{tr_id}',
        currency: '{currency}',
      },
    },
  }),
  networkTemplate({
    id: 'zeydoo',
    website: 'https://zeydoo.com',
    kind: 'network',
    verticals: ['sweepstakes', 'utilities', 'finance', 'dating'],
    docs: 'https://help.zeydoo.com/en/articles/4362736-how-to-setup-zeydoo-s2s-conversion-tracking',
    values: {
      name: 'Zeydoo',
      // ymid carries the click id back; var is the traffic source id Zeydoo reports on.
      offerUrlParams: 'ymid={clickid}&var={traffic_source_id}',
      postbackPlaceholders: { clickId: '{ymid}', payout: '{amount}' },
    },
  }),
  networkTemplate({
    id: 'luckyonline',
    website: 'https://lucky.online',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: 'https://faq.lucky.online/en/articles/5234757-postback-settings',
    values: {
      name: 'LuckyOnline',
      // The click id travels in subid1 and comes back as {get.subid1}; {click_id} is LuckyOnline's own lead number.
      offerUrlParams: 'subid1={clickid}',
      postbackPlaceholders: {
        clickId: '{get.subid1}',
        payout: '{amount}',
        status: '{status}',
        txid: '{click_id}',
      },
      statusMapping: [
        { networkStatus: 'new', status: 'pending' },
        { networkStatus: 'confirmed', status: 'approved' },
        { networkStatus: 'rejected', status: 'declined' },
        { networkStatus: 'trash', status: 'declined' },
      ],
    },
  }),
  networkTemplate({
    id: 'terraleads',
    website: 'https://terraleads.com',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: 'https://docs.bemob.com/en/terraleads-settings',
    values: {
      name: 'TerraLeads',
      offerUrlParams: 'sub_id_1={clickid}',
      postbackPlaceholders: { clickId: '{sub_id_1}', payout: '{payment}', status: '{status}' },
    },
  }),
  networkTemplate({
    id: 'clickbooth',
    website: 'https://www.clickbooth.com',
    kind: 'network',
    verticals: ['finance', 'insurance', 'ecommerce', 'health'],
    docs: 'https://kintura.com/docs/presets/pairings/clickadu/clickbooth',
    values: {
      name: 'Clickbooth',
      offerUrlParams: 'subid2={clickid}&subid3={traffic_source_id}',
      postbackPlaceholders: { clickId: '{subid2}', payout: '{payout}', txid: '{transid}' },
    },
  }),
  networkTemplate({
    id: 'linktrust',
    website: 'https://www.linktrust.com',
    kind: 'platform',
    verticals: [],
    docs: 'https://kintura.com/docs/presets/pairings/clickadu/linktrust',
    values: {
      name: 'LinkTrust',
      offerUrlParams: 'SID={clickid}',
      postbackPlaceholders: { clickId: '[=SID=]', payout: '[=AffiliateCommission=]', txid: '[=_TransID=]' },
    },
  }),
  networkTemplate({
    id: 'clickpromise',
    website: 'https://clickpromise.com',
    kind: 'network',
    verticals: ['finance', 'insurance', 'sweepstakes'],
    docs: 'https://kintura.com/docs/presets/pairings/rich-push.co/clickpromise',
    values: {
      name: 'ClickPromise',
      // ClickPromise runs on LinkTrust, whose macros are written [=NAME=].
      offerUrlParams: 'SID={clickid}',
      postbackPlaceholders: { clickId: '[=SID=]', payout: '[=AffiliateCommission=]', txid: '[=_TransID=]' },
    },
  }),
  networkTemplate({
    id: 'traffic-company',
    website: 'https://www.trafficcompany.com',
    kind: 'network',
    verticals: ['dating', 'adult', 'gaming'],
    docs: 'https://kintura.com/docs/presets/pairings/advertizer/trafficcompany',
    values: {
      name: 'Traffic Company',
      offerUrlParams: 'click_id={clickid}',
      postbackPlaceholders: { clickId: '{click_id}', payout: '{reward}', txid: '{unique_id}' },
    },
  }),
  networkTemplate({
    id: 'm4trix',
    website: 'https://m4trix.network',
    kind: 'network',
    verticals: ['dating', 'sweepstakes'],
    docs: 'https://kintura.com/docs/presets/pairings/traffic-force/m4trix',
    values: {
      name: 'M4trix',
      offerUrlParams: 'cid={clickid}',
      postbackPlaceholders: { clickId: '{cid}', payout: '{payout}', txid: '{orderid}' },
    },
  }),
  networkTemplate({
    id: 'adsup',
    website: 'https://adsup.com',
    kind: 'network',
    verticals: ['sweepstakes', 'dating', 'apps'],
    docs: 'https://kintura.com/docs/presets/pairings/tonic/adsup',
    values: {
      name: 'Adsup',
      offerUrlParams: 'aff_click_id={clickid}&aff_sub={traffic_source_id}',
      postbackPlaceholders: { clickId: '{aff_click_id}', payout: '{payout}', txid: '{transaction_id}' },
    },
  }),
  networkTemplate({
    id: 'cityads',
    website: 'https://cityads.com',
    kind: 'network',
    verticals: ['ecommerce', 'finance', 'games'],
    docs: 'https://kintura.com/docs/presets/pairings/taboola/cityads',
    values: {
      name: 'CityAds',
      offerUrlParams: 'sa={clickid}',
      postbackPlaceholders: { clickId: '{subaccount}', payout: '{payout}', status: '{status}' },
    },
  }),
  networkTemplate({
    id: 'cpalead',
    website: 'https://www.cpalead.com',
    kind: 'network',
    verticals: ['offerwall', 'incentive', 'apps'],
    docs: 'https://www.cpalead.com/en/postback/documentation',
    values: {
      name: 'CPAlead',
      offerUrlParams: 'subid={clickid}',
      // {lead_id} is unique per conversion, so a retried postback is recognised as the same one.
      postbackPlaceholders: { clickId: '{subid}', payout: '{payout}', txid: '{lead_id}' },
    },
  }),
  networkTemplate({
    id: 'limonad',
    website: 'https://limonad.com',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: 'https://docs.limonad.com/doc/en-postback',
    values: {
      name: 'Limonad',
      // BeMob's template passes the click id in clickid (https://docs.bemob.com/en/lemonad-settings).
      offerUrlParams: 'clickid={clickid}',
      postbackPlaceholders: {
        clickId: '{clickid}',
        payout: '{payout}',
        status: '{status}',
        txid: '{leadid}',
      },
      notes: 'Name each status in the postback settings there; map those names to Cairn statuses here.',
    },
  }),
  networkTemplate({
    id: 'altercpa',
    website: 'https://www.altercpa.pro',
    kind: 'platform',
    verticals: [],
    docs: 'https://www.altercpa.pro/en/help/postbacks',
    values: {
      name: 'AlterCPA',
      offerUrlParams: 'subid={clickid}',
      postbackPlaceholders: { clickId: '{subid}', payout: null },
      notes: "Add the network's payout macro to the postback URL there if it sends one.",
    },
  }),
  networkTemplate({
    id: 'digistore24',
    website: 'https://www.digistore24.com',
    kind: 'network',
    verticals: ['digital products', 'education', 'health'],
    docs: 'https://helpdesk.everflow.io/en/articles/10775029-digistore24-integration',
    values: {
      name: 'Digistore24',
      // Digistore24 takes the click id in cid (https://help.digistore24.com/hc/en-us/articles/24293197806225-Set-up-S2S-postback).
      offerUrlParams: 'cid={clickid}',
      postbackPlaceholders: { clickId: '{cid}', payout: null, currency: '{currency}' },
      notes:
        'Set the postback under Account > S2S postback there; add its earnings placeholder if you want the payout.',
    },
  }),
];
