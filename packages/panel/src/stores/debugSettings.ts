import { createListeners, type ExternalStore } from './externalStore.ts';
import { isRecord, type Logger, readJson, storedShape, writeJson } from './storage.ts';

export const debugSettingsStorageKey = 'cairn.debugSettings';

export const colorizationModes = ['colored-cells', 'colored-rows', 'even-odd', 'no'] as const;
export type ColorizationMode = (typeof colorizationModes)[number];

export interface DebugSettings {
  colorizationMode: ColorizationMode;
  isEnableLogging: boolean;
  isShowMonitorForDevelopersInMenu: boolean;
  isSyncSortingAndFiltersWithRouter: boolean;
  isWithVerticalBorders: boolean;
}

export const defaultDebugSettings: DebugSettings = {
  colorizationMode: 'colored-rows',
  isEnableLogging: false,
  isShowMonitorForDevelopersInMenu: false,
  isSyncSortingAndFiltersWithRouter: true,
  isWithVerticalBorders: false,
};

type Flag = Exclude<keyof DebugSettings, 'colorizationMode'>;

/** Each field falls back to its default on its own, so one bad value does not reset the others. */
export function debugSettingsFrom(value: Record<string, unknown>): DebugSettings {
  const flag = (key: Flag) => {
    const given = value[key];
    return typeof given === 'boolean' ? given : defaultDebugSettings[key];
  };
  const mode = value.colorizationMode;
  return {
    colorizationMode:
      colorizationModes.find((known) => known === mode) ?? defaultDebugSettings.colorizationMode,
    isEnableLogging: flag('isEnableLogging'),
    isShowMonitorForDevelopersInMenu: flag('isShowMonitorForDevelopersInMenu'),
    isSyncSortingAndFiltersWithRouter: flag('isSyncSortingAndFiltersWithRouter'),
    isWithVerticalBorders: flag('isWithVerticalBorders'),
  };
}

// Anything but an object is no settings at all.
const storedDebugSettings = storedShape((value) => (isRecord(value) ? debugSettingsFrom(value) : undefined));

export interface DebugSettingsStore extends ExternalStore<DebugSettings> {
  set(changes: Partial<DebugSettings>): void;
  reset(): void;
}

export function createDebugSettingsStore(storage: Storage, logger: Logger = console): DebugSettingsStore {
  const listeners = createListeners();
  let current: DebugSettings = readJson(storage, debugSettingsStorageKey, storedDebugSettings, logger) ?? {
    ...defaultDebugSettings,
  };
  const save = (next: DebugSettings) => {
    current = next;
    writeJson(storage, debugSettingsStorageKey, next, logger);
    listeners.emit();
  };
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => current,
    set: (changes) => save(debugSettingsFrom({ ...current, ...changes })),
    reset: () => save({ ...defaultDebugSettings }),
  };
}
