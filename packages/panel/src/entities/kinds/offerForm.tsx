import type { EntityFormUi } from '../types.ts';
import { offerUi } from './offer.tsx';
import { OfferCapStatus } from './offerCaps.tsx';

export const offerFormUi: EntityFormUi = {
  ...offerUi,
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'url',
      name: 'url',
      label: 'URL',
      required: true,
      description: 'The offer link from the network; macros in braces are filled on each click.',
      placeholder: 'https://offer.example/?sub={clickid}',
    },
    {
      kind: 'ref',
      name: 'affiliateNetworkId',
      label: 'Affiliate network',
      ref: { kind: 'affiliate_network' },
      noneLabel: 'No network',
    },
    {
      kind: 'ref',
      name: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'offer' },
      noneLabel: 'No group',
    },
    {
      kind: 'switch',
      name: 'payoutAuto',
      label: 'Payout from the postback (auto)',
      description: 'Take each conversion’s payout from the network’s postback.',
    },
    {
      kind: 'money',
      name: 'payoutMicros',
      label: 'Payout',
      description: 'What every conversion is worth.',
      visible: (draft) => draft.payoutAuto !== true,
    },
    { kind: 'text', name: 'currency', label: 'Currency', placeholder: 'e.g. USD', defaultValue: 'USD' },
    {
      kind: 'switch',
      name: 'upsell',
      label: 'Upsell',
      description:
        'A further postback for the same click adds its payout instead of counting as a duplicate.',
    },
    { kind: 'country', name: 'countryCode', label: 'Country' },
    {
      kind: 'number',
      name: 'dailyCap',
      label: 'Daily conversion cap',
      description:
        'Conversions a day (from midnight in the tracker’s time zone, on every node); once reached, clicks go to the fallback below until midnight. Empty: no cap.',
      min: 1,
      step: 1,
    },
    {
      kind: 'number',
      name: 'dailyClickCap',
      label: 'Daily click cap',
      description:
        'Clicks a day, counted the same way; once reached, clicks go to the fallback. Empty: no cap.',
      min: 1,
      step: 1,
    },
    {
      kind: 'ref',
      name: 'capFallbackOfferId',
      label: 'When capped, send to',
      description:
        'Another offer while a cap is reached. None: the path’s other offers; if all of them are capped too, clicks still go to this offer rather than being lost.',
      ref: { kind: 'offer' },
      noneLabel: 'The path’s other offers',
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormOutro: OfferCapStatus,
};
