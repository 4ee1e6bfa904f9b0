import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { describeEventStoreConformance } from '../../../test-support/eventStoreConformance.ts';
import { sampleClick } from '../../../test-support/sampleEvents.ts';
import { tempDir } from '../../../test-support/server.ts';
import { customEvent } from '../../conversions/customEvents.ts';
import { DuckDbEventStore, STORAGE_VERSION } from './duckdb.ts';
import { EVENT_MIGRATIONS } from './duckdbMigrations.ts';
import type { EventStore } from './port.ts';
import { CUSTOM_EVENT_SUMS } from './rollup.ts';

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

describe('the DuckDB events file of an earlier release', () => {
  it('takes 4-byte AS numbers past 2^31 once migrated, and keeps the ASNs it held', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    const T0 = Date.parse('2026-03-01T12:00:00.000Z');
    const before = { ...sampleClick(T0), asn: 15_169 };
    const fresh = await openAt(file);
    await fresh.append([before]);
    await fresh.close();
    // As the release before the ASN migration left it: a signed column, the migration not applied.
    const earlier = await DuckDBInstance.create(file);
    const connection = await earlier.connect();
    await connection.run('ALTER TABLE events ALTER COLUMN asn SET DATA TYPE INTEGER');
    // The ASN migration and those after it, undone in the schema's record (they are idempotent).
    await connection.run(`DELETE FROM event_schema WHERE version >= ${EVENT_MIGRATIONS.length - 1}`);
    await connection.run('CHECKPOINT');
    connection.closeSync();
    earlier.closeSync();

    const store = await openAt(file);
    const after = { ...sampleClick(T0 + 1000), asn: 4_294_967_294 };
    await store.append([after]);
    expect((await store.findClick(before.clickId, before.time))?.asn).toBe(15_169);
    expect((await store.findClick(after.clickId, after.time))?.asn).toBe(4_294_967_294);
    const [column] = await store.query<{ type: string }>(
      "SELECT data_type AS type FROM duckdb_columns() WHERE table_name = 'events' AND column_name = 'asn'",
    );
    expect(column?.type).toBe('UINTEGER');
    await store.close();
  });
});

describe('the DuckDB events file from before custom events', () => {
  it('gains the event slot column, its events reading slot 0, and stores custom events after', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    const T0 = Date.parse('2026-03-01T12:00:00.000Z');
    const before = sampleClick(T0);
    const fresh = await openAt(file);
    await fresh.append([before]);
    await fresh.close();
    const earlier = await DuckDBInstance.create(file);
    const connection = await earlier.connect();
    await connection.run('ALTER TABLE events DROP COLUMN event_slot');
    for (const table of ['event_rollup', 'report_summary']) {
      for (const sum of CUSTOM_EVENT_SUMS)
        await connection.run(`ALTER TABLE ${table} DROP COLUMN ${sum.name}`);
    }
    await connection.run(`DELETE FROM event_schema WHERE version = ${EVENT_MIGRATIONS.length}`);
    await connection.run('CHECKPOINT');
    connection.closeSync();
    earlier.closeSync();

    const store = await openAt(file);
    const custom = customEvent(sampleClick(T0 + 1000), 2, T0 + 5000);
    await store.append([custom]);
    expect((await store.findClick(before.clickId, before.time))?.eventSlot).toBe(0);
    const rows = await store.query<{ kind: number; event_slot: number }>(
      'SELECT kind, event_slot FROM events ORDER BY ts',
    );
    expect(rows.map((row) => [Number(row.kind), Number(row.event_slot)])).toEqual([
      [1, 0],
      [5, 2],
    ]);
    // The rollup and the summary gained the counts, after their other columns.
    for (const table of ['event_rollup', 'report_summary']) {
      const columns = await store.query<{ name: string }>(
        `SELECT column_name AS name FROM duckdb_columns() WHERE table_name = '${table}' ORDER BY column_index`,
      );
      expect(columns.slice(-CUSTOM_EVENT_SUMS.length).map((column) => column.name)).toEqual(
        CUSTOM_EVENT_SUMS.map((sum) => sum.name),
      );
    }
    await store.close();
  });
});
