import { z } from 'zod';
import {
  countryCodeSchema,
  currencySchema,
  entityMetaSchema,
  moneyMicrosSchema,
  nameSchema,
  notesSchema,
  optionalRefSchema,
} from './common.ts';
import { trackedUrlSchema } from './macros.ts';

export { OFFER_IMPORT_FORMAT, offerListSpec } from './vocabulary.ts';

export const offerFieldsSchema = z.object({
  name: nameSchema,
  url: trackedUrlSchema,
  affiliateNetworkId: optionalRefSchema,
  groupId: optionalRefSchema,
  // Auto: the payout comes from each postback; otherwise every conversion is worth payoutMicros.
  payoutAuto: z.boolean().default(false),
  payoutMicros: moneyMicrosSchema.default(0),
  currency: currencySchema.default('USD'),
  // Upsell: a further postback for the same click adds its payout instead of being a duplicate.
  upsell: z.boolean().default(false),
  countryCode: countryCodeSchema.nullable().default(null),
  dailyCap: z
    .number()
    .int('The cap is a whole number of conversions')
    .positive('The cap is at least 1 (leave it empty for no cap)')
    .nullable()
    .default(null),
  dailyClickCap: z
    .number()
    .int('The cap is a whole number of clicks')
    .positive('The cap is at least 1 (leave it empty for no cap)')
    .nullable()
    .default(null),
  // Where clicks go while a cap is reached: another offer, or when null the path's other offers (and, when
  // every one of those is capped too, the capped offer itself: a cap never drops a click).
  capFallbackOfferId: optionalRefSchema,
  notes: notesSchema,
});
export const offerInputSchema = offerFieldsSchema;
export type OfferInput = z.input<typeof offerInputSchema>;
export const offerMassChangesSchema = offerFieldsSchema.omit({ name: true, url: true });

export const offerSchema = entityMetaSchema.extend({
  name: z.string(),
  url: z.string(),
  affiliateNetworkId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  payoutAuto: z.boolean(),
  payoutMicros: z.number().int(),
  currency: z.string(),
  upsell: z.boolean(),
  countryCode: z.string().nullable(),
  dailyCap: z.number().int().nullable(),
  dailyClickCap: z.number().int().nullable(),
  capFallbackOfferId: z.number().int().nullable(),
  notes: z.string(),
  /** The URL a click is sent to: the offer URL with the network's parameter template appended. */
  finalUrl: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** Today's count against an offer's caps (today: since midnight in the tracker's zone), on every node. */
export const offerCapStateSchema = z.object({
  offerId: z.number().int(),
  conversions: z.number().int(),
  clicks: z.number().int(),
  dailyCap: z.number().int().nullable(),
  dailyClickCap: z.number().int().nullable(),
  /** A cap is reached: clicks go to the fallback until midnight in the tracker's zone. */
  capped: z.boolean(),
});
export type OfferCapState = z.infer<typeof offerCapStateSchema>;
export const offerCapsResponseSchema = z.object({ offers: z.array(offerCapStateSchema) });
export type OfferCapsResponse = z.infer<typeof offerCapsResponseSchema>;

export const OFFER_IMPORT_MAX_CHARS = 1_000_000;
export const offerImportRequestSchema = z.object({
  text: z
    .string()
    .min(1, 'Paste at least one line')
    .max(OFFER_IMPORT_MAX_CHARS, `At most ${OFFER_IMPORT_MAX_CHARS} characters`),
});
export type OfferImportRequest = z.infer<typeof offerImportRequestSchema>;
export const offerImportResponseSchema = z.object({
  created: z.array(z.object({ line: z.number().int(), id: z.number().int(), name: z.string() })),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type OfferImportResponse = z.infer<typeof offerImportResponseSchema>;
