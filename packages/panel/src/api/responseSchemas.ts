// The response schemas of the panel's own calls (calls.ts, the mode call). The calls made before the
// first screen renders are among them, so this module (and zod with it) is fetched with the first
// answer to check, through responseSchema() below, never in the first chunk.
import { panelLinksSchema } from '@cairn/contract';
import { z } from 'zod';

export {
  authSecretResponseSchema,
  backupListResponseSchema,
  canCreateUsersResponseSchema,
  hideProfitResponseSchema,
  okResponseSchema,
  roleResponseSchema,
  signInResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorStatusResponseSchema,
  updatesCheckResponseSchema,
} from '@cairn/contract';

/** Any mode but demo means normal (SPEC.md section 3), so the field is read loosely. */
export const modeFieldSchema = z.object({ mode: z.unknown() });

/** The mode call at start: the mode, read loosely, and message links that are no links unless valid. */
export const modeInfoSchema = z.object({
  mode: z.unknown(),
  links: panelLinksSchema.optional().catch(undefined),
});
