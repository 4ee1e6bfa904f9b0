import {
  type CampaignConversionOut,
  type CampaignConversionOutList,
  type ConversionOut,
  type ConversionOutList,
  conversionDestinationError,
  conversionOutInputSchema,
  INTEGRATION_PATHS,
  INTEGRATION_PLATFORM_NAMES,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { ADAPTERS } from './conversionsOut.ts';
import {
  type ConversionOutRecord,
  type ConversionOutScope,
  type IntegrationStore,
  presentConversionOut,
} from './store.ts';

// Where conversions go out, per traffic source and per campaign (a campaign's setting takes its source's
// place). Both answer alike and keep the same rules: the account must take conversions and the
// destination must be in its platform's form. A change is announced like a settings change, so every
// node's postback path reads it again.

export const CONVERSION_OUT_SCOPES = [
  'traffic_source',
  'campaign',
] as const satisfies readonly ConversionOutScope[];

export const SCOPE_WORDS: Readonly<
  Record<ConversionOutScope, { table: string; param: string; noun: string; plural: string; none: string }>
> = {
  traffic_source: {
    table: 'traffic_sources',
    param: 'trafficSourceId',
    noun: 'traffic source',
    plural: 'Traffic sources',
    none: 'This traffic source sends no conversions out',
  },
  campaign: {
    table: 'campaigns',
    param: 'campaignId',
    noun: 'campaign',
    plural: 'Campaigns',
    none: 'This campaign has no conversions-out setting of its own',
  },
};

const PATHS: Readonly<Record<ConversionOutScope, { list: string; one: string }>> = {
  traffic_source: { list: INTEGRATION_PATHS.conversionsOut, one: INTEGRATION_PATHS.conversionOut },
  campaign: { list: INTEGRATION_PATHS.campaignConversionsOut, one: INTEGRATION_PATHS.campaignConversionOut },
};

const noStore = { 'cache-control': 'no-store' };

type Presented = ConversionOut | CampaignConversionOut;

export function conversionsOutRoutes(
  api: FastifyInstance,
  {
    ctx,
    guard,
    integrations,
    idOf,
    announce,
  }: Pick<FeatureOptions, 'ctx' | 'guard'> & {
    integrations: IntegrationStore;
    idOf: (request: FastifyRequest, name: string, what: string) => number;
    announce: () => unknown;
  },
): void {
  const { now } = ctx.config;
  const out = ctx.tracking.conversions.out;

  const present = (record: ConversionOutRecord, platform: Parameters<typeof presentConversionOut>[1]) => {
    const setting = presentConversionOut(record, platform);
    return (
      record.scope === 'campaign'
        ? { campaignId: record.ownerId, ...setting }
        : { trafficSourceId: record.ownerId, ...setting }
    ) as Presented;
  };

  for (const scope of CONVERSION_OUT_SCOPES) {
    const words = SCOPE_WORDS[scope];
    const paths = PATHS[scope];

    api.get(paths.list, async (request, reply): Promise<ConversionOutList | CampaignConversionOutList> => {
      guard.requireAdmin(request);
      reply.headers(noStore);
      const platforms = new Map((await integrations.accounts()).map((one) => [one.id, one.platform]));
      const items = (await integrations.conversionsOut(scope)).map((one) =>
        present(one, platforms.get(one.accountId) ?? 'meta'),
      );
      return { items } as ConversionOutList | CampaignConversionOutList;
    });

    api.put(paths.one, async (request): Promise<Presented> => {
      const user = guard.requireAdmin(request);
      const ownerId = idOf(request, words.param, words.noun);
      const input = parseInput(conversionOutInputSchema, request.body);
      const [owner] = await ctx.store.query(`SELECT id FROM ${words.table} WHERE id = $1`, [ownerId]);
      if (!owner) throw new HttpError(404, { message: `No such ${words.noun}` });
      const account = await integrations.account(input.accountId);
      if (!account) {
        throw validationError([{ message: 'No such integration account', detail: { field: 'accountId' } }]);
      }
      if (!ADAPTERS[account.platform]) {
        throw validationError([
          {
            message: `${INTEGRATION_PLATFORM_NAMES[account.platform]} takes no conversions: Cairn only pulls its spend`,
            detail: { field: 'accountId' },
          },
        ]);
      }
      const wrongDestination = conversionDestinationError(account.platform, input.pixelId);
      if (wrongDestination) {
        throw validationError([{ message: wrongDestination, detail: { field: 'pixelId' } }]);
      }
      await integrations.setConversionOut(scope, ownerId, input, account.platform, now());
      await recordAudit(ctx.store, now(), {
        userId: user.id,
        action: 'conversions_out_set',
        entityKind: scope,
        entityId: ownerId,
        details: { accountId: input.accountId, pixelId: input.pixelId, eventName: input.eventName },
      });
      await announce();
      await out.load();
      return present(
        (await integrations.conversionOut(scope, ownerId)) as ConversionOutRecord,
        account.platform,
      );
    });

    api.delete(paths.one, async (request) => {
      const user = guard.requireAdmin(request);
      const ownerId = idOf(request, words.param, words.noun);
      if (!(await integrations.conversionOut(scope, ownerId))) {
        throw new HttpError(404, { message: words.none });
      }
      await integrations.removeConversionOut(scope, ownerId);
      await recordAudit(ctx.store, now(), {
        userId: user.id,
        action: 'conversions_out_removed',
        entityKind: scope,
        entityId: ownerId,
      });
      await announce();
      await out.load();
      return { ok: true };
    });
  }
}
