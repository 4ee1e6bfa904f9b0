// Money in the event store is in the tracker's base currency, in integer micro-units. Amounts in another
// currency are converted at the rates kept in the stats settings (units of the base currency for one
// unit of the other); a currency without a rate is taken at par and reported, never dropped.

export interface CurrencyRates {
  base: string;
  /** Units of the base currency one unit of the key's currency is worth. */
  rates: Readonly<Record<string, number>>;
}

export const DEFAULT_RATES: CurrencyRates = { base: 'USD', rates: {} };

export function toBaseMicros(micros: number, currency: string, rates: CurrencyRates): number {
  if (!currency || currency.toUpperCase() === rates.base) return Math.round(micros);
  const rate = rates.rates[currency.toUpperCase()];
  return Math.round(rate === undefined ? micros : micros * rate);
}

/** True when an amount in `currency` has no rate to the base currency. */
export function lacksRate(currency: string, rates: CurrencyRates): boolean {
  const code = currency.toUpperCase();
  return code !== '' && code !== rates.base && rates.rates[code] === undefined;
}
