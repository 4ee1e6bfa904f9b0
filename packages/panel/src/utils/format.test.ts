import { describe, expect, it, vi } from 'vitest';
import {
  dateFormat,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDuration,
  formatInstant,
  formatMilliseconds,
  formatMoney,
  formatPercentMicros,
  viewerLocale,
} from './format.ts';

describe('formatting for people', () => {
  it('writes an instant in the given zone and locale, and leaves text that is no time alone', () => {
    const at = '2026-11-23T08:16:05.000Z';
    expect(formatDateTime(at, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('23 Nov 2026, 09:16');
    expect(formatDateTime(at, { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'Nov 23, 2026, 3:16 AM',
    );
    expect(formatDate(at, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('23 Nov 2026');
    expect(formatInstant(at, 'en-GB', 'UTC')).toBe('23 Nov 2026, 08:16:05');
    expect(formatInstant(at, 'en-US', 'Asia/Tokyo', false)).toBe('Nov 23, 2026, 5:16 PM');
    expect(formatDateTime('not a time')).toBe('not a time');
  });

  it("writes every date the one way the viewer's own language does, unless told otherwise", () => {
    const at = '2026-11-23T08:16:05.000Z';
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    try {
      expect(viewerLocale()).toBe('de-DE');
      expect(formatDate(at, { timeZone: 'UTC' })).toBe('23.11.2026');
      expect(formatDateTime(at, { timeZone: 'Europe/Berlin' })).toBe('23.11.2026, 09:16');
      expect(formatInstant(at, viewerLocale(), 'UTC')).toBe('23.11.2026, 08:16:05');
      // A chart's own parts of a date come from the same place, in the same language.
      expect(dateFormat({ timeZone: 'UTC' }, { month: 'short', day: 'numeric' }).format(Date.parse(at))).toBe(
        '23. Nov.',
      );
    } finally {
      languages.mockRestore();
    }
  });

  it('writes money with its currency symbol and at least its currency decimals, never rounding micros away', () => {
    expect(formatMoney(2_500_000, 'USD', { locale: 'en-US' })).toBe('$2.50');
    expect(formatMoney(1_234_000_000, 'EUR', { locale: 'en-GB' })).toBe('€1,234.00');
    // A payout reads in cents; the whole amount is there for whoever asks for it.
    expect(formatMoney(2_901_554, 'USD', { locale: 'en-US' })).toBe('$2.90');
    expect(formatMoney(2_901_554, 'USD', { locale: 'en-US', precision: 'full' })).toBe('$2.901554');
    // A price per click keeps up to two decimals more, and only those it has.
    expect(formatMoney(12_500, 'USD', { locale: 'en-US', precision: 'rate' })).toBe('$0.0125');
    expect(formatMoney(12_345, 'USD', { locale: 'en-US', precision: 'rate' })).toBe('$0.0123');
    expect(formatMoney(50_000, 'USD', { locale: 'en-US', precision: 'rate' })).toBe('$0.05');
    expect(formatMoney(1_500_000_000, 'JPY', { locale: 'en-US' })).toBe('¥1,500');
    expect(formatMoney(3_000_000, 'EUR', { locale: 'de-DE' })).toMatch(/^3,00\s€$/);
    // A code Intl does not know still says what it is.
    expect(formatMoney(1_000_000, 'X1', { locale: 'en-US' })).toBe('1 X1');
    expect(formatPercentMicros(40_000_000, { locale: 'en-US' })).toBe('40%');
  });

  it('writes durations and sizes', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(3 * 3600 + 300)).toBe('3 h 5 min');
    expect(formatMilliseconds(850)).toBe('850 ms');
    expect(formatMilliseconds(123_000)).toBe('2 min 3 s');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
