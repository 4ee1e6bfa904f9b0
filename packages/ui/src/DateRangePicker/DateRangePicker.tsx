import * as Popover from '@radix-ui/react-popover';
import { Calendar, ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { control, type FieldSize } from '../Field/Field.css.ts';
import { Select } from '../Select/Select.tsx';
import * as menu from '../styles/menu.css.ts';
import { TextField } from '../TextField/TextField.tsx';
import * as styles from './DateRangePicker.css.ts';
import {
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  type DatePreset,
  type DateRangeValue,
  formatRange,
  isDateString,
  presetRange,
} from './dateRange.ts';

export interface DateRangePickerProps {
  label?: ReactNode;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Time zones offered; defaults to every zone the browser knows. */
  timeZones?: readonly string[];
  /** The clock presets are computed from (fixed in stories and tests). */
  now?: () => Date;
  locale?: string;
  size?: FieldSize;
  disabled?: boolean;
}

function allTimeZones(): string[] {
  const supported =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

/**
 * Report period: presets (today ... all time) or a custom range, plus the time zone the days are
 * counted in. Changes are drafted in the popover and applied together.
 */
export function DateRangePicker({
  label = 'Period',
  value,
  onChange,
  timeZones,
  now = () => new Date(),
  locale = 'en-US',
  size,
  disabled,
}: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRangeValue>(value);
  const labelId = useId();
  const zones = useMemo(() => {
    const list = timeZones ?? allTimeZones();
    return list.includes(value.timeZone) ? list : [value.timeZone, ...list];
  }, [timeZones, value.timeZone]);

  const choosePreset = (preset: DatePreset) =>
    setDraft((old) =>
      preset === 'custom'
        ? { ...old, preset }
        : { ...old, preset, ...presetRange(preset, now(), old.timeZone) },
    );
  const chooseZone = (timeZone: string) =>
    setDraft((old) =>
      old.preset === 'custom'
        ? { ...old, timeZone }
        : { ...old, timeZone, ...presetRange(old.preset, now(), timeZone) },
    );

  const customError =
    draft.preset !== 'custom'
      ? undefined
      : !draft.from || !draft.to || !isDateString(draft.from) || !isDateString(draft.to)
        ? 'Enter both dates'
        : draft.from > draft.to
          ? 'The start is after the end'
          : undefined;

  return (
    <div className={styles.root}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) setDraft(value);
          setOpen(next);
        }}
      >
        <Popover.Trigger asChild disabled={disabled}>
          <button
            type="button"
            className={`${control({ size })} ${styles.trigger}`}
            aria-labelledby={`${labelId} ${labelId}-value`}
          >
            <Calendar size={16} aria-hidden />
            <span id={`${labelId}-value`} className={styles.triggerText}>
              {DATE_PRESET_LABELS[value.preset]}
              {value.preset !== 'allTime' && (
                <span className={styles.muted}> · {formatRange(value, locale)}</span>
              )}
              <span className={styles.muted}> · {value.timeZone}</span>
            </span>
            <ChevronDown size={16} aria-hidden />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className={`${menu.content} ${styles.panel}`}
            align="start"
            sideOffset={4}
            aria-label="Choose period"
          >
            <div className={styles.columns}>
              <div
                role="radiogroup"
                aria-label="Presets"
                className={styles.presets}
                // Radio-group keyboard model: arrows move and choose, Tab leaves the group.
                onKeyDown={(event) => {
                  const step =
                    event.key === 'ArrowDown' || event.key === 'ArrowRight'
                      ? 1
                      : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
                        ? -1
                        : 0;
                  if (step === 0) return;
                  event.preventDefault();
                  const index = DATE_PRESETS.indexOf(draft.preset);
                  const next = DATE_PRESETS[
                    (index + step + DATE_PRESETS.length) % DATE_PRESETS.length
                  ] as DatePreset;
                  choosePreset(next);
                  event.currentTarget.querySelector<HTMLElement>(`[data-preset="${next}"]`)?.focus();
                }}
              >
                {DATE_PRESETS.map((preset) => (
                  // biome-ignore lint/a11y/useSemanticElements: a list of preset buttons reads better than radio inputs here
                  <button
                    key={preset}
                    type="button"
                    role="radio"
                    aria-checked={draft.preset === preset}
                    tabIndex={draft.preset === preset ? 0 : -1}
                    data-preset={preset}
                    className={styles.preset}
                    onClick={() => choosePreset(preset)}
                  >
                    {DATE_PRESET_LABELS[preset]}
                  </button>
                ))}
              </div>
              <div className={styles.detail}>
                <div className={styles.dates}>
                  <TextField
                    label="From"
                    type="date"
                    size="sm"
                    value={draft.from ?? ''}
                    max={draft.to ?? undefined}
                    onChange={(event) =>
                      setDraft((old) => ({ ...old, preset: 'custom', from: event.target.value || null }))
                    }
                  />
                  <TextField
                    label="To"
                    type="date"
                    size="sm"
                    value={draft.to ?? ''}
                    min={draft.from ?? undefined}
                    error={customError}
                    onChange={(event) =>
                      setDraft((old) => ({ ...old, preset: 'custom', to: event.target.value || null }))
                    }
                  />
                </div>
                <Select
                  label="Time zone"
                  size="sm"
                  value={draft.timeZone}
                  options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
                  onValueChange={chooseZone}
                />
                <p className={styles.muted} aria-live="polite">
                  {draft.preset === 'allTime' ? 'All time' : formatRange(draft, locale)}
                </p>
                <div className={styles.footer}>
                  <Popover.Close asChild>
                    <Button variant="outline" tone="neutral" size="sm">
                      Cancel
                    </Button>
                  </Popover.Close>
                  <Button
                    size="sm"
                    disabled={customError !== undefined}
                    onClick={() => {
                      onChange(draft);
                      setOpen(false);
                    }}
                  >
                    Apply
                  </Button>
                </div>
              </div>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
