import { navigationProgress } from '@cairn/ui';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { fetchAuthSecret } from '../api/calls.ts';
import { type ApiClient, api } from '../http/client.ts';
import { createQueryClient } from '../query/queryClient.ts';
import { createLicenseErrorStore, type LicenseErrorStore } from '../session/licenseError.ts';
import { createSignInNoticeStore, type SignInNoticeStore } from '../session/signInNotice.ts';
import { type CachedStore, createCachedStore } from '../stores/cachedStore.ts';
import { type CurrentUserStore, createCurrentUserStore } from '../stores/currentUser.ts';
import { createDebugSettingsStore, type DebugSettingsStore } from '../stores/debugSettings.ts';
import { createDisplayPreferencesStore, type DisplayPreferencesStore } from '../stores/displayPreferences.ts';
import { removeKey, storedString } from '../stores/storage.ts';

export const authSecretRefreshDelayMs = 5000;
export const authSecretStorageKey = 'cairn.authSecret';

export interface BuildInfo {
  version: string;
  commit: string;
  builtAt: string;
}

export interface NavigationProgressControl {
  start(): void;
  done(): void;
}

/** Everything stateful the panel shares, created once in main.tsx and fresh in every test. */
export interface AppServices {
  client: ApiClient;
  queryClient: QueryClient;
  currentUser: CurrentUserStore;
  debugSettings: DebugSettingsStore;
  display: DisplayPreferencesStore;
  authSecret: CachedStore<string>;
  licenseError: LicenseErrorStore;
  signInNotice: SignInNoticeStore;
  progress: NavigationProgressControl;
  build: BuildInfo;
  /** Reloads the page (to fetch the current build after an upgrade); tests watch it instead. */
  reload(): void;
}

export function createAppServices(
  overrides: Partial<AppServices> & { storage?: Storage; sessionStorage?: Storage } = {},
): AppServices {
  const storage = overrides.storage ?? window.localStorage;
  const sessionStorage = overrides.sessionStorage ?? window.sessionStorage;
  const client = overrides.client ?? api;
  // The read-only link secret opens reports without a password, so it never goes to local storage,
  // which outlives the tab and the sign-out; a copy an older panel left there is removed.
  removeKey(storage, authSecretStorageKey);
  return {
    client,
    queryClient: overrides.queryClient ?? createQueryClient(),
    currentUser: overrides.currentUser ?? createCurrentUserStore(storage),
    debugSettings: overrides.debugSettings ?? createDebugSettingsStore(storage),
    display:
      overrides.display ??
      createDisplayPreferencesStore({
        root: document.documentElement,
        storage,
        matchMedia: (query) => window.matchMedia(query),
      }),
    authSecret:
      overrides.authSecret ??
      createCachedStore({
        key: authSecretStorageKey,
        schema: storedString,
        load: () => fetchAuthSecret(client),
        // The tab's session only: shown at once after a reload, gone with the tab.
        storage: sessionStorage,
        refreshDelayMs: authSecretRefreshDelayMs,
      }),
    licenseError: overrides.licenseError ?? createLicenseErrorStore(sessionStorage),
    signInNotice: overrides.signInNotice ?? createSignInNoticeStore(),
    progress: overrides.progress ?? navigationProgress,
    build: overrides.build ?? {
      version: __PANEL_VERSION__,
      commit: __PANEL_COMMIT__,
      builtAt: __PANEL_BUILD_TIME__,
    },
    reload: overrides.reload ?? (() => window.location.reload()),
  };
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <ServicesContext.Provider>');
  return services;
}
