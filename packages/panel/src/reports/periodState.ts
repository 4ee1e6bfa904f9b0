import type { DateRangeValue } from '@cairn/ui';
import { useCallback, useMemo } from 'react';
import type { RouteQuery } from '../routes/query.ts';
import { useAddressState } from '../routes/useAddressState.ts';
import { periodFromQuery, periodOf, queryFromPeriod, rememberedPeriod, rememberPeriod } from './period.ts';

// The period of a page's numbers in its address (`period=last7&tz=Europe/Berlin`), so a link shows the
// same numbers and the back button the period before. An address without one opens on the period last
// chosen on any list or report, and a choice here is remembered for the next.

export const PERIOD_KEYS = ['period', 'tz', 'from', 'to'] as const;

/** The period an address names, else the one last chosen anywhere, else today in `timeZone`. */
export function periodOfAddress(query: RouteQuery, timeZone: string, now = new Date()): DateRangeValue {
  return periodFromQuery(query, rememberedPeriod(now) ?? periodOf('today', timeZone, now), now);
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
        chosen: typeof query.period === 'string' || rememberedPeriod() !== undefined,
      }),
      write: ({ period }: { period: DateRangeValue }) => queryFromPeriod(period),
    }),
    [timeZone],
  );
  const [state, set] = useAddressState(part);
  const setPeriod = useCallback(
    (period: DateRangeValue) => {
      rememberPeriod(period);
      set({ period, chosen: true });
    },
    [set],
  );
  return { period: state.period, chosen: state.chosen, setPeriod };
}
