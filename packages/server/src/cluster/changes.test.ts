import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { EntityChanges } from '../entities/changes.ts';
import { migrate } from '../store/config/migrate.ts';
import type { PostgresConfigStore } from '../store/config/postgres.ts';
import {
  announceResync,
  type ChangeBroadcast,
  type ChangeBroadcastOptions,
  changesChannel,
  parseChangePayload,
  publishChange,
  startChangeBroadcast,
} from './changes.ts';

describe('entity change payloads', () => {
  it('reads kind:id with or without the counter version', () => {
    expect(parseChangePayload('campaign:12:345')).toEqual({ kind: 'campaign', id: 12, version: 345 });
    expect(parseChangePayload('traffic_source:3')).toEqual({ kind: 'traffic_source', id: 3, version: null });
    for (const bad of ['', 'campaign', 'campaign:', 'Campaign:1', 'campaign:-1', 'campaign:1:2:3', 'a:b']) {
      expect(parseChangePayload(bad)).toBeNull();
    }
  });
});

interface Node {
  store: PostgresConfigStore;
  changes: EntityChanges;
  heard: string[];
  resyncs: number;
  broadcast: ChangeBroadcast;
}

describe.skipIf(!TEST_POSTGRES_URL)(
  `entity changes across nodes${TEST_POSTGRES_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TestPostgres;
    const nodes: Node[] = [];

    async function node(options: Partial<ChangeBroadcastOptions> = {}): Promise<Node> {
      const store = await database.open();
      const changes = new EntityChanges();
      const heard: string[] = [];
      changes.onChange((kind, id) => heard.push(`${kind}:${id}`));
      const started: Node = {
        store,
        changes,
        heard,
        resyncs: 0,
        broadcast: null as unknown as ChangeBroadcast,
      };
      started.broadcast = await startChangeBroadcast({
        store,
        changes,
        resync: async () => {
          started.resyncs += 1;
        },
        // Long enough that only a notification can deliver a change within a test.
        pollIntervalMs: 3_600_000,
        reconnectDelayMs: 10,
        ...options,
      });
      nodes.push(started);
      return started;
    }

    async function migrated(): Promise<void> {
      database = testPostgres();
      const store = await database.open();
      await migrate(store);
    }

    afterEach(async () => {
      await Promise.all(nodes.splice(0).map((each) => each.broadcast.close()));
      await database.dispose();
    });

    it("delivers a change made on one node to the other node's listeners, once each", async () => {
      await migrated();
      const a = await node();
      const b = await node();
      a.changes.emit('campaign', 7);
      await vi.waitFor(() => expect(b.heard).toEqual(['campaign:7']));
      b.changes.emit('offer', 3);
      // Notifications arrive in commit order, so once B's is in, A's own has come back and been skipped.
      await vi.waitFor(() => expect(a.heard).toEqual(['campaign:7', 'offer:3']));
      expect(b.heard).toEqual(['campaign:7', 'offer:3']);
      expect(a.broadcast.version).toBe(2);
      await vi.waitFor(() => expect(b.broadcast.version).toBe(2));
      expect(a.resyncs + b.resyncs).toBe(0);
    });

    it("keeps the order of one node's changes", async () => {
      await migrated();
      const a = await node();
      const b = await node();
      const made = Array.from({ length: 25 }, (_, index) => `landing:${index + 1}`);
      for (let id = 1; id <= 25; id += 1) a.changes.emit('landing', id);
      await a.broadcast.flushed();
      await vi.waitFor(() => expect(b.heard).toEqual(made));
    });

    it('announces changes made after a drain that found nothing to send', async () => {
      await migrated();
      const a = await node();
      const b = await node();
      // What every poll does first: with nothing queued, this once left the broadcast mute for good.
      await a.broadcast.flushed();
      a.changes.emit('campaign', 11);
      await a.broadcast.flushed();
      await vi.waitFor(() => expect(b.heard).toEqual(['campaign:11']));
    });

    it('hears changes announced by a process without a broadcast (a CLI command)', async () => {
      await migrated();
      const a = await node();
      const tool = await database.open();
      await publishChange(tool, 'rotation', 4);
      await vi.waitFor(() => expect(a.heard).toEqual(['rotation:4']));
    });

    it('resyncs when the counter moves without a notification', async () => {
      await migrated();
      const a = await node({ pollIntervalMs: 20 });
      const tool = await database.open();
      await announceResync(tool);
      await vi.waitFor(() => expect(a.resyncs).toBe(1));
      expect(a.heard).toEqual([]);
      expect(a.broadcast.version).toBe(1);
    });

    it('reconnects a lost LISTEN connection, resyncs, and hears changes again', async () => {
      await migrated();
      const a = await node();
      const b = await node();
      const killed = a.broadcast.listenerPid;
      expect(killed).not.toBeNull();
      await b.store.query('SELECT pg_terminate_backend($1)', [killed]);
      // B's change while A is not listening is covered by A's resync once it is back.
      b.changes.emit('offer', 9);
      await vi.waitFor(() => {
        expect(a.broadcast.listenerPid).not.toBeNull();
        expect(a.broadcast.listenerPid).not.toBe(killed);
        expect(a.resyncs).toBeGreaterThanOrEqual(1);
      });
      b.changes.emit('offer', 10);
      await vi.waitFor(() => expect(a.heard).toContain('offer:10'));
    });

    it('keeps installations in other schemas of the same database apart', async () => {
      await migrated();
      const a = await node();
      const other = testPostgres();
      try {
        const elsewhere = await other.open();
        await migrate(elsewhere);
        expect(changesChannel(elsewhere)).not.toBe(changesChannel(a.store));
        await publishChange(elsewhere, 'campaign', 1);
        await publishChange(a.store, 'campaign', 2);
        // A's own publishChange went through its own pool, so it counts but is not re-emitted.
        await vi.waitFor(() => expect(a.broadcast.version).toBe(1));
        expect(a.heard).toEqual([]);
      } finally {
        await other.dispose();
      }
    });
  },
);
