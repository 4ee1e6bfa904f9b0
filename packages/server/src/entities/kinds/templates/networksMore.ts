import type { AffiliateNetworkTemplate } from '@cairn/contract';
import { networkTemplate } from './define.ts';

// Networks whose own postback pages are behind their sign-in. The sub-id parameter and the postback macros are
// the ones Keitaro's built-in affiliate-network templates use, read from the public copy of that list in
// Orbitra's repository (a tracker's integration, not the network's page); status mappings follow the lead,
// sale and rejected values that template lists.
const KEITARO_NETWORKS =
  'https://github.com/fenjo26/Orbitra.link/blob/d03673b5969d1d7c9c241cdaab2938fb967655e2/data/keitaro_affiliate_networks.json';

export const MORE_NETWORK_TEMPLATES: readonly AffiliateNetworkTemplate[] = [
  networkTemplate({
    id: 'maxbounty',
    website: 'https://www.maxbounty.com',
    kind: 'network',
    verticals: ['finance', 'sweepstakes', 'cpl', 'ecommerce'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'MaxBounty',
      offerUrlParams: 's2={clickid}',
      postbackPlaceholders: { clickId: '#S2#', payout: '#RATE#' },
    },
  }),
  networkTemplate({
    id: 'clickbank',
    website: 'https://www.clickbank.com',
    kind: 'network',
    verticals: ['nutra', 'ecommerce', 'education'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'ClickBank',
      offerUrlParams: 'tid={clickid}',
      postbackPlaceholders: { clickId: '{tid}', payout: '{affiliate_earnings}', txid: '{event_id}' },
      notes: 'ClickBank reports its earnings in US dollars.',
    },
  }),
  networkTemplate({
    id: 'mobidea',
    website: 'https://www.mobidea.com',
    kind: 'network',
    verticals: ['mobile', 'dating', 'sweepstakes'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'Mobidea',
      offerUrlParams: 'pub_click_id={clickid}',
      postbackPlaceholders: { clickId: '{{EXTERNAL_ID}}', payout: '{{MONEY}}' },
    },
  }),
  networkTemplate({
    id: 'cpamatica',
    website: 'https://cpamatica.io',
    kind: 'network',
    verticals: ['nutra', 'dating', 'sweepstakes', 'gambling'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'Cpamatica',
      offerUrlParams: 'click_id={clickid}',
      postbackPlaceholders: {
        clickId: '{click_id}',
        payout: '{payout}',
        txid: '{transaction_id}',
        currency: '{currency}',
      },
    },
  }),
  networkTemplate({
    id: 'adsempire',
    website: 'https://adsempire.com',
    kind: 'network',
    verticals: ['dating', 'sweepstakes', 'gambling'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'AdsEmpire',
      offerUrlParams: 'clickid={clickid}',
      postbackPlaceholders: {
        clickId: '{clickid}',
        payout: '{payout}',
        status: '{conversionType}',
        txid: '{tds_cid}',
        currency: '{currency}',
      },
      statusMapping: [
        { networkStatus: 'sale', status: 'approved' },
        { networkStatus: 'confirm', status: 'approved' },
        { networkStatus: 'lead', status: 'pending' },
        { networkStatus: 'install', status: 'pending' },
      ],
    },
  }),
  networkTemplate({
    id: 'revenuelab',
    website: 'https://revenuelab.biz',
    kind: 'network',
    verticals: ['dating', 'sweepstakes', 'gambling'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'RevenueLab',
      offerUrlParams: 's2={clickid}',
      postbackPlaceholders: { clickId: '{s2}', payout: '{sum}', status: '{status}', currency: '{currency}' },
      statusMapping: [
        { networkStatus: 'approve', status: 'approved' },
        { networkStatus: 'hold', status: 'pending' },
        { networkStatus: 'declined', status: 'declined' },
      ],
    },
  }),
  networkTemplate({
    id: 'admitad',
    website: 'https://www.admitad.com',
    kind: 'network',
    verticals: ['ecommerce', 'finance', 'travel'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'Admitad',
      offerUrlParams: 'subid={clickid}',
      postbackPlaceholders: {
        clickId: '[[[subid]]]',
        payout: '[[[payment_sum]]]',
        status: '[[[payment_status]]]',
      },
    },
  }),
  networkTemplate({
    id: 'impact',
    website: 'https://impact.com',
    kind: 'platform',
    verticals: [],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'impact.com',
      offerUrlParams: 'subId1={clickid}',
      postbackPlaceholders: { clickId: '{subId1}', payout: '{payout}' },
      notes: 'impact.com reports its payouts in US dollars.',
    },
  }),
  networkTemplate({
    id: '3snet',
    website: 'https://3snet.co',
    kind: 'network',
    verticals: ['gambling', 'betting', 'finance'],
    docs: KEITARO_NETWORKS,
    values: {
      name: '3SNet',
      offerUrlParams: 'sub1={clickid}',
      postbackPlaceholders: {
        clickId: '{sub1}',
        payout: '{sum}',
        status: '{status}',
        txid: '{transactionid}',
        currency: '{currency}',
      },
      statusMapping: [
        { networkStatus: '1', status: 'approved' },
        { networkStatus: '2', status: 'pending' },
        { networkStatus: '3', status: 'declined' },
      ],
    },
  }),
  networkTemplate({
    id: 'kma',
    website: 'https://kma.biz',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'KMA.biz',
      offerUrlParams: 'data1={clickid}',
      postbackPlaceholders: {
        clickId: '{data1}',
        payout: '{sum}',
        status: '{status}',
        txid: '{orderid}',
        currency: '{currency}',
      },
      statusMapping: [
        { networkStatus: 'A', status: 'approved' },
        { networkStatus: 'P', status: 'pending' },
        { networkStatus: 'D', status: 'declined' },
        { networkStatus: 'F', status: 'declined' },
      ],
    },
  }),
  networkTemplate({
    id: 'lospollos',
    website: 'https://lospollos.com',
    kind: 'network',
    verticals: ['dating', 'sweepstakes'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'LosPollos',
      offerUrlParams: 'cid={clickid}',
      postbackPlaceholders: { clickId: '{cid}', payout: '{sum}' },
      notes: 'LosPollos reports its payouts in US dollars.',
    },
  }),
  networkTemplate({
    id: 'peerfly',
    website: 'https://peerfly.com',
    kind: 'network',
    verticals: ['cpl', 'ecommerce'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'PeerFly',
      offerUrlParams: 's1={clickid}',
      postbackPlaceholders: { clickId: '%subid1%', payout: '%commission%' },
    },
  }),
  networkTemplate({
    id: 'bongacash',
    website: 'https://bongacash.com',
    kind: 'network',
    verticals: ['adult', 'dating'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'BongaCash',
      offerUrlParams: 'subid2={clickid}',
      postbackPlaceholders: { clickId: '{subid2}', payout: '{commission}', currency: '{currency}' },
    },
  }),
  networkTemplate({
    id: 'partners-house',
    website: 'https://partners.house',
    kind: 'network',
    verticals: ['dating', 'sweepstakes'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'Partners House',
      offerUrlParams: 'p1={clickid}',
      postbackPlaceholders: { clickId: '{p1}', payout: '{money}', status: '{status}' },
      statusMapping: [
        { networkStatus: 'revshare', status: 'approved' },
        { networkStatus: 'subscribed', status: 'pending' },
        { networkStatus: 'tblead', status: 'pending' },
      ],
    },
  }),
  networkTemplate({
    id: 'webvork',
    website: 'https://webvork.com',
    kind: 'network',
    verticals: ['nutra', 'cod'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'Webvork',
      offerUrlParams: 'utm_medium={clickid}',
      postbackPlaceholders: { clickId: '{utm_medium}', payout: '{money}', currency: '{currency}' },
    },
  }),
  networkTemplate({
    id: 'hugeoffers',
    website: 'https://hugeoffers.com',
    kind: 'network',
    verticals: ['mobile', 'sweepstakes'],
    docs: KEITARO_NETWORKS,
    values: {
      name: 'HugeOffers',
      offerUrlParams: 'sub_id1={clickid}',
      postbackPlaceholders: { clickId: '{{sub_id1}}', payout: '{{commission}}' },
    },
  }),
];
