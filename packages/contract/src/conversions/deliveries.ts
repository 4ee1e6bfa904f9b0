import { z } from 'zod';

// Where a conversion is delivered and how each delivery stands, as the conversion log and the retry route
// answer it (../conversions.ts).

/**
 * Delivery of the S2S postback to the traffic source: none (no postback URL, or the source's mode
 * leaves this conversion out), skipped (held back by the source's postback %, or disable_postback),
 * pending (waiting for its first or next attempt), delivered (a 2xx came back), failed (no 2xx for a day).
 */
export const S2S_STATES = ['none', 'skipped', 'pending', 'delivered', 'failed'] as const;
export type S2sState = (typeof S2S_STATES)[number];

export const s2sDeliverySchema = z.object({
  state: z.enum(S2S_STATES),
  attempts: z.number().int(),
  /** HTTP status of the last attempt; null before one, when it got no answer, or for plain users. */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed; shown to admins only (the remote's answer is theirs to read). */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type S2sDelivery = z.infer<typeof s2sDeliverySchema>;

/**
 * Where a conversion is delivered: the traffic source's S2S postback, or an ad platform's conversion API
 * (integrations/).
 */
export const DELIVERY_DESTINATIONS = ['s2s', 'meta', 'google_ads', 'tiktok'] as const;
export type DeliveryDestination = (typeof DELIVERY_DESTINATIONS)[number];
export const DELIVERY_DESTINATION_NAMES: Readonly<Record<DeliveryDestination, string>> = {
  s2s: 'S2S postback',
  meta: 'Meta',
  google_ads: 'Google Ads',
  tiktok: 'TikTok',
};

/** One destination's delivery of a conversion: its newest outbox row (a refund follows the sale's). */
export const conversionDeliverySchema = z.object({
  destination: z.enum(DELIVERY_DESTINATIONS),
  state: z.enum(S2S_STATES),
  attempts: z.number().int(),
  /** HTTP status of the last attempt; admins only. */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed; admins only. */
  lastError: z.string().nullable(),
  /** When it was last sent (ISO); null before the first attempt. */
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type ConversionDelivery = z.infer<typeof conversionDeliverySchema>;

/** `?destination=` of the retry route: which of the conversion's deliveries to send again (S2S unless said). */
export const deliveryRetryQuerySchema = z.object({
  destination: z
    .enum(DELIVERY_DESTINATIONS, { error: `destination is one of ${DELIVERY_DESTINATIONS.join(', ')}` })
    .default('s2s'),
});
