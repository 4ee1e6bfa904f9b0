import { ENTITY_CONTRACTS } from '@cairn/contract';
import type { EntityDefinition } from '../definition.ts';

/** The offer URL with the network's parameter template appended (after `?`, or `&` if it has a query). */
export function offerFinalUrl(url: string, networkParams: string | null): string {
  if (!networkParams) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${networkParams}${hash}`;
}

export const offerDefinition: EntityDefinition = {
  kind: 'offer',
  table: 'offers',
  ...ENTITY_CONTRACTS.offer,
  fields: {
    name: { type: 'text' },
    url: { type: 'text' },
    affiliateNetworkId: { type: 'integer' },
    groupId: { type: 'integer' },
    payoutAuto: { type: 'boolean' },
    payoutMicros: { type: 'integer' },
    currency: { type: 'text' },
    upsell: { type: 'boolean' },
    countryCode: { type: 'text' },
    dailyCap: { type: 'integer' },
    notes: { type: 'text' },
  },
  searchFields: ['name', 'url', 'notes'],
  computed: {
    networkOfferUrlParams:
      'SELECT n.offer_url_params FROM affiliate_networks n WHERE n.id = t.affiliate_network_id',
  },
  references: [
    { field: 'affiliateNetworkId', kind: 'affiliate_network' },
    { field: 'groupId', kind: 'group', groupKind: 'offer' },
  ],
  present: ({ networkOfferUrlParams, ...record }) => ({
    ...record,
    finalUrl: offerFinalUrl(String(record.url), (networkOfferUrlParams as string | null) ?? null),
  }),
};
