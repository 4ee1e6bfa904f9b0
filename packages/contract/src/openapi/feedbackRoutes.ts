import { BETA_PATH, betaSettingsSchema, DIAGNOSTICS_PATH, diagnosticsSchema } from '../feedback.ts';
import type { ApiRoute } from './catalogue.ts';

const SETTINGS = 'Settings';

/** Settings > Feedback's diagnostics bundle. */
export const FEEDBACK_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: DIAGNOSTICS_PATH,
    summary: 'A diagnostics bundle to attach to a bug report',
    description:
      'Version, runtime, store kinds, this node’s figures, the resolved settings and CAIRN_* environment with every secret masked, and the last errors this node logged. Nothing is sent anywhere: the caller downloads it.',
    tag: SETTINGS,
    access: 'admin',
    response: diagnosticsSchema,
  },
];

/** Settings > Beta: the installation's switches for features still marked beta. */
export const BETA_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: BETA_PATH,
    summary: 'Which beta features are turned on',
    tag: SETTINGS,
    access: 'user',
    response: betaSettingsSchema,
  },
  {
    method: 'PUT',
    path: BETA_PATH,
    summary: 'Turn beta features on or off for the installation',
    description: 'A feature left out is off. Audit-logged; every node follows.',
    tag: SETTINGS,
    access: 'admin',
    body: betaSettingsSchema,
    response: betaSettingsSchema,
    bodyExample: { report_period_comparison: true },
  },
];
