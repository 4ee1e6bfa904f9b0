import { LP_PROTECT_PATHS, lpProtectRotationSchema, lpProtectSettingsSchema } from '../lpProtect.ts';
import type { ApiRoute } from './catalogue.ts';

const SETTINGS = 'Settings';

/** Settings > LP protect: defaults for new landers, the answer to unprotected visits, secret rotation. */
export const LP_PROTECT_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: LP_PROTECT_PATHS.settings,
    summary: 'LP protect: the default for new landers, key lifetime, and what an unprotected visit gets',
    description: 'Every signed-in user reads them: the lander form starts from the default.',
    tag: SETTINGS,
    access: 'user',
    response: lpProtectSettingsSchema,
  },
  {
    method: 'PUT',
    path: LP_PROTECT_PATHS.settings,
    summary: 'Change the LP protect settings',
    description:
      'The key lifetime applies to keys signed from now on; hosted landers answer unprotected visits as ' +
      'set at once. Audit-logged; every node follows.',
    tag: SETTINGS,
    access: 'admin',
    body: lpProtectSettingsSchema,
    response: lpProtectSettingsSchema,
    bodyExample: {
      defaultOn: true,
      keyLifetimeMinutes: 60,
      unprotectedAction: 'redirect',
      redirectUrl: 'https://example.com/',
      safePageHtml: '',
    },
  },
  {
    method: 'POST',
    path: LP_PROTECT_PATHS.rotate,
    summary: 'Give every protected lander a new secret',
    description:
      'Keys signed with the old secrets stop passing at once, so every lander’s pasted check must be ' +
      'updated with its new secret. Audit-logged; every node signs with the new secrets.',
    tag: SETTINGS,
    access: 'admin',
    response: lpProtectRotationSchema,
    responseExample: { rotated: 12 },
  },
];
