import { ENTITY_CONTRACTS, networkPostbackUrl, type PostbackPlaceholders } from '@cairn/contract';
import type { EntityDefinition } from '../definition.ts';

export const affiliateNetworkDefinition: EntityDefinition = {
  kind: 'affiliate_network',
  table: 'affiliate_networks',
  ...ENTITY_CONTRACTS.affiliate_network,
  fields: {
    name: { type: 'text' },
    offerUrlParams: { type: 'text' },
    postbackPlaceholders: { type: 'json' },
    allowedPostbackIps: { type: 'json' },
    statusMapping: { type: 'json' },
    duplicatePostbacks: { type: 'text' },
    acceptKeylessPostbacks: { type: 'boolean' },
    notes: { type: 'text' },
  },
  searchFields: ['name', 'notes'],
  computed: { offerCount: 'SELECT count(*) FROM offers o WHERE o.affiliate_network_id = t.id' },
  present: (record, env) => ({
    ...record,
    offerCount: Number(record.offerCount ?? 0),
    postbackUrl: networkPostbackUrl(
      env.baseUrl,
      env.paths.postback,
      record.postbackPlaceholders as PostbackPlaceholders,
      env.postbackKey,
    ),
  }),
};
