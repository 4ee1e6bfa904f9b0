// The report pages' formats are the panel's one formatting module (utils/format.ts, which the entity
// pages share); money is written by its one formatter there, rounded to the currency's minor units.
export { formatDuration, formatInstant, formatMoney, type MoneyPrecision } from '../utils/format.ts';
