import crypto from 'node:crypto';
import {
  campaignInputSchema,
  campaignListSpec,
  campaignMassChangesSchema,
  campaignPath,
  type ErrorItem,
  entityIdParamsSchema,
  type Flow,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit.ts';
import { HttpError, parseInput, validationError } from '../../http.ts';
import type { Sql } from '../../store/config/port.ts';
import type { EntityDefinition, EntityRecord } from '../definition.ts';
import { checkCampaignLoops, checkFlowReferences, firstPathOf, parseFlow } from '../flowReferences.ts';
import type { KindRouteEnv } from '../routeContext.ts';
import { campaignUrlParams } from './trafficSource.ts';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 12 characters of a 36-letter alphabet (62 bits): unguessable, and short enough to type. */
export function newCampaignKey(): string {
  let key = '';
  for (let i = 0; i < 12; i += 1) key += KEY_ALPHABET[crypto.randomInt(KEY_ALPHABET.length)];
  return key;
}

async function unusedCampaignKey(sql: Sql): Promise<string> {
  for (;;) {
    const key = newCampaignKey();
    const taken = await sql.query('SELECT id FROM campaigns WHERE key = $1', [key]);
    if (taken.length === 0) return key;
  }
}

/** `https://trk.example/click?key=KEY&<the source's parameters with its placeholders>`. */
export function campaignUrl(baseUrl: string, clickPath: string, key: string, sourceParams: string): string {
  return `${baseUrl}${clickPath}?key=${key}${sourceParams ? `&${sourceParams}` : ''}`;
}

/**
 * Database checks a schema cannot make: flow references, campaign targets that loop back, and an auto
 * cost needs a cost parameter.
 */
async function checkCampaign(
  tx: Sql,
  id: number,
  values: Record<string, unknown>,
  previous: EntityRecord | null,
): Promise<ErrorItem[]> {
  const errors: ErrorItem[] = [];
  const flow = values.flow ? (values.flow as Flow) : null;
  if (flow) {
    errors.push(...(await checkFlowReferences(tx, flow, parseFlow(previous?.flow ?? null))));
  }
  // Either way of choosing a flow can make a loop; a missing target was reported just above.
  if (errors.length === 0 && ('flow' in values || 'rotationId' in values)) {
    errors.push(
      ...(await checkCampaignLoops(tx, [id], (next) =>
        flow ? firstPathOf(flow, 'campaign', next, 'flow.') : 'rotationId',
      )),
    );
  }
  const costAuto = values.costAuto ?? previous?.costAuto;
  const sourceId = values.trafficSourceId === undefined ? previous?.trafficSourceId : values.trafficSourceId;
  // Checked when either side changes here; archiving or renaming never trips over a source edited since.
  if (costAuto === true && ('costAuto' in values || 'trafficSourceId' in values)) {
    const rows =
      sourceId === null || sourceId === undefined
        ? []
        : await tx.query<{ name: string; cost: string | null }>(
            'SELECT name, cost FROM traffic_sources WHERE id = $1',
            [sourceId as number],
          );
    const source = rows[0];
    if (!source) {
      errors.push({
        message: 'An automatic cost comes from the traffic source: choose one',
        detail: { field: 'costAuto' },
      });
    } else if (source.cost === null) {
      errors.push({
        message: `Traffic source "${source.name}" has no cost parameter to read the cost from`,
        detail: { field: 'costAuto' },
      });
    }
  }
  return errors;
}

export const campaignDefinition: EntityDefinition = {
  kind: 'campaign',
  table: 'campaigns',
  noun: 'campaign',
  nounPlural: 'campaigns',
  fields: {
    name: { type: 'text' },
    key: { type: 'text', derived: true },
    groupId: { type: 'integer' },
    trafficSourceId: { type: 'integer' },
    domainId: { type: 'integer' },
    costModel: { type: 'text' },
    costAuto: { type: 'boolean' },
    costMicros: { type: 'integer' },
    currency: { type: 'text' },
    redirectMode: { type: 'text' },
    uniquenessHours: { type: 'integer' },
    status: { type: 'text' },
    rotationId: { type: 'integer' },
    flow: { type: 'json' },
    notes: { type: 'text' },
  },
  inputSchema: campaignInputSchema,
  massChangesSchema: campaignMassChangesSchema,
  listSpec: campaignListSpec,
  searchFields: ['name', 'key', 'notes'],
  computed: {
    // The rotation's flow is read with the campaign, so a rotation change is what the campaign shows.
    rotationFlow: 'SELECT r.flow FROM rotations r WHERE r.id = t.rotation_id',
    domainHost: 'SELECT d.host FROM domains d WHERE d.id = t.domain_id',
    sourceTokens: 'SELECT s.tokens FROM traffic_sources s WHERE s.id = t.traffic_source_id',
    sourceExternalId: 'SELECT s.external_id FROM traffic_sources s WHERE s.id = t.traffic_source_id',
    sourceCost: 'SELECT s.cost FROM traffic_sources s WHERE s.id = t.traffic_source_id',
  },
  references: [
    { field: 'groupId', kind: 'group', groupKind: 'campaign' },
    { field: 'trafficSourceId', kind: 'traffic_source' },
    { field: 'domainId', kind: 'domain' },
    { field: 'rotationId', kind: 'rotation' },
  ],
  // The key survives every edit; only the regenerate call replaces it.
  derive: (_values, previous) => ({ key: previous?.key ?? newCampaignKey() }),
  async afterWrite({ tx, id, values, previous }) {
    const errors = await checkCampaign(tx, id, values, previous);
    // Thrown inside the write's transaction, so nothing of the refused change is kept.
    if (errors.length > 0) throw validationError(errors);
  },
  present: (record, env) => {
    const { rotationFlow, domainHost, sourceTokens, sourceExternalId, sourceCost, ...campaign } = record;
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null));
    const sourceParams =
      campaign.trafficSourceId === null
        ? ''
        : campaignUrlParams({
            tokens: json(sourceTokens),
            externalId: json(sourceExternalId),
            cost: json(sourceCost),
          });
    const baseUrl = typeof domainHost === 'string' ? `https://${domainHost}` : env.baseUrl;
    return {
      ...campaign,
      effectiveFlow: campaign.rotationId === null ? campaign.flow : json(rotationFlow),
      url: campaignUrl(baseUrl, env.paths.click, String(campaign.key), sourceParams),
    };
  },
};

/** `POST /api/campaign/{id}/regenerate_key`: a leaked or reused campaign URL stops working at once. */
export function registerCampaignKeyRoute(
  app: FastifyInstance,
  { context, entities, now }: KindRouteEnv,
): void {
  const definition = entities.definition('campaign');
  if (!definition) return;
  app.post(campaignPath.regenerateKeyRoute, async (request) => {
    const { id } = parseInput(entityIdParamsSchema, request.params);
    const user = await context.authorized(request, 'campaign', 'write', id);
    const record = await context.service.store.transaction(async (tx) => {
      const previous = await entities.find(tx, definition, id);
      if (!previous) throw new HttpError(404, { message: `Campaign ${id} not found` });
      const key = await unusedCampaignKey(tx);
      await entities.update(tx, definition, id, { key });
      await recordAudit(tx, now(), {
        userId: user.id,
        action: 'campaign_key_regenerated',
        entityKind: 'campaign',
        entityId: id,
        details: { changes: { key: { before: previous.key, after: key } } },
      });
      return entities.find(tx, definition, id);
    });
    if (!record) throw new HttpError(404, { message: `Campaign ${id} not found` });
    await context.service.announce('campaign', [id]);
    return definition.present(record, await context.presentEnv(request));
  });
}
