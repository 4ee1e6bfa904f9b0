import type {
  ReportMetric,
  Trigger,
  TriggerAction,
  TriggerActionType,
  TriggerDimension,
  TriggerOperator,
} from '@cairn/contract';

// The form's editable copy of a trigger and the body it saves. Secrets start empty: left empty, the
// server keeps the stored one.

export interface ConditionDraft {
  metric: ReportMetric;
  operator: TriggerOperator;
  value: number | null;
}

export type ActionDraft = { type: TriggerActionType } & Record<string, string | number | boolean | null>;

export interface Draft {
  name: string;
  enabled: boolean;
  dryRun: boolean;
  dimension: TriggerDimension;
  campaignIds: string;
  /** Filters the form does not edit (set through the API): kept as they are. */
  otherFilters: Trigger['scope']['filters'];
  windowUnit: Trigger['window']['unit'];
  windowAmount: number | null;
  combine: 'and' | 'or';
  conditions: ConditionDraft[];
  minClicks: number | null;
  checkEveryMinutes: number | null;
  cooldownMinutes: number | null;
  actions: ActionDraft[];
}

export function newDraft(): Draft {
  return {
    name: '',
    enabled: false,
    dryRun: true,
    dimension: 'campaign',
    campaignIds: '',
    otherFilters: {},
    windowUnit: 'hours',
    windowAmount: 1,
    combine: 'and',
    conditions: [{ metric: 'clicks', operator: '>=', value: 300 }],
    minClicks: 0,
    checkEveryMinutes: 15,
    cooldownMinutes: 60,
    actions: [],
  };
}

export const NEW_ACTIONS: Record<TriggerActionType, ActionDraft> = {
  webhook: { type: 'webhook', url: '', secretSet: false },
  slack: { type: 'slack', url: '', secretSet: false },
  telegram: {
    type: 'telegram',
    botToken: '',
    chatId: '',
    apiBase: 'https://api.telegram.org',
    secretSet: false,
  },
  email: {
    type: 'email',
    host: '',
    port: 587,
    tls: false,
    user: '',
    password: '',
    from: '',
    to: '',
    secretSet: false,
  },
  set_weight: { type: 'set_weight', campaignId: null, item: 'offer', itemId: null, weight: 0 },
  pause_path: { type: 'pause_path', campaignId: null, ruleIndex: null, pathIndex: 0 },
  add_to_list: { type: 'add_to_list', list: 'blacklisted zones' },
  mark_domain: { type: 'mark_domain', domainId: null },
};

function actionDraft(action: TriggerAction): ActionDraft {
  switch (action.type) {
    case 'webhook':
    case 'slack':
      return { type: action.type, url: '', secretSet: action.secretSet };
    case 'telegram':
      return {
        ...NEW_ACTIONS.telegram,
        chatId: action.chatId,
        apiBase: action.apiBase,
        secretSet: action.secretSet,
      };
    case 'email':
      return { ...action, to: action.to.join(', '), password: '' };
    default:
      return { ...action };
  }
}

export function draftOf(trigger: Trigger): Draft {
  return {
    name: trigger.name,
    enabled: trigger.enabled,
    dryRun: trigger.dryRun,
    dimension: trigger.scope.dimension,
    campaignIds: (trigger.scope.filters.campaign ?? []).join(', '),
    otherFilters: Object.fromEntries(
      Object.entries(trigger.scope.filters).filter(([dimension]) => dimension !== 'campaign'),
    ),
    windowUnit: trigger.window.unit,
    windowAmount: trigger.window.amount,
    combine: trigger.conditions.combine,
    conditions: trigger.conditions.items.map((item) => ({ ...item })),
    minClicks: trigger.minClicks,
    checkEveryMinutes: trigger.checkEveryMinutes,
    cooldownMinutes: trigger.cooldownMinutes,
    actions: trigger.actions.map(actionDraft),
  };
}

const ids = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

/** Optional secrets go out only when typed; the rest of an action as it is. */
function actionBody(action: ActionDraft): Record<string, unknown> {
  const { secretSet, ...rest } = action;
  void secretSet;
  const body: Record<string, unknown> = { ...rest };
  for (const secret of ['url', 'botToken', 'password']) if (body[secret] === '') delete body[secret];
  if (action.type === 'email') {
    body.to = String(action.to ?? '')
      .split(/[\s,;]+/)
      .filter(Boolean);
  }
  return body;
}

export function bodyOf(draft: Draft): Record<string, unknown> {
  const campaigns = ids(draft.campaignIds);
  return {
    name: draft.name,
    enabled: draft.enabled,
    dryRun: draft.dryRun,
    scope: {
      dimension: draft.dimension,
      filters: { ...draft.otherFilters, ...(campaigns.length > 0 ? { campaign: campaigns } : {}) },
    },
    window: { unit: draft.windowUnit, amount: draft.windowAmount ?? 1 },
    conditions: { combine: draft.combine, items: draft.conditions },
    minClicks: draft.minClicks ?? 0,
    checkEveryMinutes: draft.checkEveryMinutes,
    cooldownMinutes: draft.cooldownMinutes,
    actions: draft.actions.map(actionBody),
  };
}
