import { Select } from '@cairn/ui';
import { activeFilterCount, FoldedFilters } from '../../narrow/FoldedFilters.tsx';
import * as styles from '../entities.css.ts';
import { type RefOption, refKey, refSelectOptions } from '../refs.ts';
import type { EntityUi } from '../types.ts';
import type { ListState } from './listState.ts';

// The filters above an entity list: active / archived, then the kind's own filters (a reference filter
// offers "none" too). Each change goes back to the first page, which the list does. On a phone they fold
// behind one Filters button.

const ANY = 'any';
const archivedOptions = [
  { value: 'false', label: 'Active' },
  { value: 'true', label: 'Archived' },
  { value: 'all', label: 'Active and archived' },
];

export function ListFilters({
  ui,
  refOptions,
  archived,
  filters,
  onArchivedChange,
  onFilterChange,
}: {
  ui: EntityUi;
  refOptions: Map<string, RefOption[] | undefined>;
  archived: ListState['archived'];
  filters: ListState['filters'];
  onArchivedChange: (archived: ListState['archived']) => void;
  /** `undefined`: the filter is off (any value). */
  onFilterChange: (param: string, value: string | undefined) => void;
}) {
  const active = activeFilterCount(filters) + (archived === 'false' ? 0 : 1);
  return (
    <FoldedFilters active={active}>
      <div className={styles.filters}>
        <div className={styles.filterControl}>
          <Select
            label="Show"
            size="sm"
            options={archivedOptions}
            value={archived}
            onValueChange={(value) => onArchivedChange(value as ListState['archived'])}
          />
        </div>
        {ui.filters.map((filter) => {
          const options =
            'ref' in filter
              ? refSelectOptions(refOptions.get(refKey(filter.ref)), filter.noneLabel ?? 'None', undefined)
              : filter.options;
          return (
            <div key={filter.param} className={styles.filterControl}>
              <Select
                label={filter.label}
                size="sm"
                options={[{ value: ANY, label: 'Any' }, ...options]}
                value={filters[filter.param] ?? ANY}
                onValueChange={(value) => onFilterChange(filter.param, value === ANY ? undefined : value)}
              />
            </div>
          );
        })}
      </div>
    </FoldedFilters>
  );
}
