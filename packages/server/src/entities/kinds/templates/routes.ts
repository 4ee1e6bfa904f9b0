import {
  type AffiliateNetworkTemplatesResponse,
  entityPath,
  type TrafficSourceTemplatesResponse,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { KindRouteEnv } from '../../routeContext.ts';
import { NETWORK_TEMPLATES } from './networkList.ts';
import { TRAFFIC_SOURCE_TEMPLATES } from './sourceList.ts';

export function registerTrafficSourceTemplates(app: FastifyInstance, { context }: KindRouteEnv): void {
  const { authorized } = context;
  app.get(entityPath.trafficSourceTemplates, async (request): Promise<TrafficSourceTemplatesResponse> => {
    await authorized(request, 'traffic_source', 'read');
    return { templates: [...TRAFFIC_SOURCE_TEMPLATES] };
  });
}

export function registerAffiliateNetworkTemplates(app: FastifyInstance, { context }: KindRouteEnv): void {
  const { authorized } = context;
  app.get(
    entityPath.affiliateNetworkTemplates,
    async (request): Promise<AffiliateNetworkTemplatesResponse> => {
      await authorized(request, 'affiliate_network', 'read');
      return { templates: [...NETWORK_TEMPLATES] };
    },
  );
}
