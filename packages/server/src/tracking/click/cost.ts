import { decimalToMicrosRounded } from '@cairn/contract';
import { type CurrencyRates, toBaseMicros } from '../../events/money.ts';
import type { RoutedCampaign, RoutedSource } from '../routing/table.ts';

/** Largest cost one click may report through the source's cost parameter (1 000 units). */
const MAX_AUTO_COST_MICROS = 1_000_000_000;

/**
 * What one click costs, in base-currency micros. CPC charges the campaign cost per click and CPM a
 * thousandth of it; with automatic cost the source's cost parameter says what this click cost (the
 * campaign cost is the fallback). CPA and RevShare are charged when a conversion arrives, `none` never.
 * A traffic-loss share set on the source spreads what the source bills for clicks that never arrive
 * over the clicks that do: cost / (1 - loss%).
 */
export function clickCostMicros(
  campaign: RoutedCampaign,
  source: RoutedSource | undefined,
  param: (name: string) => string | null,
  rates: CurrencyRates,
): number {
  let micros = 0;
  if (campaign.costModel === 'cpc' || campaign.costModel === 'cpm') {
    micros = campaign.costModel === 'cpc' ? campaign.costMicros : campaign.costMicros / 1000;
    if (campaign.costAuto && source?.costParam) {
      const reported = param(source.costParam);
      const parsed = reported ? decimalToMicrosRounded(reported) : null;
      if (parsed !== null && parsed <= MAX_AUTO_COST_MICROS) micros = parsed;
    }
  }
  const loss = source?.trafficLossPercent ?? 0;
  if (micros > 0 && loss > 0 && loss < 100) micros /= 1 - loss / 100;
  return toBaseMicros(micros, campaign.currency, rates);
}
