import { ENTITY_CONTRACTS } from '@cairn/contract';
import { randomToken } from '../../auth/secrets.ts';
import { readLpProtect } from '../../settings/readers.ts';
import type { EntityDefinition } from '../definition.ts';

export const landingDefinition: EntityDefinition = {
  kind: 'landing',
  table: 'landings',
  ...ENTITY_CONTRACTS.landing,
  fields: {
    name: { type: 'text' },
    url: { type: 'text' },
    offersCount: { type: 'integer' },
    language: { type: 'text' },
    groupId: { type: 'integer' },
    lpProtect: { type: 'boolean' },
    lpProtectKey: { type: 'text', derived: true },
    notes: { type: 'text' },
  },
  searchFields: ['name', 'url', 'notes'],
  references: [{ field: 'groupId', kind: 'group', groupKind: 'landing' }],
  // A create that leaves lpProtect out takes the installation's default (Settings > LP protect), through
  // the API and bulk creates alike; a full update that leaves it out keeps it. The key survives edits (it
  // is pasted into the lander's code); turning protection off drops it, and turning it on again issues a
  // fresh one.
  async derive(values, previous, tx) {
    const lpProtect =
      typeof values.lpProtect === 'boolean'
        ? values.lpProtect
        : previous
          ? previous.lpProtect === true
          : (await readLpProtect(tx)).defaultOn;
    if (!lpProtect) return { lpProtect, lpProtectKey: null };
    const existing = previous?.lpProtectKey;
    return { lpProtect, lpProtectKey: typeof existing === 'string' ? existing : randomToken(18) };
  },
  present(record, env) {
    const clickThroughUrl = `${env.baseUrl}${env.paths.click}?lp=1`;
    const offersCount = Number(record.offersCount);
    return {
      ...record,
      clickThroughUrl,
      offerClickThroughUrls:
        offersCount > 1
          ? Array.from({ length: offersCount }, (_, index) => `${clickThroughUrl}&to_offer=${index + 1}`)
          : [],
    };
  },
};
