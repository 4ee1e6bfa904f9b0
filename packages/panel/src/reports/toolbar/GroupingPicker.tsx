import { REPORT_DIMENSIONS, REPORT_LEVELS_MAX, type ReportDimension } from '@cairn/contract';
import { Button, IconButton, Select, visuallyHidden } from '@cairn/ui';
import { useState } from 'react';
import { z } from 'zod';
import { readJson, writeJson } from '../../stores/storage.ts';
import { dimensionLabel, dimensionOptions } from '../dimensions.ts';
import * as styles from '../reports.css.ts';

// Up to three grouping levels, the presets media buyers reach for most, and the viewer's own saved ones.

export const BUILT_IN_GROUPINGS: readonly (readonly ReportDimension[])[] = [
  ['offer', 'country'],
  ['country', 'device_type'],
  ['day'],
  ['landing', 'offer'],
  ['traffic_source', 'token_1'],
];

export const savedGroupingsKey = 'cairn.reports.groupings';
const SAVED_MAX = 12;
const savedSchema = z.array(z.array(z.enum(REPORT_DIMENSIONS)).min(1).max(REPORT_LEVELS_MAX)).max(SAVED_MAX);

/** "Offer > Zone (t1)": token levels under the names of the source in scope. */
export function groupingName(levels: readonly ReportDimension[]): string {
  return levels.map((level) => dimensionLabel(level)).join(' > ');
}

const same = (a: readonly ReportDimension[], b: readonly ReportDimension[]) =>
  a.length === b.length && a.every((level, index) => level === b[index]);

const NONE = 'none';
const LEVEL_KEYS = Array.from({ length: REPORT_LEVELS_MAX }, (_, index) => `level-${index + 1}`);

export interface GroupingPickerProps {
  value: readonly ReportDimension[];
  onChange: (levels: ReportDimension[]) => void;
  hideProfit: boolean;
}

export function GroupingPicker({ value, onChange, hideProfit }: GroupingPickerProps) {
  const [saved, setSaved] = useState(() => readJson(localStorage, savedGroupingsKey, savedSchema) ?? []);
  const options = dimensionOptions(hideProfit);
  const storeSaved = (next: ReportDimension[][]) => {
    setSaved(next);
    writeJson(localStorage, savedGroupingsKey, next);
  };
  const setLevel = (index: number, dimension: string) => {
    const next = [...value];
    if (dimension === NONE) next.splice(index);
    else next[index] = dimension as ReportDimension;
    // A dimension chosen again at a lower level moves there rather than appearing twice.
    onChange(next.filter((level, position) => next.indexOf(level) === position));
  };
  const presets = [
    ...BUILT_IN_GROUPINGS.filter((levels) => levels.every((level) => options.some((o) => o.value === level))),
    ...saved.filter((levels) => !BUILT_IN_GROUPINGS.some((built) => same(built, levels))),
  ];
  const isSaved = saved.some((levels) => same(levels, value));
  const isBuiltIn = BUILT_IN_GROUPINGS.some((levels) => same(levels, value));
  return (
    <fieldset className={styles.grouping}>
      <legend className={styles.legend}>Group by</legend>
      {LEVEL_KEYS.map((key, index) => {
        const level = value[index];
        // A level is offered once the one above it is chosen.
        if (index > value.length) return null;
        return (
          <div key={key} className={styles.levelSelect}>
            <Select
              label={`Level ${index + 1}`}
              value={level ?? NONE}
              options={[
                ...(index === 0 ? [] : [{ value: NONE, label: 'None' }]),
                ...options.map((option) => ({
                  ...option,
                  disabled: value.includes(option.value) && option.value !== level,
                })),
              ]}
              onValueChange={(next) => setLevel(index, next)}
            />
          </div>
        );
      })}
      <fieldset className={`${styles.grouping} ${styles.presets}`}>
        <legend className={visuallyHidden}>Grouping presets</legend>
        {presets.map((levels) => {
          const name = groupingName(levels);
          const custom = saved.some((other) => same(other, levels));
          return (
            <span key={name} className={styles.presetGroup}>
              <Button
                size="sm"
                variant={same(levels, value) ? 'soft' : 'ghost'}
                tone={same(levels, value) ? 'accent' : 'neutral'}
                aria-pressed={same(levels, value)}
                onClick={() => onChange([...levels])}
              >
                {name}
              </Button>
              {custom && (
                <IconButton
                  size="sm"
                  label={`Forget preset ${name}`}
                  onClick={() => storeSaved(saved.filter((other) => !same(other, levels)))}
                >
                  ×
                </IconButton>
              )}
            </span>
          );
        })}
        {!isSaved && !isBuiltIn && value.length > 0 && saved.length < SAVED_MAX && (
          <Button
            size="sm"
            variant="outline"
            tone="neutral"
            onClick={() => storeSaved([...saved, [...value]])}
          >
            Save “{groupingName(value)}”
          </Button>
        )}
      </fieldset>
    </fieldset>
  );
}
