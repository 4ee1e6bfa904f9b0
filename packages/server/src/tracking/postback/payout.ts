import { MICROS_PER_UNIT } from '@cairn/contract';
import { type CurrencyRates, toBaseMicros } from '../money.ts';
import type { RoutedCampaign, RoutedOffer } from '../routing/table.ts';
import type { Money, Valuation } from './decide.ts';
import type { PostbackInput } from './params.ts';

/**
 * The payout a postback sets and the one a new conversion falls back to. A fixed-payout offer is worth
 * its payout whatever the network says; with automatic payout the network's amount counts (in its
 * currency, else the offer's), the offer's payout being the fallback. A click whose offer is gone takes
 * what the network sent.
 */
export function payoutOf(
  offer: RoutedOffer | undefined,
  input: PostbackInput,
  rates: CurrencyRates,
): { payout: Money | null; defaultPayout: Money } {
  const defaultPayout: Money = offer
    ? { micros: offer.payoutMicros, currency: offer.currency }
    : { micros: 0, currency: rates.base };
  const automatic = !offer || offer.payoutAuto;
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
