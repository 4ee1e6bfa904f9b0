import { describe, expect, it } from 'vitest';
import { defaultColumnsSchema, statsSettingsSchema } from './statsSettings.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

describe('stats settings', () => {
  it('reads a zone, a base currency and rates, upper-casing the codes', () => {
    expect(
      statsSettingsSchema.parse({
        timezone: 'Europe/Berlin',
        baseCurrency: 'eur',
        rates: { usd: 0.92, GBP: 1.17 },
      }),
    ).toEqual({ timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: { USD: 0.92, GBP: 1.17 } });
  });

  it('refuses unknown zones, bad codes, rates at or below 0, a rate for the base and extra fields', () => {
    expect(
      messages(statsSettingsSchema.safeParse({ timezone: 'Mars/Olympus', baseCurrency: 'USD', rates: {} })),
    ).toEqual(['timezone: Not an IANA time zone such as Europe/Berlin']);
    expect(
      messages(statsSettingsSchema.safeParse({ timezone: 'UTC', baseCurrency: 'US', rates: { EUR: 0 } })),
    ).toEqual([
      'baseCurrency: Currency is a 3-letter ISO 4217 code such as USD',
      'rates.EUR: A rate is above 0',
    ]);
    expect(
      messages(statsSettingsSchema.safeParse({ timezone: 'UTC', baseCurrency: 'USD', rates: { XX: 1 } })),
    ).toEqual(['rates.XX: Currency is a 3-letter ISO 4217 code such as USD']);
    expect(
      messages(statsSettingsSchema.safeParse({ timezone: 'UTC', baseCurrency: 'USD', rates: { USD: 1 } })),
    ).toEqual(['rates.USD: The base currency needs no rate: it is 1']);
    expect(
      statsSettingsSchema.safeParse({ timezone: 'UTC', baseCurrency: 'USD', rates: {}, extra: 1 }).success,
    ).toBe(false);
  });
});

describe('default columns', () => {
  it('holds metrics for lists and reports and recorded columns for the click log', () => {
    const value = { tables: { campaign: ['clicks', 'profit'], clicklog: ['time', 'user_agent'] } };
    expect(defaultColumnsSchema.parse(value)).toEqual(value);
  });

  it('refuses a column the table does not have, twice the same column, an empty list and unknown tables', () => {
    expect(
      messages(defaultColumnsSchema.safeParse({ tables: { report: ['clicks', 'user_agent'] } })),
    ).toEqual(['tables.report: Unknown column "user_agent"']);
    expect(messages(defaultColumnsSchema.safeParse({ tables: { trends: ['clicks', 'clicks'] } }))).toEqual([
      'tables.trends: A column is named twice',
    ]);
    expect(messages(defaultColumnsSchema.safeParse({ tables: { offer: [] } }))).toEqual([
      'tables.offer: Pick a column',
    ]);
    expect(defaultColumnsSchema.safeParse({ tables: { users: ['clicks'] } }).success).toBe(false);
  });
});
