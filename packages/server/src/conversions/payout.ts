import { MICROS_PER_UNIT } from '@cairn/contract';
import { type CurrencyRates, toBaseMicros } from '../events/money.ts';
import type { RoutedCampaign } from '../tracking/routing/table.ts';
import type { Money, Valuation } from './decide.ts';
import type { PostbackInput } from './params.ts';

/** An offer's own payout terms: the routed offer's, or an archived or deleted one's last stored. */
export interface OfferPayout {
  payoutAuto: boolean;
  payoutMicros: number;
  currency: string;
}

/**
 * The payout a postback sets and the one a new conversion falls back to. A fixed-payout offer is worth
 * its payout whatever the network says; with automatic payout the network's amount counts (in its
 * currency, else the offer's), the offer's payout being the fallback. A click whose offer or network is
 * archived, deleted or unknown (`live` false) fails closed: it takes the offer's last payout (nothing
 * when no trace of the offer is left), never the postback's, which anyone holding a click id could set.
 */
export function payoutOf(
  offer: OfferPayout | null,
  live: boolean,
  input: PostbackInput,
  rates: CurrencyRates,
): { payout: Money | null; defaultPayout: Money } {
  const defaultPayout: Money = offer
    ? { micros: offer.payoutMicros, currency: offer.currency }
    : { micros: 0, currency: rates.base };
  const automatic = live && offer?.payoutAuto === true;
  const payout =
    automatic && input.payoutMicros !== null
      ? { micros: input.payoutMicros, currency: input.currency ?? defaultPayout.currency }
      : null;
  return { payout, defaultPayout };
}

/**
 * Base revenue of a payout and what the campaign pays for the conversion: CPA its cost per conversion,
 * RevShare its share of the revenue (costMicros holds the percentage in micro-units), other models
 * nothing here (they are charged per click).
 */
export function valuation(
  campaign: RoutedCampaign | undefined,
  rates: CurrencyRates,
): (payout: Money) => Valuation {
  return (payout) => {
    const revenueMicros = toBaseMicros(payout.micros, payout.currency, rates);
    let costMicros = 0;
    if (campaign?.costModel === 'cpa')
      costMicros = toBaseMicros(campaign.costMicros, campaign.currency, rates);
    else if (campaign?.costModel === 'revshare') {
      costMicros = Math.round((revenueMicros * campaign.costMicros) / (100 * MICROS_PER_UNIT));
    }
    return { revenueMicros, costMicros };
  };
}
