import type { ReportExportFormat } from '@cairn/contract';
import { Button, DateRangePicker, type DateRangeValue, DropdownMenu } from '@cairn/ui';
import type { ReactNode } from 'react';
import { activeFilterCount, FoldedFilters } from '../../narrow/FoldedFilters.tsx';
import * as styles from '../reports.css.ts';
import { storeOwnTimeZone } from '../settingsApi.ts';
import { FilterBar, type FilterBarProps, FilterChips, type FilterChipsProps } from './FilterBar.tsx';
import { GroupingPicker, type GroupingPickerProps } from './GroupingPicker.tsx';
import { useScopeTokens } from './scopeTokens.ts';

// The controls above the report-like pages (report, leads, trends, click log, conversions), so that the
// period, its time zone and the filters behave and sit the same on each, and a change to one (a new
// control, the zone kept for next time) reaches all five.

export interface ReportToolbarProps {
  period: DateRangeValue;
  onPeriodChange: (period: DateRangeValue) => void;
  locale: string;
  /** The page's own controls after the period: statuses, the bucket, the column chooser. */
  children?: ReactNode;
  /** The report's levels, chosen under the controls. */
  grouping?: GroupingPickerProps;
  /** Under the controls: the bar that adds and removes filters, or only the chips of those in effect. */
  filters?: { bar: FilterBarProps; chips?: undefined } | { chips: FilterChipsProps; bar?: undefined };
}

export function ReportToolbar({
  period,
  onPeriodChange,
  locale,
  children,
  grouping,
  filters,
}: ReportToolbarProps) {
  // The source's token names reach the grouping and the filters below, which read them when drawn.
  useScopeTokens();
  const active = filters ? activeFilterCount(filtersShown(filters)) : 0;
  return (
    <>
      <div className={styles.controls}>
        <DateRangePicker
          value={period}
          locale={locale}
          onChange={(next) => {
            // A zone picked here is the viewer's own from now on, on every page that has a period.
            if (next.timeZone !== period.timeZone) storeOwnTimeZone(next.timeZone);
            onPeriodChange(next);
          }}
        />
        {children}
      </div>
      {grouping && <GroupingPicker {...grouping} />}
      {filters && (active > 0 || filters.bar) && (
        // On a phone the filters fold behind one button that counts those in effect (chips alone, with
        // none in effect, have nothing to unfold).
        <FoldedFilters active={active}>
          {filters.bar && <FilterBar period={period} {...filters.bar} />}
          {filters.chips && <FilterChips {...filters.chips} />}
        </FoldedFilters>
      )}
    </>
  );
}

/** The filters the toolbar shows: a chip's filter that another control shows or that is fixed is not one. */
function filtersShown(filters: NonNullable<ReportToolbarProps['filters']>): Record<string, unknown> {
  if (filters.bar) return filters.bar.filters;
  const { skip, fixed = [] } = filters.chips;
  return Object.fromEntries(
    Object.entries(filters.chips.filters).filter(
      ([key]) => key !== skip && !(fixed as readonly string[]).includes(key),
    ),
  );
}

/** The report's export: the server writes the file in the format picked here. */
export function ExportMenu({
  disabled,
  onExport,
}: {
  disabled: boolean;
  onExport: (format: ReportExportFormat) => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" tone="neutral" disabled={disabled}>
          Export
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={() => onExport('csv')}>CSV</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => onExport('xlsx')}>Excel (XLSX)</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export function ExportCsvButton({ disabled, onExport }: { disabled: boolean; onExport: () => void }) {
  return (
    <Button variant="outline" tone="neutral" disabled={disabled} onClick={onExport}>
      Export CSV
    </Button>
  );
}
