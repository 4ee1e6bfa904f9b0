import path from 'node:path';
import { tempDir } from '../../test-support.ts';
import { describeEventStoreConformance } from './conformance.ts';
import { DuckDbEventStore } from './duckdb.ts';
import type { EventStore } from './port.ts';

const files = new WeakMap<EventStore, string>();

async function openAt(file: string): Promise<EventStore> {
  const store = await DuckDbEventStore.open(file);
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
});
