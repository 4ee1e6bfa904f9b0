import { z } from 'zod';

export const ROLES = ['super_admin', 'admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const MODES = ['demo', 'normal'] as const;
export const modeSchema = z.enum(MODES);
export type Mode = z.infer<typeof modeSchema>;

export { DEMO_ACCOUNT } from './vocabulary.ts';

export const LOGIN_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const loginSchema = z
  .string()
  .trim()
  .min(1, 'Login is required')
  .max(LOGIN_MAX_LENGTH, `Login is at most ${LOGIN_MAX_LENGTH} characters`);
// Sign-in accepts any non-empty password (old accounts may predate a rule); new passwords follow the rule.
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password is at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInRequestSchema = z.object({
  login: loginSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const SIGN_IN_STATUSES = ['ok', 'need_two_factor'] as const;
export const signInResponseSchema = z.object({ status: z.enum(SIGN_IN_STATUSES) });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'The code is 6 digits');
export const twoFactorSignInRequestSchema = z.object({ code: totpCodeSchema });
export type TwoFactorSignInRequest = z.infer<typeof twoFactorSignInRequestSchema>;

export const roleResponseSchema = z.object({ id: z.string(), role: roleSchema, username: z.string() });
export type RoleResponse = z.infer<typeof roleResponseSchema>;

// At most 15 digits, like entity ids: a longer one is no id the store can hold (a 400, never a 500).
export const userIdParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'The id is a positive integer'),
});
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

export const canCreateUsersResponseSchema = z.object({ canCreateUsers: z.boolean() });
export type CanCreateUsersResponse = z.infer<typeof canCreateUsersResponseSchema>;
export const hideProfitResponseSchema = z.object({ hideProfit: z.boolean() });
export type HideProfitResponse = z.infer<typeof hideProfitResponseSchema>;

export const authSecretResponseSchema = z.object({ secret: z.string() });
export type AuthSecretResponse = z.infer<typeof authSecretResponseSchema>;

/** Account-security changes ask for the password again, so a session left open is not enough for them. */
export const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH);
export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const okResponseSchema = z.object({ status: z.literal('ok') });
export type OkResponse = z.infer<typeof okResponseSchema>;

export const twoFactorStatusResponseSchema = z.object({ enabled: z.boolean(), pending: z.boolean() });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;
export const twoFactorEnableResponseSchema = z.object({
  // Base32 secret for manual entry and the otpauth:// URI to render as a QR code.
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;
export const twoFactorCodeRequestSchema = z.object({ code: totpCodeSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;
export const twoFactorEnableRequestSchema = z.object({ currentPassword: currentPasswordSchema });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;
export const twoFactorDisableRequestSchema = z.object({
  code: totpCodeSchema,
  currentPassword: currentPasswordSchema,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;
export const authSecretRotateRequestSchema = z.object({ currentPassword: currentPasswordSchema });
export type AuthSecretRotateRequest = z.infer<typeof authSecretRotateRequestSchema>;
