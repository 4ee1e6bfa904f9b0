import { z } from 'zod';
import { entityMetaSchema, groupedKindSchema, nameSchema, notesSchema } from './common.ts';

export { groupListSpec } from './vocabulary.ts';

// A group organises items of one kind (offer groups, lander groups ...). Its kind is fixed at creation:
// moving a group with members to another kind would silently regroup them.
export const groupFieldsSchema = z.object({
  name: nameSchema,
  kind: groupedKindSchema,
  notes: notesSchema,
});
export const groupInputSchema = groupFieldsSchema;
export type GroupInput = z.input<typeof groupInputSchema>;
export const groupMassChangesSchema = groupFieldsSchema.pick({ notes: true });

export const groupSchema = entityMetaSchema.extend({
  name: z.string(),
  kind: groupedKindSchema,
  notes: z.string(),
  /** Items (archived ones included) of the group's kind that are in this group. */
  memberCount: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;
