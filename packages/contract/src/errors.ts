import { z } from 'zod';

// Outcome of every panel call, whatever its transport status.
export const CALL_STATUSES = [
  'access-denied',
  'cancelled',
  'error',
  'license-expired',
  'not-found',
  'ok',
  'partial-error',
  'server-error',
] as const;
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

// A 401 body always contains this marker; the panel treats it (or any 401) as session loss.
export const AUTHENTICATION_ERROR = 'AUTHENTICATION_ERROR';

export const MESSAGES = {
  wrongCredentials: 'Wrong username or password',
  permissionDenied: 'Permission denied',
  authenticationRequired: `${AUTHENTICATION_ERROR}: sign in required`,
  demoUnavailable: 'This feature is unavailable in the demo version',
  csrf: 'CSRF token missing or invalid',
  tooManyAttempts: 'Too many sign-in attempts, try again later',
  notFound: 'Not found',
  validation: 'Invalid request',
} as const;

export const LICENSE_ERRORS = ['License not found', 'License expired'] as const;
export const licenseErrorBodySchema = z.object({
  error: z.enum(LICENSE_ERRORS),
  trackerId: z.string(),
  message: z.string(),
});
export type LicenseErrorBody = z.infer<typeof licenseErrorBodySchema>;
