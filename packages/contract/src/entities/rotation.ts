import { z } from 'zod';
import { entityMetaSchema, nameSchema, notesSchema, optionalRefSchema } from './common.ts';
import { flowSchema } from './flow.ts';

export { rotationListSpec } from './vocabulary.ts';

// A rotation is a flow kept on its own so many campaigns can use it: changing it changes where the clicks
// of every campaign using it go.
export const rotationFieldsSchema = z.object({
  name: nameSchema,
  groupId: optionalRefSchema,
  flow: flowSchema,
  notes: notesSchema,
});
export const rotationInputSchema = rotationFieldsSchema;
export type RotationInput = z.input<typeof rotationInputSchema>;
export const rotationMassChangesSchema = rotationFieldsSchema.pick({ groupId: true, notes: true });

export const rotationSchema = entityMetaSchema.extend({
  name: z.string(),
  groupId: z.number().int().nullable(),
  flow: flowSchema,
  notes: z.string(),
  /** Campaigns (archived ones included) that use this rotation. */
  campaignCount: z.number().int(),
});
export type Rotation = z.infer<typeof rotationSchema>;
