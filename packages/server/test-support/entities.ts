// Helpers for the entity tests: a real server on a fresh data dir, an admin signed in through the real
// sign-in, and the REST calls of one kind as the panel makes them.
import { entityPath } from '@cairn/contract';
import { expect } from 'vitest';
import type { RunningCairn } from '../src/index.ts';
import { ADMIN_PASSWORD, type CallResult, startTestCairn, TestBrowser } from './server.ts';

export interface KindClient {
  list(query?: string): Promise<CallResult>;
  create(body: unknown): Promise<CallResult>;
  /** Creates and returns the body, failing the test unless the server answered 201. */
  make<T = Record<string, unknown>>(body: unknown): Promise<T & { id: number }>;
  get(id: number): Promise<CallResult>;
  put(id: number, body: unknown): Promise<CallResult>;
  remove(id: number): Promise<CallResult>;
  archive(id: number): Promise<CallResult>;
  restore(id: number): Promise<CallResult>;
  mass(ids: number[], changes: Record<string, unknown>): Promise<CallResult>;
}

export function kindClient(browser: TestBrowser, kind: string): KindClient {
  return {
    list: (query = '') => browser.get(`${entityPath.list(kind)}${query ? `?${query}` : ''}`),
    create: (body) => browser.post(entityPath.list(kind), body),
    async make<T>(body: unknown) {
      const result = await browser.post(entityPath.list(kind), body);
      expect(result.body).toMatchObject({ id: expect.any(Number) });
      expect(result.status).toBe(201);
      return result.json<T & { id: number }>();
    },
    get: (id) => browser.get(entityPath.item(kind, id)),
    put: (id, body) => browser.call('PUT', entityPath.item(kind, id), { body }),
    remove: (id) => browser.call('DELETE', entityPath.item(kind, id)),
    archive: (id) => browser.post(entityPath.archive(kind, id)),
    restore: (id) => browser.post(entityPath.restore(kind, id)),
    mass: (ids, changes) => browser.call('PATCH', entityPath.mass(kind), { body: { ids, changes } }),
  };
}

export async function signedInAdmin(options: Parameters<typeof startTestCairn>[0] = {}): Promise<{
  cairn: RunningCairn;
  browser: TestBrowser;
}> {
  const cairn = await startTestCairn(options);
  const browser = new TestBrowser(cairn.url);
  const signIn = await browser.signIn('admin', ADMIN_PASSWORD);
  expect(signIn.status).toBe(200);
  return { cairn, browser };
}

/** The field paths of a 400 body, as forms use them to place messages. */
export function errorFields(result: CallResult): string[] {
  const body = result.json<{ errors?: { detail?: { field?: string } }[] }>();
  return (body.errors ?? []).map((error) => error.detail?.field ?? '');
}
