import { type OfferCapState, offerCapsResponseSchema, TRACKING_API_PATHS } from '@cairn/contract';
import { Badge } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.ts';
import * as styles from '../entities.css.ts';
import type { FormExtrasProps, Item } from '../types.ts';

// Today's counts against offers' daily caps, as every node counts them: one call serves every cell of the
// offers list and the offer form, read again while the page stays open.

export const offerCapsQueryKey = ['offer-caps'] as const;
const REFRESH_MS = 30_000;

function useOfferCaps(): ReadonlyMap<number, OfferCapState> | undefined {
  const { client } = useServices();
  const query = useQuery({
    queryKey: offerCapsQueryKey,
    queryFn: async ({ signal }) => {
      const result = await client.get(TRACKING_API_PATHS.offerCaps, {
        schema: offerCapsResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return new Map(result.data.offers.map((state) => [state.offerId, state]));
    },
    refetchInterval: REFRESH_MS,
  });
  return query.data;
}

const capOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** "5/5 today — capped", "12/100 clicks today"; null for an offer without caps. */
export function capText(item: Item, state: OfferCapState | undefined): string | null {
  const dailyCap = capOf(item.dailyCap);
  const dailyClickCap = capOf(item.dailyClickCap);
  if (dailyCap === null && dailyClickCap === null) return null;
  const parts: string[] = [];
  if (dailyCap !== null) parts.push(`${state?.conversions ?? 0}/${dailyCap}`);
  if (dailyClickCap !== null) parts.push(`${state?.clicks ?? 0}/${dailyClickCap} clicks`);
  return `${parts.join(', ')} today${state?.capped ? ' — capped' : ''}`;
}

/** The caps themselves, "5 conversions, 100 clicks a day" (the cell's tooltip; the counts change). */
export function capLimits(item: Item): string | null {
  const parts: string[] = [];
  const dailyCap = capOf(item.dailyCap);
  const dailyClickCap = capOf(item.dailyClickCap);
  if (dailyCap !== null) parts.push(`${dailyCap} conversions`);
  if (dailyClickCap !== null) parts.push(`${dailyClickCap} clicks`);
  return parts.length === 0 ? null : `${parts.join(', ')} a day`;
}

export function OfferCapCell({ item }: { item: Item }) {
  const caps = useOfferCaps();
  return capText(item, caps?.get(item.id)) ?? '';
}

/** The saved offer's state against its caps, under the form's fields. */
export function OfferCapStatus({ item }: FormExtrasProps) {
  const caps = useOfferCaps();
  if (!item) return null;
  const state = caps?.get(item.id);
  const text = capText(item, state);
  if (text === null) return null;
  return (
    <p className={styles.muted}>
      Today against the caps: {text.replace(' — capped', '')}{' '}
      {state?.capped ? (
        <Badge tone="warning" variant="soft">
          Capped until midnight
        </Badge>
      ) : null}
    </p>
  );
}
