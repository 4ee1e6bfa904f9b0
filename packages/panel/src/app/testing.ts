import { vi } from 'vitest';
import { createApiClient } from '../http/client.ts';
import { createDisplayPreferencesStore } from '../stores/displayPreferences.ts';
import { type AppServices, createAppServices } from './services.ts';

export type Route = (request: Request) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: the first route that answers wins; anything unanswered is a 404 like the real one. */
export function fakeServer(...routes: Route[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    for (const route of routes) {
      const response = await route(request);
      if (response) return response;
    }
    return json({ message: `Not found: ${request.method} ${url.pathname}` }, 404);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

export function on(
  method: string,
  path: string,
  answer: (request: Request) => Response | Promise<Response>,
): Route {
  return (request) =>
    request.method === method && new URL(request.url).pathname === path ? answer(request) : undefined;
}

/** The calls the guard makes for a signed-in user: the role, then the can-create-users and hide-profit flags. */
export function signedInAs({
  id = '1',
  role = 'super_admin',
  username = 'admin',
  canCreateUsers = true,
  hideProfit = false,
}: {
  id?: string;
  role?: string;
  username?: string;
  canCreateUsers?: boolean;
  hideProfit?: boolean;
} = {}): Route[] {
  return [
    on('GET', '/api/user/role', () => json({ id, role, username })),
    on('GET', `/api/user/${id}/can_create_users`, () => json({ canCreateUsers })),
    on('GET', `/api/user/${id}/hide_profit`, () => json({ hideProfit })),
  ];
}

/** Services for one test: fresh stores, a fresh QueryClient (retry off by default), a fake server. */
export function testServices(
  fetch: typeof globalThis.fetch,
  overrides: Partial<AppServices> = {},
): AppServices {
  return createAppServices({
    client: createApiClient({ fetch, logger: { error: vi.fn() } }),
    display: createDisplayPreferencesStore({
      root: document.documentElement,
      storage: localStorage,
      matchMedia: (query) => window.matchMedia(query),
      loadFont: async () => 'loaded',
      measureScale: () => 1,
      logger: { warn: vi.fn() },
    }),
    progress: { start: vi.fn(), done: vi.fn() },
    ...overrides,
  });
}

/** An offer as the API returns it, for the fake servers of tests that list or edit offers. */
export function offerItem(id: number, name: string, archived = false) {
  return {
    id,
    archived,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    name,
    url: 'https://offer.example/?sub={clickid}',
    affiliateNetworkId: null,
    groupId: null,
    payoutAuto: false,
    payoutMicros: 1_000_000,
    currency: 'USD',
    upsell: false,
    countryCode: null,
    dailyCap: null,
    dailyClickCap: null,
    capFallbackOfferId: null,
    notes: '',
    finalUrl: 'https://offer.example/?sub={clickid}',
  };
}
