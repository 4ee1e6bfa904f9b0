import { Writable } from 'node:stream';
import {
  API_KEY_HEADER,
  API_KEY_PATHS,
  API_PATHS,
  type ApiKey,
  type ApiKeyListResponse,
  apiKeyPath,
  type CreateApiKeyResponse,
  entityPath,
  isProfitField,
  REPORT_PATHS,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient } from '../../test-support/entities.ts';
import {
  ADMIN_PASSWORD,
  type CallResult,
  Clock,
  startTestCairn,
  TestBrowser,
} from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The public API's keys on the real server: made in a session, used by a client that keeps no cookies
// and sends no CSRF token, acting with its owner's rights.

const REQUESTS_PER_MINUTE = 20;
const REPORT = `${REPORT_PATHS.report}?groupBy=campaign&preset=all_time`;

/** A script's client: no cookies, no XSRF header, just the key. */
function withKey(cairn: RunningCairn, key: string) {
  const call = (method: string, path: string, body?: unknown): Promise<CallResult> =>
    new TestBrowser(cairn.url).call(method, path, { body, headers: { [API_KEY_HEADER]: key } });
  return { call, get: (path: string) => call('GET', path) };
}

/** Every key (at any depth) of a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => [key, ...keysOf(field)]);
}

describe('API keys', () => {
  const clock = new Clock();
  const lines: string[] = [];
  let cairn: RunningCairn;
  let admin: TestBrowser;

  const createKey = async (
    browser: TestBrowser,
    body: Record<string, unknown> = { name: 'bot', scope: 'read_write' },
  ): Promise<CreateApiKeyResponse> => {
    const created = await browser.post(API_KEY_PATHS.list, body);
    expect(created.body).toMatchObject({ key: expect.any(String) });
    expect(created.status).toBe(201);
    return created.json<CreateApiKeyResponse>();
  };
  const signedInUser = async (fields: Record<string, unknown>): Promise<TestBrowser> => {
    const password = 'api-key-user-Fjord-31';
    await kindClient(admin, 'user').make({ password, ...fields });
    const browser = new TestBrowser(cairn.url);
    expect((await browser.signIn(String(fields.login), password)).status).toBe(200);
    return browser;
  };

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    cairn = await startTestCairn({
      now: clock.now,
      apiKeyRequestsPerMinute: REQUESTS_PER_MINUTE,
      logLevel: 'info',
      logDestination: sink,
    });
    admin = new TestBrowser(cairn.url);
    expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await cairn.close();
  });

  it('shows the key once, keeps only its hash, and lets it read and write as its owner without CSRF', async () => {
    const created = await createKey(admin, { name: 'reporting bot', scope: 'read_write' });
    expect(created).toMatchObject({ name: 'reporting bot', scope: 'read_write', userLogin: 'admin' });
    expect(created.key).toMatch(/^cairn_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const listed = (await admin.get(API_KEY_PATHS.list)).json<ApiKeyListResponse>().apiKeys;
    expect(listed.find((key) => key.id === created.id)).toMatchObject({ name: 'reporting bot' });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await cairn.store.query<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE id = $1',
      [created.id],
    );
    expect(stored[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const bot = withKey(cairn, created.key);
    const role = await bot.get(API_PATHS.role);
    expect(role.json()).toMatchObject({ username: 'admin', role: 'super_admin' });
    // A script is sent no cookies to keep.
    expect(role.headers.getSetCookie()).toEqual([]);
    const offer = await bot.call('POST', entityPath.list('offer'), {
      name: 'by-key',
      url: 'https://o.example/',
    });
    expect(offer.status).toBe(201);
    expect((await bot.get(REPORT)).status).toBe(200);
  });

  it('refuses writes with a read-only key and anything with a wrong one', async () => {
    const readOnly = withKey(cairn, (await createKey(admin, { name: 'reader', scope: 'read_only' })).key);
    expect((await readOnly.get(entityPath.list('offer'))).status).toBe(200);
    const write = await readOnly.call('POST', entityPath.list('offer'), {
      name: 'no',
      url: 'https://o.example/',
    });
    expect(write.status).toBe(403);
    expect(write.json().message).toMatch(/read-only/);
    for (const wrong of ['cairn_not-a-key', '', 'x'.repeat(5000)]) {
      expect((await withKey(cairn, wrong).get(API_PATHS.role)).status).toBe(401);
    }
    // Even on a route that needs no sign-in: a wrong key is never taken for no key.
    expect((await withKey(cairn, 'cairn_not-a-key').get(API_PATHS.mode)).status).toBe(401);
  });

  it("acts with the owner's permissions and hide-profit rule", async () => {
    const plain = await signedInUser({ login: 'plain-api', role: 'user' });
    const plainKey = withKey(cairn, (await createKey(plain)).key);
    expect((await plainKey.get(entityPath.list('campaign'))).status).toBe(403);
    expect((await plainKey.get(entityPath.list('user'))).status).toBe(403);

    const hidden = await signedInUser({ login: 'hidden-api', role: 'admin', hideProfit: true });
    const hiddenReport = await withKey(cairn, (await createKey(hidden)).key).get(REPORT);
    expect(hiddenReport.status).toBe(200);
    expect(keysOf(hiddenReport.body).filter(isProfitField)).toEqual([]);
    const adminReport = await withKey(cairn, (await createKey(admin)).key).get(REPORT);
    expect(keysOf(adminReport.body).filter(isProfitField).length).toBeGreaterThan(0);
  });

  it('ends a key at revoke and at expiry, and records last use to the minute', async () => {
    const expiresAt = new Date(clock.now() + 10 * 60_000).toISOString();
    const created = await createKey(admin, { name: 'short', scope: 'read_only', expiresAt });
    expect(created.expiresAt).toBe(expiresAt);
    expect(created.lastUsedAt).toBeNull();
    const bot = withKey(cairn, created.key);
    const lastUsed = async () =>
      (await admin.get(API_KEY_PATHS.list))
        .json<ApiKeyListResponse>()
        .apiKeys.find((key: ApiKey) => key.id === created.id)?.lastUsedAt;

    expect((await bot.get(API_PATHS.role)).status).toBe(200);
    const firstUse = new Date(clock.now()).toISOString();
    expect(await lastUsed()).toBe(firstUse);
    clock.advance(30_000);
    expect((await bot.get(API_PATHS.role)).status).toBe(200);
    expect(await lastUsed()).toBe(firstUse);
    clock.advance(31_000);
    expect((await bot.get(API_PATHS.role)).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(clock.now()).toISOString());

    clock.advance(10 * 60_000);
    expect((await bot.get(API_PATHS.role)).status).toBe(401);

    const revoked = await createKey(admin);
    const revokedBot = withKey(cairn, revoked.key);
    expect((await revokedBot.get(API_PATHS.role)).status).toBe(200);
    expect((await admin.call('DELETE', apiKeyPath(revoked.id))).json()).toEqual({ status: 'ok' });
    expect((await revokedBot.get(API_PATHS.role)).status).toBe(401);
    expect((await admin.call('DELETE', apiKeyPath(revoked.id))).status).toBe(404);

    const audit = await cairn.store.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'api_key_%' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['api_key_created', 'api_key_revoked']),
    );
  });

  it('throttles each key on its own, with Retry-After', async () => {
    const busy = withKey(cairn, (await createKey(admin)).key);
    const calm = withKey(cairn, (await createKey(admin)).key);
    for (let n = 0; n < REQUESTS_PER_MINUTE; n += 1)
      expect((await busy.get(API_PATHS.mode)).status).toBe(200);
    const refused = await busy.get(API_PATHS.mode);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await calm.get(API_PATHS.mode)).status).toBe(200);
    clock.advance(60_000 / REQUESTS_PER_MINUTE);
    expect((await busy.get(API_PATHS.mode)).status).toBe(200);
  });

  it("shows users their own keys and admins everyone's; only a session makes keys", async () => {
    const owner = await signedInUser({ login: 'owner-api', role: 'user' });
    const own = await createKey(owner, { name: 'mine', scope: 'read_only' });
    const adminKey = await createKey(admin, { name: 'admins', scope: 'read_only' });
    const ownList = (await owner.get(API_KEY_PATHS.list)).json<ApiKeyListResponse>().apiKeys;
    expect(ownList.map((key) => key.id)).toEqual([own.id]);
    expect((await owner.call('DELETE', apiKeyPath(adminKey.id))).status).toBe(404);
    const all = (await admin.get(API_KEY_PATHS.list)).json<ApiKeyListResponse>().apiKeys;
    expect(all.map((key) => key.id)).toEqual(expect.arrayContaining([own.id, adminKey.id]));
    expect((await admin.call('DELETE', apiKeyPath(own.id))).status).toBe(200);
    expect((await withKey(cairn, own.key).get(API_PATHS.role)).status).toBe(401);

    const writer = withKey(cairn, (await createKey(admin)).key);
    // Nor does a key reach the auth secret, whose read-only links would outlive the key.
    expect((await writer.get(API_PATHS.authSecret)).status).toBe(401);
    expect((await admin.get(API_PATHS.authSecret)).status).toBe(200);
    expect(
      (await writer.call('POST', API_KEY_PATHS.list, { name: 'minted', scope: 'read_write' })).status,
    ).toBe(401);
  });

  it('refuses bad input with the fields named', async () => {
    const bad = await admin.post(API_KEY_PATHS.list, { name: ' ', scope: 'everything', expiresAt: 'soon' });
    expect(bad.status).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['expiresAt', 'name', 'scope']);
    const past = await admin.post(API_KEY_PATHS.list, {
      name: 'late',
      scope: 'read_only',
      expiresAt: new Date(clock.now() - 1000).toISOString(),
    });
    expect(errorFields(past)).toEqual(['expiresAt']);
    expect((await admin.call('DELETE', '/api/api_key/not-a-number')).status).toBe(400);
  });

  it('never writes a key to the log', async () => {
    const key = (await createKey(admin)).key;
    await withKey(cairn, key).get(API_PATHS.role);
    await withKey(cairn, `${key}x`).get(API_PATHS.role);
    const log = lines.join('');
    expect(log).toContain('/api/user/role');
    expect(log).not.toContain(key);
  });
});
