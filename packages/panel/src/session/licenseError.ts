import type { LicenseProblem } from '../api/calls.ts';
import { createListeners, type ExternalStore } from '../stores/externalStore.ts';
import { isRecord, readJson, removeKey, storedShape, writeJson } from '../stores/storage.ts';

export const licenseErrorStorageKey = 'cairn.licenseError';
const storedLicenseProblem = storedShape((value): LicenseProblem | undefined => {
  if (!isRecord(value) || typeof value.error !== 'string') return undefined;
  const { error, trackerId } = value;
  if (trackerId === undefined) return { error };
  return typeof trackerId === 'string' ? { error, trackerId } : undefined;
});

export interface LicenseErrorStore extends ExternalStore<LicenseProblem | undefined> {
  set(problem: LicenseProblem): void;
  clear(): void;
}

/**
 * The licence error the sign-in screen shows after a 402 anywhere. Kept in session storage so a reload
 * of the sign-in page still explains why the user is there.
 */
export function createLicenseErrorStore(storage: Storage): LicenseErrorStore {
  const listeners = createListeners();
  let current = readJson(storage, licenseErrorStorageKey, storedLicenseProblem);
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => current,
    set(problem) {
      current = problem;
      writeJson(storage, licenseErrorStorageKey, problem);
      listeners.emit();
    },
    clear() {
      if (current === undefined) return;
      current = undefined;
      removeKey(storage, licenseErrorStorageKey);
      listeners.emit();
    },
  };
}
