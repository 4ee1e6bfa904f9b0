import path from 'node:path';
import { expect } from 'vitest';
import { tempDir } from '../../test-support.ts';
import { describeEventStoreConformance } from './conformance.ts';
import { DuckDbEventStore } from './duckdb.ts';
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
