import {
  DIMENSION_VALUE_FORMATS,
  entityPath,
  filterValueSuggestion,
  isNumericDimension,
  PAGE_SIZE_MAX,
  type ReportDimension,
} from '@cairn/contract';
import {
  Button,
  Combobox,
  type ComboboxOption,
  type DateRangeValue,
  IconButton,
  Select,
  TextField,
} from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useServices } from '../../app/services.ts';
import type { ReportFilters } from '../api.ts';
import { dimensionLabel, dimensionOptions, isEntityDimension } from '../dimensions.ts';
import * as styles from '../reports.css.ts';
import { useFilterValueOptions, usesPicker } from './filterValues.ts';

// Filters of the trends and the click log: campaigns by name, and any dimension by its values (entities
// by name, the rest from the values seen in the period, any other typed and checked), each filter a
// chip that removes it.

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
  if (isEntityDimension(dimension)) {
    return `No ${dimensionLabel(dimension).toLowerCase()} is named “${bad}”: pick one from the list`;
  }
  const meant = filterValueSuggestion(dimension, bad);
  // A name where a code is stored would match nothing: refused with the code it stands for.
  const tryThis = meant ? ` (try “${meant}”)` : '';
  return `“${bad}” is not valid here: ${numeric ? 'ids' : (format?.hint ?? 'at most 500 characters')}${tryThis}`;
}

/**
 * A typed value that is the name of one offered (an offer's name, a country's name): its value, so a
 * filter by name filters by what the events hold; anything else as typed.
 */
export function resolveTyped(typed: string, options: readonly ComboboxOption[]): string {
  if (options.some((option) => option.value === typed)) return typed;
  const wanted = typed.trim().toLowerCase();
  const named = options.filter(
    (option) => option.label.toLowerCase() === wanted || option.keywords?.toLowerCase() === wanted,
  );
  return named.length === 1 && named[0] ? named[0].value : typed;
}

export interface FilterBarProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  hideProfit: boolean;
  /** The page's period: the pickers offer the values seen in it (the toolbar hands it on). */
  period?: DateRangeValue;
}

export function FilterBar({ filters, onChange, hideProfit, period }: FilterBarProps) {
  const campaigns = useCampaignOptions();
  const [dimension, setDimension] = useState<ReportDimension>('country');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const picker = usesPicker(dimension);
  const offered = useFilterValueOptions(dimension, period);
  const set = (key: ReportDimension, values: string[]) => {
    const next = { ...filters };
    if (values.length === 0) delete next[key];
    else next[key] = values;
    onChange(next);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const values = (picker ? picked.map((value) => resolveTyped(value, offered.options)) : text.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '')
      // Country codes are stored in capitals: "de" means "DE".
      .map((part) => (dimension === 'country' && /^[a-z]{2}$/i.test(part) ? part.toUpperCase() : part));
    const found = filterValueProblem(dimension, values);
    setProblem(found);
    if (found) return;
    set(dimension, [...new Set([...(filters[dimension] ?? []), ...values])]);
    setText('');
    setPicked([]);
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
                setPicked([]);
                setProblem(undefined);
              }}
            />
          </div>
          <div className={styles.filterField}>
            {picker ? (
              // Values seen in the period by name; any other value can be typed and is checked on Add.
              <Combobox
                key={dimension}
                label="Values"
                placeholder={offered.loading ? 'Loading values…' : 'Type to find'}
                options={offered.options}
                value={picked}
                creatable
                error={problem}
                onChange={(next) => {
                  setPicked(next);
                  setProblem(undefined);
                }}
              />
            ) : (
              <TextField
                label="Values"
                placeholder="Comma-separated"
                value={text}
                error={problem}
                onChange={(event) => setText(event.target.value)}
              />
            )}
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
