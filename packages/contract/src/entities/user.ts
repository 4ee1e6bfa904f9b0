import { z } from 'zod';
import { loginSchema, newPasswordSchema, roleSchema } from '../auth.ts';
import { entityMetaSchema, notesSchema } from './common.ts';
import { permissionSchema, permissionsSchema } from './permissions.ts';

export { userListSpec } from './vocabulary.ts';

// Users on the generic REST shape (`/api/user`, `/api/user/{id}` ...), managed by admins and the
// super-admin. The password is write-only: required on create, optional on PUT (absent keeps it).
// There is exactly one super-admin: it cannot be created, deleted, archived, demoted or disabled.
export const userFieldsSchema = z.object({
  login: loginSchema,
  role: roleSchema.default('user'),
  password: newPasswordSchema.optional(),
  /** Admins only: may create users. */
  canCreateUsers: z.boolean().default(false),
  hideProfit: z.boolean().default(false),
  /** A disabled user cannot sign in, and their sessions end. */
  disabled: z.boolean().default(false),
  /** Plain users only; admins see and change everything. */
  permissions: permissionsSchema,
  notes: notesSchema,
});
export const userInputSchema = userFieldsSchema;
export type UserInput = z.input<typeof userInputSchema>;
export const userMassChangesSchema = userFieldsSchema.pick({
  canCreateUsers: true,
  hideProfit: true,
  disabled: true,
  permissions: true,
});

export const userSchema = entityMetaSchema.extend({
  login: z.string(),
  role: roleSchema,
  canCreateUsers: z.boolean(),
  hideProfit: z.boolean(),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  permissions: z.array(permissionSchema),
  notes: z.string(),
});
export type ManagedUser = z.infer<typeof userSchema>;

export const userPath = {
  twoFactorResetRoute: '/api/user/:id/two_factor_reset',
  /** Turns two-factor sign-in off for a user who lost their device; they can set it up again. */
  twoFactorReset: (id: number | string): string =>
    `/api/user/${encodeURIComponent(String(id))}/two_factor_reset`,
} as const;
