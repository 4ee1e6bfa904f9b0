import { truncateText } from '@cairn/contract';
import { emptyTokens } from '../../events/event.ts';
import type { TokenSlots } from '../routing/table.ts';
import type { QueryParams } from './query.ts';

/** Longest value kept from one query parameter (a token, the external id). */
export const PARAM_VALUE_MAX = 256;

/** The click's token values by slot ('' where the query has none), each parameter's first value. */
export function tokensOf(query: QueryParams, slots: TokenSlots): string[] {
  const tokens = emptyTokens();
  // A bit per slot already filled: URLSearchParams (the test click) gives a repeated name again.
  let filled = 0;
  query.forEach((value, name) => {
    const slotsOfName = slots.get(name);
    if (slotsOfName === undefined) return;
    for (const slot of slotsOfName) {
      if ((filled & (1 << slot)) !== 0) continue;
      filled |= 1 << slot;
      tokens[slot] = truncateText(value, PARAM_VALUE_MAX);
    }
  });
  return tokens;
}
