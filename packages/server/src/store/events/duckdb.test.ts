import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support.ts';
import { sampleClick } from '../../tracking/sampleEvents.ts';
import { describeEventStoreConformance } from './conformance.ts';
import { DuckDbEventStore, STORAGE_VERSION } from './duckdb.ts';
import type { EventStore } from './port.ts';

const files = new WeakMap<EventStore, string>();
const failing = new WeakSet<EventStore>();

async function openAt(file: string): Promise<EventStore> {
  const holder: { store?: EventStore } = {};
  const store = await DuckDbEventStore.open(file, {
    beforeClearCommit: () => {
      if (holder.store && failing.has(holder.store)) throw new Error('interrupted before the commit');
    },
  });
  holder.store = store;
  files.set(store, file);
  return store;
}

describeEventStoreConformance('DuckDB', {
  open: () => openAt(path.join(tempDir(), 'events.duckdb')),
  async reopen(store) {
    await store.close();
    return openAt(files.get(store) as string);
  },
  // The batch and its mark are one transaction: an interrupted append leaves nothing behind.
  interruptAppend: async () => undefined,
  async interruptClear(store, scope) {
    failing.add(store);
    try {
      await expect(store.clearBefore(scope)).rejects.toThrow('interrupted before the commit');
    } finally {
      failing.delete(store);
    }
  },
});

describe('the DuckDB event store’s file', () => {
  const storageVersion = async (store: EventStore) => {
    const [row] = await store.query<{ tags: string }>(
      'SELECT tags::VARCHAR AS tags FROM duckdb_databases() WHERE NOT internal',
    );
    return /storage_version=([^,}]+)/.exec(row?.tags ?? '')?.[1];
  };

  it('is written in the newer storage format when new, and an older file keeps its own', async () => {
    const fresh = await openAt(path.join(tempDir(), 'events.duckdb'));
    expect(await storageVersion(fresh)).toBe(`${STORAGE_VERSION}+`);
    await fresh.close();

    // A file an earlier Cairn made, in the format DuckDB writes by default.
    const file = path.join(tempDir(), 'events.duckdb');
    const earlier = await DuckDBInstance.create(file);
    earlier.closeSync();
    const store = await openAt(file);
    expect(await storageVersion(store)).toBe('v1.0.0+');
    const click = sampleClick(Date.parse('2026-03-01T12:00:00.000Z'));
    await store.append([click]);
    await store.close();
    const reopened = await openAt(file);
    expect(await reopened.findClick(click.clickId, click.time)).toEqual(click);
    await reopened.close();
  });
});
