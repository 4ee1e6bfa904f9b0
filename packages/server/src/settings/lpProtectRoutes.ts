import {
  LP_PROTECT_PATHS,
  type LpProtectRotation,
  type LpProtectSettings,
  lpProtectSettingsSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { Guard } from '../auth/guard.ts';
import { randomToken } from '../auth/secrets.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../http.ts';
import { timestamp } from '../store/config/port.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { SETTING_LP_PROTECT } from './keys.ts';
import { readLpProtect } from './readers.ts';
import { setSetting } from './store.ts';

// Settings > LP protect. Everyone signed in reads the settings, since the lander form starts from the
// default and shows the check for the chosen answer; only admins change them or rotate the secrets.

export function registerLpProtectRoutes(api: FastifyInstance, ctx: AppContext, guard: Guard): void {
  api.get(LP_PROTECT_PATHS.settings, async (request): Promise<LpProtectSettings> => {
    guard.requireUser(request);
    return readLpProtect(ctx.store);
  });

  api.put(LP_PROTECT_PATHS.settings, async (request): Promise<LpProtectSettings> => {
    const user = guard.requireAdmin(request);
    const settings = parseInput(lpProtectSettingsSchema, request.body);
    const before = await readLpProtect(ctx.store);
    await ctx.store.transaction(async (tx) => {
      await setSetting(tx, SETTING_LP_PROTECT, JSON.stringify(settings));
      await recordAudit(tx, ctx.config.now(), {
        userId: user.id,
        action: 'lp_protect_changed',
        details: { before, after: settings },
      });
    });
    // Every node signs keys with the new lifetime, and answers hosted landers' unprotected visits anew.
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return settings;
  });

  // After a leak (a secret pasted where it should not be, a lander's code shared), every protected lander
  // gets a new secret at once: keys signed with an old one stop passing everywhere.
  api.post(LP_PROTECT_PATHS.rotate, async (request): Promise<LpProtectRotation> => {
    const user = guard.requireAdmin(request);
    const now = ctx.config.now();
    const ids = await ctx.store.transaction(async (tx) => {
      const rows = await tx.query<{ id: number | bigint }>(
        'SELECT id FROM landings WHERE lp_protect AND lp_protect_key IS NOT NULL ORDER BY id',
      );
      const rotated = rows.map((row) => Number(row.id));
      for (const id of rotated) {
        await tx.execute(
          'UPDATE landings SET lp_protect_key = $1, updated_at = CAST($2 AS TIMESTAMPTZ) WHERE id = $3',
          [randomToken(18), timestamp(now), id],
        );
      }
      // The secrets themselves stay out of the log: it is read by more people than the landers' code.
      await recordAudit(tx, now, {
        userId: user.id,
        action: 'lp_protect_secrets_rotated',
        details: { landers: rotated },
      });
      return rotated;
    });
    // Through the entity signal, so every node's routing table reloads the landers and signs with the new
    // secrets; hosted landers read them from the store on each visit.
    for (const id of ids) await ctx.changes.emit('landing', id);
    return { rotated: ids.length };
  });
}
