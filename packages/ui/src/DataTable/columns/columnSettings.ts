import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';

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

/** The part of the settings that follows the user (widths stay with the browser's screen). */
export type ColumnChoice = Pick<ColumnSettings, 'visibility' | 'order'>;

/**
 * Where an app keeps each user's column choices beyond this browser (the panel: on the server). This
 * browser's copy paints the table at once; the kept choice replaces it when it arrives.
 */
export interface ColumnChoiceKeeper {
  /** The user's choice for the table, or null for none (the table's defaults). */
  load(storageKey: string): Promise<ColumnChoice | null>;
  /** Keeps the choice; null forgets it. */
  save(storageKey: string, choice: ColumnChoice | null): void;
}

export const ColumnChoiceKeeperContext = createContext<ColumnChoiceKeeper | null>(null);

type Updater<T> = T | ((old: T) => T);
const apply = <T>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/**
 * Column settings in state, saved under `storageKey` (when given) on every change, and the choice of
 * columns also with the app's keeper when there is one.
 */
export function useColumnSettings(storageKey: string | undefined) {
  const keeper = useContext(ColumnChoiceKeeperContext);
  const [settings, setSettings] = useState<ColumnSettings>(() => readColumnSettings(storageKey));
  // A change made while the kept choice is on its way wins over what arrives.
  const changedHere = useRef(false);
  const saved = useRef<string | null>(null);
  useEffect(() => {
    const local = readColumnSettings(storageKey);
    setSettings(local);
    changedHere.current = false;
    saved.current = null;
    if (!keeper || !storageKey) return;
    let current = true;
    keeper
      .load(storageKey)
      .then((choice) => {
        if (!current || changedHere.current) return;
        // None kept yet, but this browser has one (made before choices were kept): it becomes the kept one.
        if (choice === null && (local.order.length > 0 || Object.keys(local.visibility).length > 0)) {
          keeper.save(storageKey, { visibility: local.visibility, order: local.order });
          return;
        }
        setSettings((old) => {
          const next = { ...old, visibility: choice?.visibility ?? {}, order: choice?.order ?? [] };
          writeColumnSettings(storageKey, next);
          return next;
        });
      })
      .catch(() => {
        // Not kept (offline, signed out): this browser's copy stays.
      });
    return () => {
      current = false;
    };
  }, [storageKey, keeper]);

  const update = useCallback(
    <K extends keyof ColumnSettings>(key: K, updater: Updater<ColumnSettings[K]>) => {
      if (key !== 'sizing') changedHere.current = true;
      setSettings((old) => {
        const next = { ...old, [key]: apply(updater, old[key]) };
        writeColumnSettings(storageKey, next);
        return next;
      });
    },
    [storageKey],
  );
  // Saved with the keeper after the state settles, once per change of the choice (not of a width).
  useEffect(() => {
    if (!keeper || !storageKey || !changedHere.current) return;
    const choice = { visibility: settings.visibility, order: settings.order };
    const text = JSON.stringify(choice);
    if (text === saved.current) return;
    saved.current = text;
    const isDefault = settings.order.length === 0 && Object.keys(settings.visibility).length === 0;
    keeper.save(storageKey, isDefault ? null : choice);
  }, [keeper, storageKey, settings.visibility, settings.order]);
  const reset = useCallback(() => {
    changedHere.current = true;
    writeColumnSettings(storageKey, EMPTY_COLUMN_SETTINGS);
    setSettings(EMPTY_COLUMN_SETTINGS);
  }, [storageKey]);

  return { settings, update, reset };
}
