import { ENTITY_CONTRACTS } from '@cairn/contract';
import type { EntityDefinition } from '../definition.ts';

interface ParameterPair {
  parameter: string;
  placeholder: string;
}

/** `cid=${SUBID}&cost={cost}&zone={zoneid}`: what a campaign URL for this source ends with. */
export function campaignUrlParams(record: Record<string, unknown>): string {
  const pairs = [
    record.externalId as ParameterPair | null,
    record.cost as ParameterPair | null,
    ...((record.tokens as ParameterPair[] | null) ?? []),
  ].filter((pair): pair is ParameterPair => pair !== null);
  return pairs.map((pair) => `${pair.parameter}=${pair.placeholder}`).join('&');
}

export const trafficSourceDefinition: EntityDefinition = {
  kind: 'traffic_source',
  table: 'traffic_sources',
  ...ENTITY_CONTRACTS.traffic_source,
  fields: {
    name: { type: 'text' },
    tokens: { type: 'json' },
    externalId: { type: 'json' },
    cost: { type: 'json' },
    postbackUrl: { type: 'text' },
    postbackPercent: { type: 'number' },
    payoutPercent: { type: 'number' },
    postbackMode: { type: 'text' },
    trafficLossPercent: { type: 'number' },
    templateId: { type: 'text' },
    notes: { type: 'text' },
  },
  searchFields: ['name', 'notes'],
  present: (record) => ({ ...record, campaignUrlParams: campaignUrlParams(record) }),
};
