import { z } from 'zod';
import { entityMetaSchema, nameSchema, notesSchema, optionalRefSchema } from './common.ts';
import { trackedUrlSchema } from './macros.ts';

export { landingListSpec } from './vocabulary.ts';

export const LANDING_OFFERS_MAX = 30;
export const languageSchema = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Language is a code such as en or pt-BR');

export const landingFieldsSchema = z.object({
  name: nameSchema,
  url: trackedUrlSchema,
  // A multi-offer lander links to several offers; its links pick one with to_offer=N.
  offersCount: z
    .number()
    .int('A whole number of offers')
    .min(1, 'At least 1 offer')
    .max(LANDING_OFFERS_MAX, `At most ${LANDING_OFFERS_MAX} offers`)
    .default(1),
  language: languageSchema.nullable().default(null),
  groupId: optionalRefSchema,
  // LP protect: the server keeps a secret for the lander and sends each visitor a key signed with it
  // (`lpkey`, or {lp_key}), which the lander's own code checks, so only visitors the tracker sent see it.
  // Left out on create: the installation's default (Settings > LP protect); on a full update: unchanged.
  lpProtect: z.boolean().optional(),
  notes: notesSchema,
});
export const landingInputSchema = landingFieldsSchema;
export type LandingInput = z.input<typeof landingInputSchema>;
export const landingMassChangesSchema = landingFieldsSchema.omit({ name: true, url: true });

export const landingSchema = entityMetaSchema.extend({
  name: z.string(),
  url: z.string(),
  offersCount: z.number().int(),
  language: z.string().nullable(),
  groupId: z.number().int().nullable(),
  lpProtect: z.boolean(),
  lpProtectKey: z.string().nullable(),
  notes: z.string(),
  /** The link to put on the lander's call-to-action. */
  clickThroughUrl: z.string(),
  /** For multi-offer landers: one link per offer slot (to_offer=1..offersCount); empty otherwise. */
  offerClickThroughUrls: z.array(z.string()),
});
export type Landing = z.infer<typeof landingSchema>;
