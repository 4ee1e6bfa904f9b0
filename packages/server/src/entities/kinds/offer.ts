import { ENTITY_CONTRACTS } from '@cairn/contract';
import { validationError } from '../../http.ts';
import type { Sql } from '../../store/config/port.ts';
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
    dailyClickCap: { type: 'integer' },
    capFallbackOfferId: { type: 'integer' },
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
    { field: 'capFallbackOfferId', kind: 'offer' },
  ],
  // Checked before the write, and only on updates: a new offer has an id no fallback names yet, so it
  // cannot close a loop (and a bulk import keeps its batched inserts, which a write hook would end).
  async derive(values, previous, tx) {
    const fallback = values.capFallbackOfferId;
    if (!previous || typeof fallback !== 'number') return {};
    if (await fallbackLeadsBack(tx, Number(previous.id), fallback)) {
      throw validationError([
        {
          message: 'The fallback offer leads back to this offer through its own fallbacks; choose another',
          detail: { field: 'capFallbackOfferId' },
        },
      ]);
    }
    return {};
  },
  present: ({ networkOfferUrlParams, ...record }) => ({
    ...record,
    finalUrl: offerFinalUrl(String(record.url), (networkOfferUrlParams as string | null) ?? null),
  }),
};

/** Fallback chains are short; a longer one is refused as if it looped rather than walked without end. */
const FALLBACK_CHAIN_MAX = 100;

/** Whether following fallbacks from `fallback` reaches offer `id` again. */
async function fallbackLeadsBack(tx: Sql, id: number, fallback: number): Promise<boolean> {
  let next: number | null = fallback;
  for (let step = 0; next !== null && step < FALLBACK_CHAIN_MAX; step += 1) {
    if (next === id) return true;
    const rows: { fallback: number | string | null }[] = await tx.query(
      'SELECT cap_fallback_offer_id AS fallback FROM offers WHERE id = $1',
      [next],
    );
    const value = rows[0]?.fallback;
    next = value === null || value === undefined ? null : Number(value);
  }
  return next !== null;
}
