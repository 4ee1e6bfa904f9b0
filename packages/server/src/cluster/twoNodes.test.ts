import crypto from 'node:crypto';
import {
  API_KEY_HEADER,
  API_KEY_PATHS,
  API_PATHS,
  apiKeyPath,
  CONVERSION_API_PATHS,
  type CreateApiKeyResponse,
  DEFAULT_URL_CUSTOMIZATION,
  type MonitorResponse,
  type PostbackProcessingSettings,
  SESSION_COOKIE,
  STATS_SETTINGS_PATHS,
  TRACKING_API_PATHS,
  URL_CUSTOMIZATION_PATH,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kindClient } from '../../test-support/entities.ts';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { PostgresConfigStore } from '../store/config/postgres.ts';

// Two real servers on one PostgreSQL, each with its own data dir and the change broadcast startCairn runs on
// PostgreSQL: what one node's panel changes, the other node's click engine routes. (A second broadcast per
// node would relay each other's notices back and forth without end.)

describe.skipIf(!TEST_POSTGRES_URL)(
  `two Cairn nodes on one PostgreSQL${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TestPostgres;
    const nodes: RunningCairn[] = [];

    beforeAll(async () => {
      database = testPostgres();
      const secretKey = crypto.randomBytes(32).toString('base64');
      for (let n = 0; n < 2; n += 1) {
        const node = await startTestCairn({
          configDb: database.url,
          secretKey,
          nodeId: `node-${n}`,
          signInMaxFailuresPerAccount: 5,
          signInMaxFailuresPerIp: 12,
          // Long enough that only the change broadcast can end a session on the other node within a test.
          signedInCacheMs: 60_000,
        });
        nodes.push(node);
        if (!(node.store instanceof PostgresConfigStore)) throw new Error('The node is not on PostgreSQL');
      }
    });
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await database.dispose();
    });

    it('ends on the other node, at once, a session signed out or an account disabled on one', async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const panel = new TestBrowser(a.url);
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const worker = await kindClient(panel, 'user').make<{ id: number }>({
        login: 'two-node-worker',
        password: 'worker-password-Fjord-31',
        role: 'admin',
      });
      /** Signs the worker in on A and shows B the same cookie, which B then holds in memory. */
      const signedInOnBoth = async () => {
        const onA = new TestBrowser(a.url);
        expect((await onA.signIn('two-node-worker', 'worker-password-Fjord-31')).status).toBe(200);
        const onB = new TestBrowser(b.url);
        onB.cookies.set(SESSION_COOKIE, onA.cookies.get(SESSION_COOKIE) ?? '');
        expect((await onB.get(API_PATHS.role)).status).toBe(200);
        return { onA, onB };
      };

      const first = await signedInOnBoth();
      expect((await first.onA.post(API_PATHS.logout)).status).toBe(200);
      await vi.waitFor(async () => expect((await first.onB.get(API_PATHS.role)).status).toBe(401), {
        timeout: 20_000,
      });

      const second = await signedInOnBoth();
      expect((await kindClient(panel, 'user').mass([worker.id], { disabled: true })).status).toBe(200);
      await vi.waitFor(async () => expect((await second.onB.get(API_PATHS.role)).status).toBe(401), {
        timeout: 20_000,
      });
    });

    it("routes on one node a campaign made on the other, and forgets it when it's archived there", async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const panel = new TestBrowser(a.url);
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const offer = await kindClient(panel, 'offer').make({
        name: 'shared offer',
        url: 'https://offer.example/',
      });
      const campaign = await kindClient(panel, 'campaign').make<{ key: string }>({
        name: 'shared campaign',
        flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
      });
      await vi.waitFor(
        () => {
          expect(b.tracking.table.campaignByKey(campaign.key)?.id).toBe(campaign.id);
          expect(b.tracking.table.offer(offer.id)?.name).toBe('shared offer');
        },
        { timeout: 10_000 },
      );
      expect((await kindClient(panel, 'campaign').archive(campaign.id)).status).toBe(200);
      await vi.waitFor(() => expect(b.tracking.table.campaignByKey(campaign.key)).toBeUndefined(), {
        timeout: 10_000,
      });
    });

    it('keeps a session made on one node good on the other', async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const onA = new TestBrowser(a.url);
      expect((await onA.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const onB = new TestBrowser(b.url);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      const made = await kindClient(onB, 'landing').create({ name: 'made on b', url: 'https://lp.example/' });
      expect(made.status).toBe(201);
      expect((await kindClient(onA, 'landing').get(made.json<{ id: number }>().id)).status).toBe(200);
    });

    it("shows both nodes' health on either node's monitor", async () => {
      for (const node of nodes) {
        const panel = new TestBrowser(node.url);
        expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
        const monitor = (await panel.get(TRACKING_API_PATHS.monitor)).json<MonitorResponse>();
        expect(monitor.nodes.map((each) => [each.nodeId, each.current, each.state])).toEqual(
          ['node-0', 'node-1'].map((id) => [id, id === node.tracking.nodeId, 'ok']),
        );
      }
    });

    it("applies on the other node's click engine and postbacks the settings saved on one (stats, postbacks, URLs)", async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const panel = new TestBrowser(a.url);
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const stats = { timezone: 'America/New_York', baseCurrency: 'EUR', rates: { USD: 0.9 } };
      expect((await panel.call('PUT', STATS_SETTINGS_PATHS.stats, { body: stats })).status).toBe(200);
      const postbacks = (
        await panel.get(CONVERSION_API_PATHS.postbackSettings)
      ).json<PostbackProcessingSettings>();
      const changed = { ...postbacks, pixelEnabled: !postbacks.pixelEnabled };
      expect((await panel.call('PUT', CONVERSION_API_PATHS.postbackSettings, { body: changed })).status).toBe(
        200,
      );
      // Both nodes started on one store, with one postback key; a rotation on A reaches B's keys too.
      const oldKey = b.tracking.conversions.keys.current;
      expect(a.tracking.conversions.keys.current).toBe(oldKey);
      expect((await panel.post(CONVERSION_API_PATHS.rotatePostbackKey, {})).status).toBe(200);
      const newKey = a.tracking.conversions.keys.current;
      expect(newKey).not.toBe(oldKey);
      const urls = { ...DEFAULT_URL_CUSTOMIZATION, clickPath: '/go', fallbackUrl: 'https://example.com/' };
      expect((await panel.call('PUT', URL_CUSTOMIZATION_PATH, { body: urls })).status).toBe(200);
      // Saving settings bumps no entity, so the broadcast's resync never runs: only the settings change
      // itself can reach node B.
      await vi.waitFor(
        () => {
          expect(b.tracking.engine.settings).toMatchObject({
            timezone: 'America/New_York',
            rates: { base: 'EUR', rates: { USD: 0.9 } },
          });
          expect(b.tracking.conversions.settings).toEqual(changed);
          expect(b.tracking.conversions.keys.current).toBe(newKey);
          expect(b.tracking.conversions.keys.accepts(oldKey)).toBe(true);
          expect(b.tracking.engine.settings.fallbackUrl).toBe('https://example.com/');
          expect(b.tracking.engine.settings.paths.rewrite('/go?key=k')).toBe('/click?key=k');
        },
        { timeout: 10_000 },
      );
    });

    // Last: it spends this IP's budget.
    // No node keeps API keys in memory: a revoke on one is refused by the other on its very next request.
    it('refuses a key on the other node as soon as it is revoked on one', async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const panel = new TestBrowser(a.url);
      expect((await panel.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
      const created = await panel.post(API_KEY_PATHS.list, { name: 'two-node bot', scope: 'read_write' });
      expect(created.status).toBe(201);
      const { id, key } = created.json<CreateApiKeyResponse>();
      const onB = () => new TestBrowser(b.url).get(API_PATHS.role, { headers: { [API_KEY_HEADER]: key } });
      expect((await onB()).status).toBe(200);
      expect((await panel.call('DELETE', apiKeyPath(id))).status).toBe(200);
      expect((await onB()).status).toBe(401);
    });

    it('spends one sign-in failure budget on both nodes, per account and per IP', async () => {
      const [a, b] = nodes as [RunningCairn, RunningCairn];
      const password = 'spread-Password-93';
      await a.users.create({ login: 'spread', password, role: 'admin' });
      const onA = new TestBrowser(a.url);
      const onB = new TestBrowser(b.url);
      const either = (n: number) => (n % 2 === 0 ? onA : onB);
      // Five wrong passwords, taking turns: on one node each would still have budget left.
      for (let n = 0; n < 5; n += 1) expect((await either(n).signIn('spread', 'wrong')).status).toBe(401);
      const locked = await onB.signIn('spread', 'wrong');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await onA.signIn('spread', password)).status).toBe(429);
      // The IP has spent 5 of its 12 on both nodes together: 7 more guesses at other logins, then 429.
      for (let n = 0; n < 7; n += 1) expect((await either(n).signIn(`guess${n}`, 'wrong')).status).toBe(401);
      expect((await onB.signIn('guess7', 'wrong')).status).toBe(429);
      expect((await onA.signIn('admin', ADMIN_PASSWORD)).status).toBe(429);
    });
  },
);
