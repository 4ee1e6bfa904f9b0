import { DEFAULT_LP_PROTECT, DEFAULT_URL_CUSTOMIZATION } from '@cairn/contract';
import {
  COLOR_SCHEMES,
  type ColorScheme,
  type DisplayPreferences,
  STORAGE_KEYS,
  THEMES,
  type Theme,
} from '@cairn/tokens';
import type { StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/App.tsx';
import { createAppServices } from '../app/services.ts';
import { createApiClient } from '../http/client.ts';
import { createDisplayPreferencesStore } from '../stores/displayPreferences.ts';
import { entityRoutes, type FixtureRoute, fixtureFetch, get, memoryStorage } from './fixtureServer.ts';
import {
  auditLog,
  campaigns,
  domains,
  groups,
  landers,
  offers,
  rotations,
  trafficSources,
} from './fixtures.ts';
import { entityStats, statsSettings } from './statsFixtures.ts';

// The whole panel (guard, frame, page, queries and the contract's response checks) at one address,
// against fixtures instead of a server: what a signed-in admin sees there.

export interface PanelPageProps {
  /** The panel address, without /panel: `/campaigns`, `/report/campaign/3?group=offer`. */
  path: string;
  /** Calls of this page beyond the session and the shared references. */
  routes?: readonly FixtureRoute[];
}

const build = { version: '0.1.0', commit: '5f0c1a9d2e7b', builtAt: '2026-03-07T12:00:00.000Z' };

/** What every signed-in page asks for: the session, the frame's checks and the items references name. */
const sharedRoutes: FixtureRoute[] = [
  get('/api/user/role', () => ({ id: '1', role: 'super_admin', username: 'anna' })),
  get('/api/user/1/can_create_users', () => ({ canCreateUsers: true })),
  get('/api/user/1/hide_profit', () => ({ hideProfit: false })),
  get('/api/mode', () => ({ mode: 'normal' })),
  get('/updates/check', () => ({
    is_available_updates: false,
    current_version: build.version,
    latest_version: build.version,
    notes: '',
  })),
  get('/api/settings/stats', () => statsSettings),
  get('/api/settings/columns', () => ({ tables: {} })),
  get('/api/user/columns', () => ({ tables: {} })),
  // No slot named: report columns keep their Event N titles.
  get('/api/custom-events', () => ({ names: Array.from({ length: 30 }, () => '') })),
  get('/api/settings/beta', () => ({})),
  get('/api/settings/url-customization', () => DEFAULT_URL_CUSTOMIZATION),
  get('/api/settings/lp-protect', () => DEFAULT_LP_PROTECT),
  get('/api/report/entity_stats', entityStats),
  ...entityRoutes('campaign', campaigns),
  ...entityRoutes('group', groups),
  ...entityRoutes('domain', domains),
  ...entityRoutes('traffic_source', trafficSources),
  ...entityRoutes('offer', offers),
  ...entityRoutes('landing', landers),
  ...entityRoutes('rotation', rotations),
  ...entityRoutes('affiliate_network', []),
  get('/api/audit_log', () => ({ items: auditLog, total: auditLog.length, page: 1, pageSize: 20 })),
];

/** The display preferences the story's globals chose, as the panel would have stored them. */
function storedPreferences(display: Partial<DisplayPreferences>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(display).flatMap(([key, value]) => {
      const storageKey = STORAGE_KEYS[key as keyof typeof STORAGE_KEYS];
      return storageKey && value !== undefined ? [[storageKey, JSON.stringify(value)]] : [];
    }),
  );
}

export function PanelPage({
  path,
  routes = [],
  display = {},
}: PanelPageProps & { display?: Partial<DisplayPreferences> }) {
  const [page] = useState(() => {
    const client = createApiClient({ fetch: fixtureFetch([...routes, ...sharedRoutes]) });
    const services = createAppServices({
      client,
      storage: memoryStorage(),
      sessionStorage: memoryStorage(),
      // Storybook's decorator already themes the document; the panel's own store only has to agree
      // with it (the user menu names the other theme), so it applies to an element nobody sees.
      display: createDisplayPreferencesStore({
        root: document.createElement('div'),
        storage: memoryStorage(storedPreferences(display)),
        matchMedia: (query) => window.matchMedia(query),
        loadFont: async () => 'loaded',
        measureScale: () => 1,
      }),
      // A progress bar that never shows: the screenshot must not catch one half way.
      progress: { start: () => {}, done: () => {} },
      build,
      reload: () => {},
    });
    return { services, location: memoryLocation({ path: `/panel${path}` }) };
  });
  // Storybook's own canvas switches stories without a reload: each page leaves nothing listening.
  useEffect(
    () => () => {
      page.services.display.dispose();
      page.services.queryClient.clear();
    },
    [page],
  );
  return <App services={page.services} location={page.location} />;
}

/** Renders the page with the panel's own display store agreeing with the story's theme and scheme. */
export function renderPanelPage(props: PanelPageProps, { globals }: { globals: Record<string, unknown> }) {
  return (
    <PanelPage
      {...props}
      display={{ theme: globals.theme as Theme, colorScheme: globals.colorScheme as ColorScheme }}
    />
  );
}

/**
 * The keys the panel keeps in the browser's own storage (column choices, list periods, the report
 * zone): cleared before each page story, then `seed` set, so no earlier visit changes the screen.
 */
export function resetPanelStorage(seed: Record<string, unknown> = {}) {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith('cairn.')) storage.removeItem(key);
  }
  for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, JSON.stringify(value));
  return () => resetPanelStorage();
}

/** A laptop screen; the panel's tabs fit on one row beside the brand from 1400 px. */
export function pageViewport(height = 900) {
  return {
    viewport: {
      options: {
        page: { name: 'Page', styles: { width: '1440px', height: `${height}px` }, type: 'desktop' },
      },
      defaultViewport: 'page',
    },
  } as const;
}

const capitalize = <T extends string>(word: T) =>
  `${word[0]?.toUpperCase()}${word.slice(1)}` as Capitalize<T>;

export type SchemeThemeName = `${Capitalize<ColorScheme>}${Capitalize<Theme>}`;

/**
 * One story per colour scheme and theme the tokens define, each the given story under those globals.
 * CSF wants each story as a named export, so the stories files still name them; `satisfies
 * Record<SchemeThemeName, ...>` there fails to compile when a scheme or theme is added and not exported.
 */
export function perSchemeAndTheme<
  S extends { name?: string; globals?: StoryObj['globals']; parameters?: StoryObj['parameters'] },
>(story: S): Record<SchemeThemeName, S> {
  const stories: Partial<Record<SchemeThemeName, S>> = {};
  for (const colorScheme of COLOR_SCHEMES) {
    for (const theme of THEMES) {
      stories[`${capitalize(colorScheme)}${capitalize(theme)}`] = {
        ...story,
        name: `${capitalize(colorScheme)} ${theme}`,
        globals: { ...story.globals, colorScheme, theme },
        // Each combination is a story here, with its own axe run and baseline: sweeping schemes again is waste.
        // Nor is drawing the page in every combination at once (the toolbar's "Combos: all").
        parameters: { ...story.parameters, schemeSweep: { disable: true }, combos: { disable: true } },
      };
    }
  }
  return stories as Record<SchemeThemeName, S>;
}
