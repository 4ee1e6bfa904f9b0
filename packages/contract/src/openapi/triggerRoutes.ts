import {
  domainAttentionSchema,
  domainCheckListSchema,
  TRIGGER_PATHS,
  tokenListQuerySchema,
  tokenListResponseSchema,
  triggerBacktestRequestSchema,
  triggerBacktestSchema,
  triggerInputSchema,
  triggerListSchema,
  triggerRunListSchema,
  triggerRunSchema,
  triggerSchema,
} from '../triggers/triggers.ts';
import type { ApiRoute } from './catalogue.ts';

const TRIGGERS = 'Triggers';

/** Rules on report numbers that notify and act, their run history, backtests and what their actions keep. */
export const TRIGGER_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: TRIGGER_PATHS.list,
    summary: 'Triggers with their state, last check and last firing',
    tag: TRIGGERS,
    access: 'admin',
    response: triggerListSchema,
  },
  {
    method: 'POST',
    path: TRIGGER_PATHS.list,
    summary: 'Create a trigger',
    description:
      'Channel secrets (webhook and Slack URLs, the Telegram bot token, the SMTP password) are stored ' +
      'encrypted and never returned; answers carry `secretSet` instead.',
    tag: TRIGGERS,
    access: 'admin',
    body: triggerInputSchema,
    response: triggerSchema,
    status: 201,
    bodyName: 'TriggerInput',
    responseName: 'Trigger',
    bodyExample: {
      name: 'Losing zones',
      enabled: true,
      dryRun: false,
      scope: { dimension: 'token_1', filters: { campaign: [3] } },
      window: { unit: 'hours', amount: 6 },
      conditions: {
        combine: 'and',
        items: [
          { metric: 'clicks', operator: '>=', value: 300 },
          { metric: 'roi', operator: '<', value: -40 },
        ],
      },
      minClicks: 100,
      checkEveryMinutes: 15,
      cooldownMinutes: 360,
      actions: [{ type: 'add_to_list', list: 'blacklisted zones' }],
    },
  },
  {
    method: 'GET',
    path: TRIGGER_PATHS.item,
    summary: 'One trigger',
    tag: TRIGGERS,
    access: 'admin',
    response: triggerSchema,
    responseName: 'Trigger',
  },
  {
    method: 'PUT',
    path: TRIGGER_PATHS.item,
    summary: 'Replace a trigger; secrets left out are kept',
    tag: TRIGGERS,
    access: 'admin',
    body: triggerInputSchema,
    response: triggerSchema,
    bodyName: 'TriggerInput',
    responseName: 'Trigger',
  },
  {
    method: 'DELETE',
    path: TRIGGER_PATHS.item,
    summary: 'Delete a trigger and its run history',
    tag: TRIGGERS,
    access: 'admin',
  },
  {
    method: 'POST',
    path: TRIGGER_PATHS.run,
    summary: 'Check the trigger now (under the job lock), acting unless it is a dry run',
    tag: TRIGGERS,
    access: 'admin',
    response: triggerRunSchema,
    errors: { 409: 'Triggers are being checked by this or another node' },
  },
  {
    method: 'GET',
    path: TRIGGER_PATHS.runs,
    summary: "The trigger's last runs: fired, quiet or failed, with the numbers",
    tag: TRIGGERS,
    access: 'admin',
    response: triggerRunListSchema,
  },
  {
    method: 'POST',
    path: TRIGGER_PATHS.backtest,
    summary: 'What the trigger would have done over the last days, from the stored events',
    description:
      'Checks the trigger at its interval (wider over a long period: see `stepMinutes`) with its ' +
      'cool-down, and lists each firing with its numbers. Nothing is acted on.',
    tag: TRIGGERS,
    access: 'admin',
    body: triggerBacktestRequestSchema,
    response: triggerBacktestSchema,
  },
  {
    method: 'GET',
    path: TRIGGER_PATHS.tokenLists,
    summary: 'Token values that triggers added to lists, per traffic source (e.g. zones to blacklist)',
    tag: TRIGGERS,
    access: 'admin',
    query: tokenListQuerySchema,
    response: tokenListResponseSchema,
  },
  {
    method: 'GET',
    path: TRIGGER_PATHS.attention,
    summary: 'Tracking domains that triggers marked as needing attention',
    tag: TRIGGERS,
    access: 'admin',
    response: domainAttentionSchema,
  },
  {
    method: 'DELETE',
    path: TRIGGER_PATHS.attentionItem,
    summary: "Clear a domain's mark (by the domain's id)",
    tag: TRIGGERS,
    access: 'admin',
  },
  {
    method: 'POST',
    path: TRIGGER_PATHS.domainChecks,
    summary: 'Check every tracking domain now: it resolves and answers on its click path from this node',
    description:
      'Also runs every 15 minutes on one node. A domain that fails is marked as needing attention; one ' +
      "that passes again loses the mark the checks gave it (a trigger's mark stays until cleared).",
    tag: TRIGGERS,
    access: 'admin',
    response: domainCheckListSchema,
    errors: { 409: 'Domain checks are running on this or another node' },
  },
];
