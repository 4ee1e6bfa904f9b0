import { z } from 'zod';
import { CALL_STATUSES, LICENSE_ERRORS } from './vocabulary.ts';

export { AUTHENTICATION_ERROR, CALL_STATUSES, LICENSE_ERRORS, MESSAGES } from './vocabulary.ts';

export const callStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof callStatusSchema>;

// `detail` is free-form for the panel's renderer: a string, lines, or key-value pairs. Validation errors
// put the offending field path in `detail.field` so forms can show the message at that field.
export const errorDetailSchema = z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())]);
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorItemSchema = z.object({
  message: z.string(),
  detail: errorDetailSchema.optional(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(errorItemSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const licenseErrorBodySchema = z.object({
  error: z.enum(LICENSE_ERRORS),
  trackerId: z.string(),
  message: z.string(),
});
export type LicenseErrorBody = z.infer<typeof licenseErrorBodySchema>;
