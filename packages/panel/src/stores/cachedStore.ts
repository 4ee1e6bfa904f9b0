import type { CallResult } from '../http/client.ts';
import { createListeners, type ExternalStore } from './externalStore.ts';
import {
  isRecord,
  type Logger,
  readJson,
  removeKey,
  type StoredShape,
  storedShape,
  writeJson,
} from './storage.ts';

export const cachedDataLifetimeMs = 60 * 60 * 1000;
export const defaultRefreshDelayMs = 1000;

export interface CachedEntry<T> {
  data: T;
  /** Epoch milliseconds after which the entry is no longer shown. */
  expiresAt: number;
}

export interface CachedStoreOptions<T> {
  key: string;
  schema: StoredShape<T>;
  load: () => Promise<CallResult<T>>;
  storage: Storage;
  refreshDelayMs?: number;
  lifetimeMs?: number;
  now?: () => number;
  logger?: Logger;
}

export interface CachedStore<T> extends ExternalStore<T | undefined> {
  /**
   * Shows a valid cached value at once and refreshes it after the delay; an expired or missing one is
   * loaded now. Resolves when the load this start triggered (now or after the delay) has finished.
   */
  start(): Promise<void>;
  /** Loads now, replacing the cached value on success. */
  refresh(): Promise<CallResult<T>>;
  stop(): void;
  /** Forgets the value and its cached copy (at sign-out: it belongs to the user). */
  clear(): void;
}

export function createCachedStore<T>(options: CachedStoreOptions<T>): CachedStore<T> {
  const now = options.now ?? Date.now;
  const lifetime = options.lifetimeMs ?? cachedDataLifetimeMs;
  const delay = options.refreshDelayMs ?? defaultRefreshDelayMs;
  const entrySchema = storedShape((entry): CachedEntry<T> | undefined => {
    if (!isRecord(entry) || typeof entry.expiresAt !== 'number') return undefined;
    const data = options.schema.safeParse(entry.data);
    return data.success ? { data: data.data, expiresAt: entry.expiresAt } : undefined;
  });
  const listeners = createListeners();
  let value: T | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const readValid = (): T | undefined => {
    const entry = readJson(options.storage, options.key, entrySchema, options.logger);
    return entry && entry.expiresAt > now() ? entry.data : undefined;
  };

  const refresh = async () => {
    const result = await options.load();
    if (result.status === 'ok') {
      value = result.data;
      writeJson(
        options.storage,
        options.key,
        { data: result.data, expiresAt: now() + lifetime },
        options.logger,
      );
      listeners.emit();
    }
    return result;
  };

  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => value,
    start() {
      clearTimeout(timer);
      const cached = readValid();
      if (cached === undefined) {
        if (value !== undefined) {
          value = undefined;
          listeners.emit();
        }
        return refresh().then(() => undefined);
      }
      value = cached;
      listeners.emit();
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          refresh().then(() => resolve(), resolve);
        }, delay);
      });
    },
    refresh,
    stop() {
      clearTimeout(timer);
    },
    clear() {
      clearTimeout(timer);
      removeKey(options.storage, options.key);
      if (value === undefined) return;
      value = undefined;
      listeners.emit();
    },
  };
}
