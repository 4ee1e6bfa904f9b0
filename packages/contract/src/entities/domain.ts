import { z } from 'zod';
import { entityMetaSchema, notesSchema } from './common.ts';

export { domainListSpec } from './vocabulary.ts';

const HOST_LABELS =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A tracking domain's host name: `track.example.com`, no scheme, port or path. */
export const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Host is required')
  .superRefine((value, ctx) => {
    if (/^[a-z]+:\/\//.test(value) || value.includes('/')) {
      ctx.addIssue({ code: 'custom', message: 'Enter the host only, without http:// or a path' });
    } else if (value.includes(':')) {
      ctx.addIssue({ code: 'custom', message: 'Enter the host without a port' });
    } else if (!HOST_LABELS.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a host name such as track.example.com' });
    }
  });

export const domainFieldsSchema = z.object({
  host: hostSchema,
  // The default domain is the one campaign and lander URLs are built on when none is chosen; making one
  // default takes the flag from the previous default.
  isDefault: z.boolean().default(false),
  notes: notesSchema,
});
export const domainInputSchema = domainFieldsSchema;
export type DomainInput = z.input<typeof domainInputSchema>;
export const domainMassChangesSchema = domainFieldsSchema.pick({ notes: true });

export const domainSchema = entityMetaSchema.extend({
  host: z.string(),
  isDefault: z.boolean(),
  notes: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;
