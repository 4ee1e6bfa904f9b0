import { z } from 'zod';
import { entityIdSchema } from '../entities/common.ts';
import { FLOW_WEIGHT_MAX } from '../entities/flow.ts';
import {
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  type ReportDimension,
  type ReportMetric,
  reportMetricsSchema,
} from '../reports/dimensions.ts';

// Triggers: rules on report numbers that notify and act. A trigger reads one report over a window (the
// rows of its scope dimension), checks its conditions on each row that has enough data, and for the rows
// that hold (outside their cool-down) runs its actions once per run. Channel secrets (webhook URLs, bot
// tokens, SMTP passwords) are write-only: answers say that one is set, never what it is.

export const TRIGGER_PATHS = {
  list: '/api/triggers',
  item: '/api/triggers/:id',
  run: '/api/triggers/:id/run',
  backtest: '/api/triggers/:id/backtest',
  runs: '/api/triggers/:id/runs',
  tokenLists: '/api/trigger-lists',
  attention: '/api/trigger-attention',
  attentionItem: '/api/trigger-attention/:id',
  domainChecks: '/api/trigger-attention/check',
} as const;

export function triggerPath(template: string, id: number): string {
  return template.replace(':id', String(id));
}

const TOKEN_DIMENSIONS = REPORT_DIMENSIONS.filter((dimension) => dimension.startsWith('token_')) as Extract<
  ReportDimension,
  `token_${number}`
>[];
/** What a trigger's rows are: entities, or the values of a token (grouped under their traffic source). */
export const TRIGGER_DIMENSIONS = [
  'campaign',
  'offer',
  'landing',
  'traffic_source',
  ...TOKEN_DIMENSIONS,
] as const;
export type TriggerDimension = (typeof TRIGGER_DIMENSIONS)[number];
export const isTokenDimension = (dimension: string): boolean => dimension.startsWith('token_');

/** Filters narrowing the scope: ids of entities, or token values. */
export const TRIGGER_FILTER_DIMENSIONS = ['campaign', 'offer', 'landing', 'traffic_source'] as const;

export const triggerScopeSchema = z.object({
  dimension: z.enum(TRIGGER_DIMENSIONS, { error: `One of ${TRIGGER_DIMENSIONS.join(', ')}` }),
  filters: z
    .partialRecord(z.enum(TRIGGER_FILTER_DIMENSIONS), z.array(entityIdSchema).max(1000, 'At most 1000 ids'))
    .default({}),
});
export type TriggerScope = z.output<typeof triggerScopeSchema>;

export const TRIGGER_WINDOW_UNITS = ['minutes', 'hours', 'days', 'today'] as const;
export const triggerWindowSchema = z
  .object({
    unit: z.enum(TRIGGER_WINDOW_UNITS, { error: `One of ${TRIGGER_WINDOW_UNITS.join(', ')}` }),
    /** How many units back from the check; ignored for today (midnight in the tracker's zone until now). */
    amount: z
      .number()
      .int('A whole number')
      .min(1, 'At least 1')
      .max(90 * 24 * 60, 'Too long')
      .default(1),
  })
  .refine((window) => window.unit !== 'days' || window.amount <= 90, {
    message: 'At most 90 days',
    path: ['amount'],
  });
export type TriggerWindow = z.output<typeof triggerWindowSchema>;

export const TRIGGER_OPERATORS = ['>', '>=', '<', '<=', '=', 'drop'] as const;
export type TriggerOperator = (typeof TRIGGER_OPERATORS)[number];

/**
 * A metric against a number. Ratios (roi, cr, lpCtr) are in percent, money in micro-units. `drop` holds
 * when the metric fell by at least `value` percent against the window before (which must be above 0).
 */
export const triggerConditionSchema = z.object({
  metric: z.enum(REPORT_METRICS, { error: 'Not a report metric' }),
  operator: z.enum(TRIGGER_OPERATORS, { error: `One of ${TRIGGER_OPERATORS.join(' ')}` }),
  value: z.number({ error: 'A number' }).finite('A number'),
});
export type TriggerCondition = z.output<typeof triggerConditionSchema>;

export const triggerConditionsSchema = z.object({
  combine: z.enum(['and', 'or']).default('and'),
  items: z.array(triggerConditionSchema).min(1, 'At least one condition').max(20, 'At most 20 conditions'),
});

const secretText = (what: string) => z.string().trim().min(1, `${what} is required`).max(2000);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((text) => /^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text), 'An http(s) URL');

/**
 * Actions as they are sent. Secret fields may be left out when editing: the stored one is kept (matched by
 * the action's position and type).
 */
export const triggerActionInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('webhook'), url: httpUrl.optional() }),
  z.object({ type: z.literal('slack'), url: httpUrl.optional() }),
  z.object({
    type: z.literal('telegram'),
    botToken: secretText('The bot token').optional(),
    chatId: z.string().trim().min(1, 'The chat id is required').max(100),
    /** Where the Bot API answers; a self-hosted Bot API server instead of api.telegram.org. */
    apiBase: httpUrl.default('https://api.telegram.org'),
  }),
  z.object({
    type: z.literal('email'),
    host: z.string().trim().min(1, 'The SMTP host is required').max(253),
    port: z.number().int().min(1).max(65535).default(587),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    tls: z.boolean().default(false),
    user: z.string().trim().max(200).default(''),
    password: z.string().max(500).optional(),
    from: z.email('An email address'),
    to: z.array(z.email('An email address')).min(1, 'At least one recipient').max(20),
  }),
  z.object({
    type: z.literal('set_weight'),
    campaignId: entityIdSchema,
    item: z.enum(['offer', 'lander']),
    /** null: the offer or lander of the row that fired (a trigger scoped to offers or landers). */
    itemId: entityIdSchema.nullable().default(null),
    /** 0 pauses the item in the campaign's paths. */
    weight: z.number().int().min(0).max(FLOW_WEIGHT_MAX),
  }),
  z.object({
    type: z.literal('pause_path'),
    campaignId: entityIdSchema,
    /** null: one of the default paths; otherwise the rule's position (from 0). */
    ruleIndex: z.number().int().min(0).nullable().default(null),
    pathIndex: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('add_to_list'),
    list: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/, 'Letters, digits, space, dot, dash or underscore'),
  }),
  z.object({ type: z.literal('mark_domain'), domainId: entityIdSchema }),
]);
export type TriggerActionInput = z.output<typeof triggerActionInputSchema>;
export type TriggerActionType = TriggerActionInput['type'];
export const NOTIFY_ACTIONS: readonly TriggerActionType[] = ['webhook', 'slack', 'telegram', 'email'];

export const triggerInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
    enabled: z.boolean().default(false),
    /** Logs firings without acting or notifying. */
    dryRun: z.boolean().default(true),
    scope: triggerScopeSchema,
    window: triggerWindowSchema,
    conditions: triggerConditionsSchema,
    /** A row with fewer clicks in the window is skipped. */
    minClicks: z.number().int().min(0).max(1_000_000_000).default(0),
    checkEveryMinutes: z.number().int().min(1).max(1440).default(15),
    /** After a row fired, it does not fire again for this long. */
    cooldownMinutes: z.number().int().min(0).max(43_200).default(60),
    actions: z.array(triggerActionInputSchema).max(20, 'At most 20 actions').default([]),
  })
  .superRefine((trigger, ctx) => {
    const drops = trigger.conditions.items.some((item) => item.operator === 'drop');
    if (drops && trigger.window.unit === 'today') {
      ctx.addIssue({
        code: 'custom',
        path: ['conditions'],
        message: 'A drop compares with the window before: choose minutes, hours or days',
      });
    }
    for (const [index, action] of trigger.actions.entries()) {
      const entityScope = trigger.scope.dimension === 'offer' || trigger.scope.dimension === 'landing';
      if (action.type === 'set_weight' && action.itemId === null) {
        const wanted = action.item === 'offer' ? 'offer' : 'landing';
        if (!entityScope || trigger.scope.dimension !== wanted) {
          ctx.addIssue({
            code: 'custom',
            path: ['actions', index, 'itemId'],
            message: `Choose the ${action.item}, or scope the trigger to ${action.item}s`,
          });
        }
      }
      if (action.type === 'add_to_list' && !isTokenDimension(trigger.scope.dimension)) {
        ctx.addIssue({
          code: 'custom',
          path: ['actions', index, 'list'],
          message: 'Lists take token values: scope the trigger to a token',
        });
      }
    }
  });
export type TriggerInput = z.output<typeof triggerInputSchema>;

/** An action as answers show it: secrets replaced by whether one is set. */
export const triggerActionSchema = z.union([
  z.object({ type: z.literal('webhook'), secretSet: z.boolean() }),
  z.object({ type: z.literal('slack'), secretSet: z.boolean() }),
  z.object({ type: z.literal('telegram'), secretSet: z.boolean(), chatId: z.string(), apiBase: z.string() }),
  z.object({
    type: z.literal('email'),
    secretSet: z.boolean(),
    host: z.string(),
    port: z.number(),
    tls: z.boolean(),
    user: z.string(),
    from: z.string(),
    to: z.array(z.string()),
  }),
  z.object({
    type: z.literal('set_weight'),
    campaignId: z.number(),
    item: z.enum(['offer', 'lander']),
    itemId: z.number().nullable(),
    weight: z.number(),
  }),
  z.object({
    type: z.literal('pause_path'),
    campaignId: z.number(),
    ruleIndex: z.number().nullable(),
    pathIndex: z.number(),
  }),
  z.object({ type: z.literal('add_to_list'), list: z.string() }),
  z.object({ type: z.literal('mark_domain'), domainId: z.number() }),
]);
export type TriggerAction = z.infer<typeof triggerActionSchema>;

/** One row that met the conditions, with its numbers (and the window before's, for drops). */
export const triggerFiringSchema = z.object({
  at: z.string(),
  key: z.string(),
  dimension: z.enum(TRIGGER_DIMENSIONS),
  value: z.union([z.string(), z.number()]),
  name: z.string(),
  /** For token rows: the traffic source the value came from (0: none). */
  trafficSourceId: z.number().optional(),
  metrics: reportMetricsSchema,
  previous: reportMetricsSchema.optional(),
});
export type TriggerFiring = z.infer<typeof triggerFiringSchema>;

export const TRIGGER_RUN_OUTCOMES = ['fired', 'quiet', 'failed'] as const;
export const triggerRunSchema = z.object({
  id: z.number(),
  at: z.string(),
  outcome: z.enum(TRIGGER_RUN_OUTCOMES),
  dryRun: z.boolean(),
  /** Rows checked, rows skipped for too little data, rows held back by their cool-down. */
  checked: z.number(),
  skippedMinimum: z.number(),
  skippedCooldown: z.number(),
  firings: z.array(triggerFiringSchema),
  /** What went wrong: the report, or an action or channel (by its position). */
  errors: z.array(z.string()),
});
export type TriggerRun = z.infer<typeof triggerRunSchema>;

export const triggerSchema = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  dryRun: z.boolean(),
  scope: z.object({
    dimension: z.enum(TRIGGER_DIMENSIONS),
    filters: z.partialRecord(z.enum(TRIGGER_FILTER_DIMENSIONS), z.array(z.number())),
  }),
  window: z.object({ unit: z.enum(TRIGGER_WINDOW_UNITS), amount: z.number() }),
  conditions: z.object({ combine: z.enum(['and', 'or']), items: z.array(triggerConditionSchema) }),
  minClicks: z.number(),
  checkEveryMinutes: z.number(),
  cooldownMinutes: z.number(),
  actions: z.array(triggerActionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  /** The last failure of a notification channel, until one succeeds again. */
  channelError: z.string().nullable(),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const triggerListSchema = z.object({ items: z.array(triggerSchema) });
export type TriggerList = z.infer<typeof triggerListSchema>;

export const triggerRunListSchema = z.object({ items: z.array(triggerRunSchema) });
export type TriggerRunList = z.infer<typeof triggerRunListSchema>;

export const BACKTEST_DAYS = [1, 7, 30] as const;
export const triggerBacktestRequestSchema = z.object({
  days: z.union([z.literal(1), z.literal(7), z.literal(30)], { error: 'One of 1, 7, 30' }),
});
export const triggerBacktestSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** How often the backtest checked: the trigger's interval, or wider over a long period. */
  stepMinutes: z.number(),
  checks: z.number(),
  firings: z.array(triggerFiringSchema),
});
export type TriggerBacktest = z.infer<typeof triggerBacktestSchema>;

export const tokenListQuerySchema = z.object({
  name: z.string().max(64).optional(),
  trafficSourceId: z
    .string()
    .regex(/^\d{1,15}$/, 'An id')
    .transform(Number)
    .optional(),
});
export const tokenListEntrySchema = z.object({
  list: z.string(),
  trafficSourceId: z.number(),
  value: z.string(),
  addedAt: z.string(),
  triggerId: z.number().nullable(),
});
export const tokenListResponseSchema = z.object({ items: z.array(tokenListEntrySchema) });
export type TokenListResponse = z.infer<typeof tokenListResponseSchema>;

export const domainAttentionSchema = z.object({
  items: z.array(
    z.object({
      domainId: z.number(),
      /** null when the domain has been deleted since. */
      host: z.string().nullable(),
      reason: z.string(),
      markedAt: z.string(),
      triggerId: z.number().nullable(),
    }),
  ),
});
export type DomainAttention = z.infer<typeof domainAttentionSchema>;

export const TRIGGER_METRICS: readonly ReportMetric[] = REPORT_METRICS;

/** What a domain check found: null when the domain resolved and answered on its click path. */
export const domainCheckListSchema = z.object({
  items: z.array(z.object({ domainId: z.number(), host: z.string(), problem: z.string().nullable() })),
});
export type DomainCheckList = z.infer<typeof domainCheckListSchema>;
