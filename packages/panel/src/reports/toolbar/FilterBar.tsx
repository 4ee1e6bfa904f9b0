import {
  DIMENSION_VALUE_FORMATS,
  entityPath,
  filterValueSuggestion,
  isNumericDimension,
  PAGE_SIZE_MAX,
  type ReportDimension,
} from '@cairn/contract';
import { Button, Combobox, IconButton, Select, TextField } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useServices } from '../../app/services.ts';
import type { ReportFilters } from '../api.ts';
import { dimensionLabel, dimensionOptions } from '../dimensions.ts';
import * as styles from '../reports.css.ts';

// Filters of the trends and the click log: campaigns by name, and any dimension by its values, each
// filter a chip that removes it.

const campaignNamesSchema = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });

/** Campaign names for the campaign filter (every campaign, archived ones too: old traffic names them). */
export function useCampaignOptions() {
  const { client } = useServices();
  return useQuery({
    queryKey: ['reports', 'campaign-options'],
    queryFn: async ({ signal }) => {
      const result = await client.get(entityPath.list('campaign'), {
        query: { pageSize: PAGE_SIZE_MAX, sort: 'name:asc', archived: 'all' },
        schema: campaignNamesSchema,
        signal,
      });
      return result.status === 'ok' ? result.data.items : [];
    },
    staleTime: 60_000,
  });
}

/** Why these values cannot filter this dimension, or undefined when they can. */
export function filterValueProblem(
  dimension: ReportDimension,
  values: readonly string[],
): string | undefined {
  if (values.length === 0) return 'Enter a value';
  const format = DIMENSION_VALUE_FORMATS[dimension];
  const numeric = isNumericDimension(dimension) && !format;
  const bad = values.find((value) =>
    numeric ? !/^\d{1,15}$/.test(value) : format ? !format.pattern.test(value) : value.length > 500,
  );
  if (bad === undefined) return undefined;
  const meant = filterValueSuggestion(dimension, bad);
  // A name where a code is stored would match nothing: refused with the code it stands for.
  const tryThis = meant ? ` (try “${meant}”)` : '';
  return `“${bad}” is not valid here: ${numeric ? 'ids' : (format?.hint ?? 'at most 500 characters')}${tryThis}`;
}

export interface FilterBarProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  hideProfit: boolean;
}

export function FilterBar({ filters, onChange, hideProfit }: FilterBarProps) {
  const campaigns = useCampaignOptions();
  const [dimension, setDimension] = useState<ReportDimension>('country');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const set = (key: ReportDimension, values: string[]) => {
    const next = { ...filters };
    if (values.length === 0) delete next[key];
    else next[key] = values;
    onChange(next);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const values = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      // Country codes are stored in capitals: "de" means "DE".
      .map((part) => (dimension === 'country' && /^[a-z]{2}$/i.test(part) ? part.toUpperCase() : part));
    const found = filterValueProblem(dimension, values);
    setProblem(found);
    if (found) return;
    set(dimension, [...new Set([...(filters[dimension] ?? []), ...values])]);
    setText('');
  };
  return (
    <div className={styles.page}>
      <div className={styles.filterAdd}>
        <div className={styles.filterField}>
          <Combobox
            label="Campaigns"
            placeholder="All campaigns"
            options={(campaigns.data ?? []).map((campaign) => ({
              value: String(campaign.id),
              label: campaign.name,
            }))}
            value={filters.campaign ?? []}
            onChange={(values) => set('campaign', values)}
          />
        </div>
        <form className={styles.filterAdd} onSubmit={add} aria-label="Add a filter">
          <div className={styles.levelSelect}>
            <Select
              label="Filter by"
              value={dimension}
              options={dimensionOptions(hideProfit).filter((option) => option.value !== 'campaign')}
              onValueChange={(next) => {
                setDimension(next);
                setProblem(undefined);
              }}
            />
          </div>
          <div className={styles.filterField}>
            <TextField
              label="Values"
              placeholder="Comma-separated"
              value={text}
              error={problem}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" tone="neutral">
            Add filter
          </Button>
        </form>
      </div>
      <FilterChips filters={filters} onChange={onChange} skip="campaign" />
    </div>
  );
}

export interface FilterChipsProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  /** A dimension another control shows (the campaigns combobox). */
  skip?: ReportDimension;
  /** Dimensions shown but not removable (a report's own subject). */
  fixed?: readonly ReportDimension[];
}

/** The filters in effect, each removable. */
export function FilterChips({ filters, onChange, skip, fixed = [] }: FilterChipsProps) {
  const chips = (Object.entries(filters) as [ReportDimension, string[]][]).filter(
    ([key, values]) => key !== skip && !fixed.includes(key) && values.length > 0,
  );
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Filters">
      {chips.map(([key, values]) => (
        <li key={key} className={styles.chip}>
          {dimensionLabel(key)}: {values.join(', ')}
          <IconButton
            size="sm"
            label={`Remove the ${dimensionLabel(key)} filter`}
            onClick={() => {
              const next = { ...filters };
              delete next[key];
              onChange(next);
            }}
          >
            ×
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
