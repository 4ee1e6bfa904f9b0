import type { ConversionRow } from '@cairn/contract';

// A conversion as `GET /api/conversions` answers it, for the pages' tests: converted 30 minutes after its
// click, paid 13.60 USD by the network (12.50 in the base currency), its S2S postback delivered.

export function conversion(
  clickId: string,
  { status = 'approved', payout }: { status?: ConversionRow['status']; payout?: number | undefined } = {},
): ConversionRow {
  return {
    clickId,
    seq: 1,
    time: '2026-03-02T10:30:00.000Z',
    clickTime: '2026-03-02T10:00:00.000Z',
    timeToConvertSeconds: 1800,
    updatedAt: '2026-03-02T10:30:00.000Z',
    campaign: { id: 3, name: 'Summer sale' },
    offer: { id: 5, name: 'Keto EU' },
    affiliateNetwork: { id: 7, name: 'MaxBounty' },
    trafficSource: { id: 2, name: 'PropellerAds' },
    country: 'DE',
    status,
    networkStatus: 'sale',
    txid: `tx-${clickId}`,
    ...(payout === undefined
      ? {}
      : { revenueMicros: payout, revenueOriginalMicros: 13_600_000, revenueCurrency: 'USD' }),
    costMicros: 0,
    s2s: {
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: '2026-03-02T10:30:01.000Z',
    },
    deliveries: [
      {
        destination: 's2s',
        state: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        lastAttemptAt: '2026-03-02T10:30:01.000Z',
        deliveredAt: '2026-03-02T10:30:01.000Z',
      },
    ],
  };
}
