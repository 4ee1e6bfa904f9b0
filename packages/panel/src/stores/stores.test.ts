import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToAddress } from '../history/authParam.ts';
import { observeHistory } from '../history/observeHistory.ts';
import type { CallResult } from '../http/client.ts';
import { createQueryClient } from '../query/queryClient.ts';
import { createCachedStore } from './cachedStore.ts';
import {
  canCreateUsersOrDefault,
  createCurrentUserStore,
  currentUserStorageKey,
  hideProfitOrDefault,
  panelRole,
} from './currentUser.ts';
import { createDebugSettingsStore, debugSettingsStorageKey, defaultDebugSettings } from './debugSettings.ts';
import { storedString } from './storage.ts';

const quietLogger = { warn: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
});

describe('current user', () => {
  const user = {
    id: '1',
    username: 'ann',
    role: 'admin',
    canCreateUsers: true,
    isHideProfit: false,
  } as const;

  it('is stored with data version 20.05.25 and read back', () => {
    createCurrentUserStore(localStorage, quietLogger).set(user);
    expect(JSON.parse(localStorage.getItem(currentUserStorageKey) ?? '')).toEqual({
      version: '20.05.25',
      data: user,
    });
    expect(createCurrentUserStore(localStorage, quietLogger).getSnapshot()).toEqual(user);
  });

  it('ignores a stored user of another version or shape', () => {
    localStorage.setItem(currentUserStorageKey, JSON.stringify({ version: '01.01.20', data: user }));
    expect(createCurrentUserStore(localStorage, quietLogger).getSnapshot()).toBeUndefined();
    localStorage.setItem(
      currentUserStorageKey,
      JSON.stringify({ version: '20.05.25', data: { ...user, role: 'root' } }),
    );
    expect(createCurrentUserStore(localStorage, quietLogger).getSnapshot()).toBeUndefined();
    localStorage.setItem(currentUserStorageKey, '{not json');
    expect(createCurrentUserStore(localStorage, quietLogger).getSnapshot()).toBeUndefined();
  });

  it('notifies on change and clears', () => {
    const store = createCurrentUserStore(localStorage, quietLogger);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(user);
    store.update({ isHideProfit: true });
    expect(store.getSnapshot()?.isHideProfit).toBe(true);
    store.clear();
    expect(store.getSnapshot()).toBeUndefined();
    expect(localStorage.getItem(currentUserStorageKey)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps only the fields of a user, and refuses one that lacks any', () => {
    const store = createCurrentUserStore(localStorage, quietLogger);
    store.set({ ...user, password: 'never kept' } as typeof user);
    expect(store.getSnapshot()).toEqual(user);
    expect(() => store.set({ ...user, canCreateUsers: 'yes' } as unknown as typeof user)).toThrow(TypeError);
    expect(() => store.update({ role: 'root' } as unknown as { role: 'admin' })).toThrow(TypeError);
    expect(store.getSnapshot()).toEqual(user);
    localStorage.setItem(
      currentUserStorageKey,
      JSON.stringify({ version: '20.05.25', data: { ...user, username: undefined } }),
    );
    expect(createCurrentUserStore(localStorage, quietLogger).getSnapshot()).toBeUndefined();
  });

  it('maps super_admin to super-admin and refuses unknown roles', () => {
    expect(panelRole('super_admin')).toBe('super-admin');
    expect(panelRole('admin')).toBe('admin');
    expect(panelRole('user')).toBe('user');
    expect(panelRole('root')).toBeUndefined();
  });

  it('defaults canCreateUsers to true for non-user roles when the call failed, and hideProfit to false', () => {
    expect(canCreateUsersOrDefault('admin', undefined)).toBe(true);
    expect(canCreateUsersOrDefault('super-admin', undefined)).toBe(true);
    expect(canCreateUsersOrDefault('user', undefined)).toBe(false);
    expect(canCreateUsersOrDefault('admin', false)).toBe(false);
    expect(hideProfitOrDefault(undefined)).toBe(false);
    expect(hideProfitOrDefault(true)).toBe(true);
  });
});

describe('cached store', () => {
  const hour = 60 * 60 * 1000;

  function setup(refreshDelayMs?: number) {
    let secret = 'fresh';
    const load = vi.fn(
      async (): Promise<CallResult<string>> => ({ status: 'ok', data: secret, httpStatus: 200 }),
    );
    const store = createCachedStore({
      key: 'cairn.test',
      schema: storedString,
      load,
      storage: localStorage,
      ...(refreshDelayMs !== undefined ? { refreshDelayMs } : {}),
      logger: quietLogger,
    });
    return { store, load, setSecret: (next: string) => (secret = next) };
  }

  it('loads at once when nothing is cached, and caches for an hour', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { store, load } = setup();
    await store.start();
    expect(load).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).toBe('fresh');
    expect(JSON.parse(localStorage.getItem('cairn.test') ?? '')).toEqual({
      data: 'fresh',
      expiresAt: 1_000_000 + hour,
    });
  });

  it('shows a valid cached value at once and refreshes it after 1 s', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    localStorage.setItem('cairn.test', JSON.stringify({ data: 'cached', expiresAt: 1_000_000 + 10 }));
    const { store, load } = setup();
    const started = store.start();
    expect(store.getSnapshot()).toBe('cached');
    await vi.advanceTimersByTimeAsync(999);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(load).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).toBe('fresh');
  });

  it('waits 5 s when configured so (the auth secret)', async () => {
    vi.useFakeTimers({ now: 0 });
    localStorage.setItem('cairn.test', JSON.stringify({ data: 'cached', expiresAt: 60_000 }));
    const { store, load } = setup(5000);
    void store.start();
    await vi.advanceTimersByTimeAsync(4999);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledOnce();
  });

  it('replaces an expired value by a fresh load instead of showing it', async () => {
    vi.useFakeTimers({ now: 5000 });
    localStorage.setItem('cairn.test', JSON.stringify({ data: 'stale', expiresAt: 5000 }));
    const { store, load } = setup();
    const started = store.start();
    expect(store.getSnapshot()).toBeUndefined();
    await started;
    expect(load).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).toBe('fresh');
  });

  it('forgets the value and its stored copy when cleared', async () => {
    const { store } = setup();
    await store.start();
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.getSnapshot()).toBeUndefined();
    expect(localStorage.getItem('cairn.test')).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('ignores a stored entry of another shape, and loads instead', async () => {
    for (const stored of [{ data: 7, expiresAt: 9e15 }, { data: 'x', expiresAt: '9e15' }, ['x'], 'x']) {
      localStorage.setItem('cairn.test', JSON.stringify(stored));
      const { store, load } = setup();
      await store.start();
      expect(load).toHaveBeenCalledOnce();
      expect(store.getSnapshot()).toBe('fresh');
    }
  });

  it('keeps the value when a refresh fails', async () => {
    const store = createCachedStore({
      key: 'cairn.test',
      schema: storedString,
      load: async () => ({ status: 'server-error', message: 'down', httpStatus: 500 }),
      storage: localStorage,
      logger: quietLogger,
    });
    await store.start();
    expect(store.getSnapshot()).toBeUndefined();
  });
});

describe('debug settings', () => {
  it('has the spec defaults', () => {
    expect(defaultDebugSettings).toEqual({
      colorizationMode: 'colored-rows',
      isEnableLogging: false,
      isShowMonitorForDevelopersInMenu: false,
      isSyncSortingAndFiltersWithRouter: true,
      isWithVerticalBorders: false,
    });
    expect(createDebugSettingsStore(localStorage, quietLogger).getSnapshot()).toEqual(defaultDebugSettings);
  });

  it('persists changes', () => {
    createDebugSettingsStore(localStorage, quietLogger).set({
      colorizationMode: 'even-odd',
      isEnableLogging: true,
    });
    expect(createDebugSettingsStore(localStorage, quietLogger).getSnapshot()).toMatchObject({
      colorizationMode: 'even-odd',
      isEnableLogging: true,
      isSyncSortingAndFiltersWithRouter: true,
    });
  });

  it('replaces only the invalid stored fields by their defaults', () => {
    localStorage.setItem(
      debugSettingsStorageKey,
      JSON.stringify({ colorizationMode: 'rainbow', isWithVerticalBorders: true, isEnableLogging: 'yes' }),
    );
    expect(createDebugSettingsStore(localStorage, quietLogger).getSnapshot()).toEqual({
      ...defaultDebugSettings,
      isWithVerticalBorders: true,
    });
  });
});

describe('debug settings, stored', () => {
  it('are the defaults when what is stored is no object', () => {
    for (const stored of ['[true]', '"even-odd"', 'null', '{bad json']) {
      localStorage.setItem(debugSettingsStorageKey, stored);
      expect(createDebugSettingsStore(localStorage, quietLogger).getSnapshot()).toEqual(defaultDebugSettings);
    }
  });

  it('drop fields they do not know', () => {
    localStorage.setItem(debugSettingsStorageKey, JSON.stringify({ isEnableLogging: true, extra: 1 }));
    expect(createDebugSettingsStore(localStorage, quietLogger).getSnapshot()).toEqual({
      ...defaultDebugSettings,
      isEnableLogging: true,
    });
  });
});

describe('query client defaults', () => {
  it('keeps results 30 minutes, never refetches on focus, never retries', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ gcTime: 30 * 60 * 1000, refetchOnWindowFocus: false, retry: false });
  });
});

describe('address helpers', () => {
  it('writes auth into the query by replacing the history entry', () => {
    window.history.replaceState(null, '', '/panel/report/campaign/1?from=a#totals');
    const lengthBefore = window.history.length;
    writeAuthToAddress('s3cret');
    expect(window.location.pathname).toBe('/panel/report/campaign/1');
    expect(new URLSearchParams(window.location.search).get('auth')).toBe('s3cret');
    expect(new URLSearchParams(window.location.search).get('from')).toBe('a');
    expect(window.location.hash).toBe('#totals');
    expect(window.history.length).toBe(lengthBefore);
  });

  it('notifies listeners of push and replace', () => {
    const seen: string[] = [];
    const stop = observeHistory((change) => seen.push(`${change.type} ${new URL(change.url).pathname}`));
    window.history.pushState(null, '', '/panel/offers');
    window.history.replaceState(null, '', '/panel/offers/create');
    stop();
    window.history.pushState(null, '', '/panel/after');
    expect(seen).toEqual(['push /panel/offers', 'replace /panel/offers/create']);
  });
});
