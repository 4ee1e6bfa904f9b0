import { z } from 'zod';
import { createListeners, type ExternalStore } from './externalStore.ts';
import { type Logger, readJson, writeJson } from './storage.ts';

export const debugSettingsStorageKey = 'cairn.debugSettings';

export const colorizationModes = ['colored-cells', 'colored-rows', 'even-odd', 'no'] as const;
export type ColorizationMode = (typeof colorizationModes)[number];

// Each field falls back to its default on its own, so one bad value does not reset the others.
export const debugSettingsSchema = z.object({
  colorizationMode: z.enum(colorizationModes).catch('colored-rows'),
  isEnableLogging: z.boolean().catch(false),
  isShowMonitorForDevelopersInMenu: z.boolean().catch(false),
  isSyncSortingAndFiltersWithRouter: z.boolean().catch(true),
  isWithVerticalBorders: z.boolean().catch(false),
});
export type DebugSettings = z.infer<typeof debugSettingsSchema>;

export const defaultDebugSettings: DebugSettings = debugSettingsSchema.parse({});

export interface DebugSettingsStore extends ExternalStore<DebugSettings> {
  set(changes: Partial<DebugSettings>): void;
  reset(): void;
}

export function createDebugSettingsStore(storage: Storage, logger: Logger = console): DebugSettingsStore {
  const listeners = createListeners();
  let current: DebugSettings = readJson(storage, debugSettingsStorageKey, debugSettingsSchema, logger) ?? {
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
    set: (changes) => save(debugSettingsSchema.parse({ ...current, ...changes })),
    reset: () => save({ ...defaultDebugSettings }),
  };
}
