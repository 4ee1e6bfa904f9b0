import {
  type DatePreset as ApiPreset,
  type ReportMetric,
  SAVED_REPORT_PATHS,
  type SavedReport,
  type SavedReportList,
  type SavedReportState,
  savedReportListSchema,
  savedReportPath,
  savedReportSchema,
} from '@cairn/contract';
import type { DatePreset, DateRangeValue, SortingState } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services.ts';
import type { CallResult } from '../../http/client.ts';
import { stringifyQuery } from '../../routes/query.ts';
import type { ReportRequest } from '../api.ts';
import { subjectTypeOf } from '../dimensions.ts';
import { periodOf, periodParams } from '../period.ts';
import { queryFromState, type ReportState } from '../reportState.ts';
import type { Subject } from '../subject.ts';

// Saved reports: the calls, and the report's state as the server keeps it (the report API's own terms)
// and back as the page's address, which is how a saved report opens: `/report/campaign/3?group=..&saved=7`.

export const SAVED_QUERY_KEY = 'saved';
const savedReportsKey = ['reports', 'saved'] as const;

export function useSavedReports() {
  const { client } = useServices();
  return useQuery({
    queryKey: savedReportsKey,
    queryFn: async ({ signal }): Promise<SavedReportList> => {
      const result = await client.get(SAVED_REPORT_PATHS.list, { schema: savedReportListSchema, signal });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
}

export interface SavedReportBody {
  name: string;
  shared: boolean;
  state: SavedReportState;
}

export function useSavedReportActions() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const refreshed = async <T>(result: Promise<CallResult<T>>): Promise<CallResult<T>> => {
    const done = await result;
    await queryClient.invalidateQueries({ queryKey: savedReportsKey });
    return done;
  };
  return {
    create: (body: SavedReportBody): Promise<CallResult<SavedReport>> =>
      refreshed(client.post(SAVED_REPORT_PATHS.list, { json: body, schema: savedReportSchema })),
    save: (id: number, body: SavedReportBody): Promise<CallResult<SavedReport>> =>
      refreshed(client.put(savedReportPath(id), { json: body, schema: savedReportSchema })),
    remove: (id: number) => refreshed(client.delete(savedReportPath(id))),
  };
}

/** The page's state, sort and metric columns as a saved report keeps them. */
export function savedStateOf(
  subject: Subject,
  state: ReportState,
  sort: ReportRequest['sort'],
  metrics: readonly ReportMetric[],
): SavedReportState {
  const period = periodParams(state.period);
  const filters = Object.fromEntries(
    Object.entries(state.filters).filter(([, values]) => values && values.length > 0),
  );
  return {
    subject: { kind: subject.kind, ids: [...subject.ids] },
    groupBy: [...state.levels],
    preset: period.preset as ApiPreset,
    ...(period.from ? { from: period.from } : {}),
    ...(period.to ? { to: period.to } : {}),
    timezone: state.period.timeZone,
    filters,
    ...(sort ? { sort: { key: sort.key, order: sort.desc ? 'desc' : 'asc' } } : {}),
    metrics: [...metrics],
  };
}

const PANEL_PRESETS: Record<ApiPreset, DatePreset> = {
  today: 'today',
  yesterday: 'yesterday',
  last_7_days: 'last7',
  last_30_days: 'last30',
  this_month: 'thisMonth',
  last_month: 'lastMonth',
  all_time: 'allTime',
  custom: 'custom',
};

/** The period a saved state names; a preset is counted again for today, like a link's. */
function periodOfSaved(state: SavedReportState): DateRangeValue {
  const preset = PANEL_PRESETS[state.preset];
  if (preset === 'custom') {
    return { preset, timeZone: state.timezone, from: state.from ?? null, to: state.to ?? state.from ?? null };
  }
  return periodOf(preset, state.timezone);
}

/** Where a saved report opens: its subject's report page with its state in the address. */
export function savedReportAddress(saved: SavedReport): string | undefined {
  const type = subjectTypeOf(saved.state.subject.kind);
  if (!type) return undefined;
  const query = queryFromState({
    levels: saved.state.groupBy,
    period: periodOfSaved(saved.state),
    filters: saved.state.filters,
  });
  return `/report/${type}/${saved.state.subject.ids.join(',')}${stringifyQuery({ ...query, [SAVED_QUERY_KEY]: String(saved.id) })}`;
}

/** The table's sort a saved state names (the name column is the table's `name`). */
export function sortingOfSaved(state: SavedReportState): SortingState {
  if (!state.sort) return [];
  return [{ id: state.sort.key === 'value' ? 'name' : state.sort.key, desc: state.sort.order === 'desc' }];
}

/** Whether the page shows what the saved report keeps (its period counted the same way). */
export function sameState(a: SavedReportState, b: SavedReportState): boolean {
  const canonical = (state: SavedReportState) =>
    JSON.stringify([
      state.subject,
      state.groupBy,
      state.preset,
      state.preset === 'custom' ? [state.from, state.to] : [],
      state.timezone,
      Object.entries(state.filters).sort(([x], [y]) => x.localeCompare(y)),
      state.sort ?? null,
      state.metrics ?? null,
    ]);
  return canonical(a) === canonical(b);
}
