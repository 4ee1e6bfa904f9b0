import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConversionEvent } from './adapter.ts';
import { fbcOf, metaAdapter, metaEvent } from './meta.ts';

// The event Meta's Conversions API takes, field by field, against its parameters page: what is hashed
// (country, external_id) and what is sent as it is (fbc, client IP, user agent).

const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

const sale: ConversionEvent = {
  kind: 'conversion',
  eventName: 'Lead',
  eventId: 'click-1.1',
  saleEventId: 'click-1.1',
  eventTime: Date.parse('2026-12-07T10:00:00.999Z'),
  valueMicros: 3_250_000,
  currency: 'EUR',
  click: {
    clickId: 'click-1',
    clickTime: 1_796_000_000_123,
    ip: '2a01:e0a::1',
    userAgent: 'Mozilla/5.0 (iPhone)',
    country: 'FR',
    platformClickIds: { fbclid: 'IwAR0xyz' },
  },
};

describe("Meta's Conversions API event", () => {
  it('hashes country and external id, and sends fbc, IP and user agent as they are', () => {
    expect(metaEvent(sale)).toEqual({
      event_name: 'Lead',
      event_time: Math.floor(Date.parse('2026-12-07T10:00:00Z') / 1000),
      event_id: 'click-1.1',
      action_source: 'website',
      user_data: {
        external_id: [sha('click-1')],
        fbc: 'fb.1.1796000000123.IwAR0xyz',
        client_ip_address: '2a01:e0a::1',
        client_user_agent: 'Mozilla/5.0 (iPhone)',
        country: [sha('fr')],
      },
      custom_data: { value: 3.25, currency: 'EUR' },
    });
    expect(fbcOf(5, 'abc')).toBe('fb.1.5.abc');
  });

  it('leaves out what the click did not capture, and names a refund Refund with its negative value', () => {
    const refund = metaEvent({
      ...sale,
      kind: 'refund',
      eventId: 'click-1.1.refund',
      valueMicros: -3_250_000,
      click: { ...sale.click, platformClickIds: {}, country: '', ip: '' },
    });
    expect(refund).toMatchObject({ event_name: 'Refund', custom_data: { value: -3.25, currency: 'EUR' } });
    expect(Object.keys(refund.user_data as object).sort()).toEqual(['client_user_agent', 'external_id']);
  });

  it('queues the request to the pixel without the token', () => {
    const request = metaAdapter.conversionRequest(
      'https://graph.example/v25.0/',
      { pixelId: '1234567' },
      sale,
    );
    expect(request.url).toBe('https://graph.example/v25.0/1234567/events');
    expect(JSON.parse(request.body)).toEqual({ data: [metaEvent(sale)] });
  });
});
