import type { FlowPath, TriggerFiring } from '@cairn/contract';
import { recordAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import {
  type EntityDefinition,
  type EntityRecord,
  inputOf,
  type PresentEnv,
} from '../entities/definition.ts';
import type { EntityRepository } from '../entities/repository.ts';
import type { EntityService } from '../entities/service.ts';
import { HttpError } from '../http.ts';
import type { StoredAction, TriggerRecord } from './store.ts';

// What a firing run does beyond notifying. Campaign changes go through the entity service, as an edit in
// the panel would (validation, the campaign's audit entry, and the change signal that makes every node's
// routing table take it), acting with the permissions of the user who made the trigger. Each action also
// leaves an audit entry of its own, by no user, naming the trigger.

export interface ActionDeps {
  ctx: AppContext;
  service: EntityService;
  entities: EntityRepository;
}

type FlowItemAction = Extract<StoredAction, { type: 'set_weight' | 'pause_path' }>;

/** Every path of a flow: the default paths and each rule's, with where they sit. */
function pathsOf(flow: { defaultPaths: FlowPath[]; rules: { paths: FlowPath[] }[] }): FlowPath[] {
  return [...flow.defaultPaths, ...flow.rules.flatMap((rule) => rule.paths)];
}

/** Applies the action to the flow in place; false when it was so already. */
function changedFlow(
  flow: { defaultPaths: FlowPath[]; rules: { paths: FlowPath[] }[] },
  action: FlowItemAction,
  firing: TriggerFiring | null,
): boolean {
  if (action.type === 'pause_path') {
    const paths = action.ruleIndex === null ? flow.defaultPaths : flow.rules[action.ruleIndex]?.paths;
    const path = paths?.[action.pathIndex];
    if (!path) throw new HttpError(400, { message: 'The campaign has no such path' });
    if (path.paused) return false;
    path.paused = true;
    return true;
  }
  const itemId = action.itemId ?? Number(firing?.value);
  let found = false;
  let changed = false;
  for (const path of pathsOf(flow)) {
    const items =
      action.item === 'offer'
        ? path.offers.filter((offer) => offer.offerId === itemId)
        : path.landers.filter((lander) => lander.landingId === itemId);
    for (const item of items) {
      found = true;
      // Weights start at 1: a weight of 0 is the item paused in the path.
      const next = action.weight === 0 ? { paused: true } : { weight: action.weight, paused: false };
      if (item.paused !== next.paused || ('weight' in next && item.weight !== next.weight)) changed = true;
      Object.assign(item, next);
    }
  }
  if (!found) throw new HttpError(400, { message: `The ${action.item} is in none of the campaign's paths` });
  return changed;
}

async function editCampaign(
  deps: ActionDeps,
  trigger: TriggerRecord,
  action: FlowItemAction,
  firings: TriggerFiring[],
): Promise<string> {
  const definition = deps.entities.definition('campaign') as EntityDefinition;
  const creator = await deps.ctx.users.findById(trigger.createdBy);
  if (!creator || creator.disabled || creator.role === 'user') {
    throw new Error('The user who made this trigger can no longer edit campaigns');
  }
  const record = (await deps.entities.find(
    deps.ctx.store,
    definition,
    action.campaignId,
  )) as EntityRecord | null;
  if (!record) throw new Error(`Campaign ${action.campaignId} no longer exists`);
  const input = inputOf(definition, record);
  const flow = structuredClone(input.flow) as {
    defaultPaths: FlowPath[];
    rules: { paths: FlowPath[] }[];
  } | null;
  if (!flow) throw new Error(`Campaign ${action.campaignId} uses a rotation: its paths are the rotation's`);
  // One change per item that fired, or one for an action naming its item.
  const targets = action.type === 'set_weight' && action.itemId === null ? firings : [null];
  let changed = false;
  for (const firing of targets) changed = changedFlow(flow, action, firing) || changed;
  if (!changed) return 'already so';
  const env: PresentEnv = { baseUrl: '', paths: deps.ctx.tracking.engine.settings.paths };
  try {
    await deps.service.replace(creator, definition, action.campaignId, { ...input, flow }, env);
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { message?: string; errors?: { message: string }[] };
      throw new Error(body.errors?.map((item) => item.message).join('; ') ?? body.message ?? 'Refused');
    }
    throw error;
  }
  return 'done';
}

async function addToList(deps: ActionDeps, trigger: TriggerRecord, list: string, firings: TriggerFiring[]) {
  const now = deps.ctx.config.now();
  let added = 0;
  for (const firing of firings) {
    const params = [list, firing.trafficSourceId ?? 0, String(firing.value)];
    const present = await deps.ctx.store.query(
      'SELECT 1 FROM token_lists WHERE list = $1 AND traffic_source_id = $2 AND value = $3',
      params,
    );
    if (present.length > 0) continue;
    await deps.ctx.store.execute(
      'INSERT INTO token_lists (list, traffic_source_id, value, added_at, trigger_id) VALUES ($1, $2, $3, $4, $5)',
      [...params, now, trigger.id],
    );
    added += 1;
  }
  return `${added} added`;
}

async function markDomain(deps: ActionDeps, trigger: TriggerRecord, domainId: number) {
  await deps.ctx.store.execute('DELETE FROM domain_attention WHERE domain_id = $1', [domainId]);
  await deps.ctx.store.execute(
    'INSERT INTO domain_attention (domain_id, reason, marked_at, trigger_id) VALUES ($1, $2, $3, $4)',
    [domainId, `Trigger "${trigger.name}" fired`, deps.ctx.config.now(), trigger.id],
  );
  return 'marked';
}

/** Runs one non-notify action for the run's firings and audits it; throws with a message to show. */
export async function act(
  deps: ActionDeps,
  trigger: TriggerRecord,
  action: StoredAction,
  firings: TriggerFiring[],
): Promise<void> {
  let result: string;
  switch (action.type) {
    case 'set_weight':
    case 'pause_path':
      result = await editCampaign(deps, trigger, action, firings);
      break;
    case 'add_to_list':
      result = await addToList(deps, trigger, action.list, firings);
      break;
    case 'mark_domain':
      result = await markDomain(deps, trigger, action.domainId);
      break;
    default:
      return;
  }
  const { sealed, ...shown } = action as StoredAction;
  void sealed;
  await recordAudit(deps.ctx.store, deps.ctx.config.now(), {
    userId: null,
    action: 'trigger_action_done',
    ...('campaignId' in shown ? { entityKind: 'campaign', entityId: shown.campaignId } : {}),
    ...('domainId' in shown ? { entityKind: 'domain', entityId: shown.domainId } : {}),
    details: {
      trigger: { id: trigger.id, name: trigger.name },
      action: shown,
      result,
      rows: firings.map((firing) => firing.key),
    },
  });
}
