import type { DateRangeValue } from '@cairn/ui';
import { useCallback, useEffect, useMemo } from 'react';
import type { RouteQuery } from '../routes/query.ts';
import { useAddressState } from '../routes/useAddressState.ts';
import { periodFromQuery, periodOf, queryFromPeriod, rememberedPeriod, rememberPeriod } from './period.ts';

// The period of a page's numbers in its address (`period=last7&tz=Europe/Berlin`), so a link shows the
// same numbers and the back button the period before. An address without one opens on the period last
// chosen or opened by a link on any list or report, and a choice here is remembered for the next.

export const PERIOD_KEYS = ['period', 'tz', 'from', 'to'] as const;

/** The period an address names, else the one last chosen anywhere, else today in `timeZone`. */
export function periodOfAddress(query: RouteQuery, timeZone: string, now = new Date()): DateRangeValue {
  return periodFromQuery(query, rememberedPeriod(now) ?? periodOf('today', timeZone, now), now);
}

/**
 * A period an address names (a shared link) is where the next list or report opens too, as if chosen
 * here: following the list's link to a report keeps the numbers' period.
 */
export function useRememberNamedPeriod(period: DateRangeValue, query: RouteQuery): void {
  useRememberPeriodIf(period, typeof query.period === 'string');
}

function useRememberPeriodIf(period: DateRangeValue, named: boolean): void {
  useEffect(() => {
    if (named) rememberPeriod(period);
  }, [named, period]);
}

export function usePeriodState(timeZone: string): {
  period: DateRangeValue;
  /** Whether the period is the viewer's (from the address or remembered), not today in a default zone. */
  chosen: boolean;
  setPeriod: (period: DateRangeValue) => void;
} {
  const part = useMemo(
    () => ({
      keys: PERIOD_KEYS,
      read: (query: RouteQuery) => ({
        period: periodOfAddress(query, timeZone),
        named: typeof query.period === 'string',
        chosen: typeof query.period === 'string' || rememberedPeriod() !== undefined,
      }),
      write: ({ period }: { period: DateRangeValue }) => queryFromPeriod(period),
    }),
    [timeZone],
  );
  const [state, set] = useAddressState(part);
  useRememberPeriodIf(state.period, state.named);
  const setPeriod = useCallback(
    (period: DateRangeValue) => {
      rememberPeriod(period);
      set({ period, named: true, chosen: true });
    },
    [set],
  );
  return { period: state.period, chosen: state.chosen, setPeriod };
}
