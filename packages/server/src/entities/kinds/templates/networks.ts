import type { AffiliateNetworkTemplate } from '@cairn/contract';
import { networkTemplate } from './define.ts';

// offerUrlParams carry Cairn's click id to the network in the sub-id parameter the network documents;
// postbackPlaceholders are the network's own macros that fill Cairn's postback parameters (clickid,
// payout, status, txid, currency) when it calls the postback URL shown on the network's page.
export const CORE_NETWORK_TEMPLATES: readonly AffiliateNetworkTemplate[] = [
  networkTemplate({
    id: 'cake',
    website: 'https://getcake.com',
    kind: 'platform',
    verticals: [],
    docs: 'https://support.getcake.com/en/support/solutions/articles/5000546096',
    values: {
      name: 'CAKE',
      // CAKE reserves s1 for sub-affiliates and recommends s2 for a click id.
      offerUrlParams: 's2={clickid}',
      postbackPlaceholders: { clickId: '#s2#', payout: '#price#', txid: '#leadid#' },
    },
  }),
  networkTemplate({
    id: 'affise',
    website: 'https://affise.com',
    kind: 'platform',
    verticals: [],
    docs: 'https://help-center.affise.com/en/articles/6655842-affiliate-postback-macros-affiliates',
    values: {
      name: 'Affise',
      // Affise has no click id macro for affiliates: the click id travels in sub1 and comes back as {sub1}.
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
        { networkStatus: '5', status: 'pending' },
      ],
    },
  }),
  networkTemplate({
    id: 'scaleo',
    website: 'https://www.scaleo.io',
    kind: 'platform',
    verticals: [],
    docs: 'https://help.scaleo.io/article/384-affiliate-parameters',
    values: {
      name: 'Scaleo',
      offerUrlParams: 'aff_click_id={clickid}',
      postbackPlaceholders: { clickId: '{aff_click_id}', payout: null },
      notes: "Add the network's payout macro to the postback URL there if it sends one.",
    },
  }),
  networkTemplate({
    id: 'tune',
    website: 'https://www.tune.com',
    kind: 'platform',
    verticals: [],
    docs: 'https://docs.tracklysms.com/integrations/tune',
    values: {
      name: 'TUNE (HasOffers)',
      offerUrlParams: 'aff_sub={clickid}',
      postbackPlaceholders: { clickId: '{aff_sub}', payout: '{payout}', txid: '{transaction_id}' },
    },
  }),
  networkTemplate({
    id: 'kuala',
    website: 'https://www.kuala.com',
    kind: 'network',
    verticals: [],
    docs: 'https://www.kuala.com/support/affiliate-postback-tracking',
    values: {
      name: 'Kuala',
      offerUrlParams: 'subid1={clickid}',
      postbackPlaceholders: { clickId: '{subid1}', payout: '{payout}', txid: '{xid}' },
    },
  }),
  networkTemplate({
    id: 'posh-partners',
    website: 'https://posh-partners.com',
    kind: 'network',
    verticals: ['gambling', 'igaming'],
    docs: 'https://posh-partners.com/faq/what-is-a-postback',
    values: {
      name: 'Posh Partners',
      // The sub id travels in the promo parameter and comes back as {transaction_id}.
      offerUrlParams: 'promo={clickid}',
      postbackPlaceholders: { clickId: '{transaction_id}', payout: '{amount}' },
      notes: 'One postback per event (registration, first deposit, deposit) with its own URL there.',
    },
  }),
  networkTemplate({
    id: 'trackier',
    website: 'https://trackier.com',
    kind: 'platform',
    verticals: [],
    docs: 'https://help.trackier.com/support/solutions/articles/31000154963-publisher-tracking-link-macro-and-postback-parameter-',
    values: {
      name: 'Trackier',
      // Trackier asks publishers to pass their click id in p1.
      offerUrlParams: 'p1={clickid}',
      postbackPlaceholders: { clickId: '{p1}', payout: '{payout}', txid: '{txn_id}' },
    },
  }),
  networkTemplate({
    id: 'appcarry',
    website: 'https://appcarry.com',
    kind: 'platform',
    verticals: [],
    docs: 'https://help.appcarry.com/affiliates-publishers/publisher-tracking-link-parameters-and-postback-macros',
    values: {
      name: 'AppCarry',
      offerUrlParams: 'click_id={clickid}',
      postbackPlaceholders: { clickId: '{click_id}', payout: '{payout}' },
    },
  }),
];
