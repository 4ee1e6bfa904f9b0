import {
  entityIdParamsSchema,
  SPLIT_TEST_PATH,
  type SplitTestResponse,
  splitTestQuerySchema,
} from '@cairn/contract';
import type { FeaturePlugin } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { EntityNames } from '../reports/names.ts';
import { ReportService } from '../reports/service.ts';
import { SplitTestService } from './service.ts';

// The split-test view of a campaign (service.ts), for any user who may read the campaign. Revenue, EPC
// and conversion counts leave through the API's hide-profit filter like every other answer.

export const splitTestsPlugin: FeaturePlugin = async (api, { ctx, guard, reads: { readableIds } }) => {
  const names = new EntityNames(ctx.store, 60_000).follow(ctx.changes);
  const service = new SplitTestService(new ReportService(ctx.events, ctx.store, ctx.config.now, { names }));

  api.get(SPLIT_TEST_PATH, async (request): Promise<SplitTestResponse> => {
    const user = guard.requireUser(request);
    const { id } = parseInput(entityIdParamsSchema, request.params);
    const query = parseInput(splitTestQuerySchema, request.query);
    const campaignIds = await readableIds(user, 'campaign');
    const [campaign] = await ctx.store.query<{ id: number }>('SELECT id FROM campaigns WHERE id = $1', [id]);
    // A campaign the caller may not read is answered as one that does not exist.
    if (!campaign || (campaignIds !== null && !campaignIds.includes(id))) {
      throw new HttpError(404, { message: `Campaign ${id} not found` });
    }
    return service.campaign(id, query, { campaignIds });
  });
};
