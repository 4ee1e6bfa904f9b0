import { type MonitorResponse, TRACKING_API_PATHS } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ADMIN_PASSWORD, Clock, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { type Heartbeat, listNodes, STALE_AFTER_MS, startHeartbeat } from './heartbeat.ts';

// Node health on a real server and config store: the server's own heartbeat, and one of a second node
// written into the same store (as a node on a shared PostgreSQL would), read back by the monitor.

const clock = new Clock('2026-03-01T12:00:00.000Z');
let cairn: RunningCairn;
let browser: TestBrowser;
let other: Heartbeat;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin({ now: clock.now, nodeId: 'node-here' }));
  other = await startHeartbeat({
    store: cairn.store,
    nodeId: 'node-there',
    version: '0.9.1',
    now: clock.now,
    figures: () => ({
      backlogEvents: 420,
      backlogSegments: 3,
      lagMs: 1500,
      lastFlushAt: clock.now() - 2000,
      clicksPerMinute: 61,
    }),
    // Only explicit beats in this test.
    intervalMs: 3_600_000,
  });
});
afterAll(async () => {
  await other.stop();
  await cairn.close();
});

const monitor = async () => {
  const answer = await browser.get(TRACKING_API_PATHS.monitor);
  expect(answer.status).toBe(200);
  return answer.json<MonitorResponse>().nodes;
};

describe('node heartbeats', () => {
  it('lists every node on the monitor: this one live, the other from its heartbeat', async () => {
    const nodes = await monitor();
    expect(nodes.map((node) => [node.nodeId, node.current, node.state])).toEqual([
      ['node-here', true, 'ok'],
      ['node-there', false, 'ok'],
    ]);
    expect(nodes[1]).toEqual({
      nodeId: 'node-there',
      current: false,
      version: '0.9.1',
      startedAt: '2026-03-01T12:00:00.000Z',
      lastSeenAt: '2026-03-01T12:00:00.000Z',
      state: 'ok',
      backlogEvents: 420,
      backlogSegments: 3,
      lagMs: 1500,
      lastFlushAt: '2026-03-01T11:59:58.000Z',
      clicksPerMinute: 61,
    });
    expect(nodes[0]).toMatchObject({ backlogEvents: 0, lagMs: 0, lastSeenAt: '2026-03-01T12:00:00.000Z' });
  });

  it('marks a node stale once it misses a few heartbeats, and well again when it beats', async () => {
    clock.advance(STALE_AFTER_MS + 1000);
    const [here, there] = await monitor();
    expect(here?.state).toBe('ok');
    expect(there).toMatchObject({ state: 'stale', lastSeenAt: '2026-03-01T12:00:00.000Z' });
    await other.beat();
    expect((await monitor())[1]).toMatchObject({ state: 'ok', startedAt: '2026-03-01T12:00:00.000Z' });
  });

  it('forgets a node not seen for a week', async () => {
    const gone = await startHeartbeat({
      store: cairn.store,
      nodeId: 'node-gone',
      version: '0.9.0',
      now: clock.now,
      figures: () => ({
        backlogEvents: 0,
        backlogSegments: 0,
        lagMs: 0,
        lastFlushAt: null,
        clicksPerMinute: 0,
      }),
      intervalMs: 3_600_000,
    });
    await gone.stop();
    expect((await listNodes(cairn.store, clock.now())).map((node) => node.nodeId)).toContain('node-gone');
    clock.advance(8 * 24 * 3600_000);
    await other.beat();
    const left = (await listNodes(cairn.store, clock.now())).map((node) => node.nodeId);
    expect(left).toContain('node-there');
    expect(left).not.toContain('node-gone');
    // A week on, the session has lapsed: sign in again to read the monitor.
    browser = new TestBrowser(cairn.url);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    expect((await monitor()).map((node) => node.nodeId)).toEqual(['node-here', 'node-there']);
  });
});
