import { ENTITY_CONTRACTS, POSTBACK_PARAMS, type PostbackPlaceholders } from '@cairn/contract';
import type { EntityDefinition } from '../definition.ts';

/**
 * The URL the network calls on a conversion. Our parameter names are fixed; the values are the network's
 * own placeholders, left unencoded so the network recognises and fills them.
 */
export function networkPostbackUrl(
  baseUrl: string,
  postbackPath: string,
  placeholders: PostbackPlaceholders,
  postbackKey?: string,
): string {
  const pairs: [string, string | null][] = [
    ['clickid', placeholders.clickId],
    ['payout', placeholders.payout],
    ['status', placeholders.status],
    ['txid', placeholders.txid],
    ['currency', placeholders.currency],
    [POSTBACK_PARAMS.key[0], postbackKey ?? null],
  ];
  const query = pairs
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return `${baseUrl}${postbackPath}?${query}`;
}

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
