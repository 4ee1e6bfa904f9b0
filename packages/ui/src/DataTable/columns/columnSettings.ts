import { useCallback, useEffect, useState } from 'react';

/** What a user changes about columns and expects to find again: visibility, order, widths. */
export interface ColumnSettings {
  visibility: Record<string, boolean>;
  order: string[];
  sizing: Record<string, number>;
}

export const EMPTY_COLUMN_SETTINGS: ColumnSettings = { visibility: {}, order: [], sizing: {} };

const STORAGE_PREFIX = 'cairn.table.';

function isRecordOf(value: unknown, check: (v: unknown) => boolean): value is Record<string, never> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check)
  );
}

/** Reads stored settings, ignoring anything that does not have the expected shape. */
export function readColumnSettings(storageKey: string | undefined): ColumnSettings {
  if (!storageKey) return EMPTY_COLUMN_SETTINGS;
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_PREFIX + storageKey);
    if (!raw) return EMPTY_COLUMN_SETTINGS;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return EMPTY_COLUMN_SETTINGS;
    const { visibility, order, sizing } = parsed as Record<string, unknown>;
    return {
      visibility: isRecordOf(visibility, (v) => typeof v === 'boolean') ? visibility : {},
      order: Array.isArray(order) && order.every((v) => typeof v === 'string') ? order : [],
      sizing: isRecordOf(sizing, (v) => typeof v === 'number' && Number.isFinite(v) && v > 0) ? sizing : {},
    };
  } catch {
    return EMPTY_COLUMN_SETTINGS;
  }
}

export function writeColumnSettings(storageKey: string | undefined, settings: ColumnSettings): void {
  if (!storageKey) return;
  try {
    globalThis.localStorage?.setItem(STORAGE_PREFIX + storageKey, JSON.stringify(settings));
  } catch {
    // Storage full or blocked (private mode): settings just do not persist.
  }
}

type Updater<T> = T | ((old: T) => T);
const apply = <T>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/** Column settings in state, saved under `storageKey` (when given) on every change. */
export function useColumnSettings(storageKey: string | undefined) {
  const [settings, setSettings] = useState<ColumnSettings>(() => readColumnSettings(storageKey));
  useEffect(() => {
    setSettings(readColumnSettings(storageKey));
  }, [storageKey]);

  const update = useCallback(
    <K extends keyof ColumnSettings>(key: K, updater: Updater<ColumnSettings[K]>) => {
      setSettings((old) => {
        const next = { ...old, [key]: apply(updater, old[key]) };
        writeColumnSettings(storageKey, next);
        return next;
      });
    },
    [storageKey],
  );
  const reset = useCallback(() => {
    writeColumnSettings(storageKey, EMPTY_COLUMN_SETTINGS);
    setSettings(EMPTY_COLUMN_SETTINGS);
  }, [storageKey]);

  return { settings, update, reset };
}
