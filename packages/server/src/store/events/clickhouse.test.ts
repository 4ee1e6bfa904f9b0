import { createClient } from '@clickhouse/client';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithClickHouse, freshDatabaseName } from '../../../test-support/clickhouse.ts';
import { describeEventStoreConformance } from '../../../test-support/eventStoreConformance.ts';
import { sampleClick } from '../../../test-support/sampleEvents.ts';
import { customEvent } from '../../conversions/customEvents.ts';
import { clickhouseType, EVENT_COLUMNS } from '../../events/columns.ts';
import { ClickHouseEventStore } from './clickhouse.ts';
import type { ClearStep } from './clickhouseRollup.ts';
import { bindParams } from './clickhouseSql.ts';
import type { EventStore } from './port.ts';

// Against a real server: `eval "$(.ci/clickhouse.sh start)"` starts one and exports its URL. Each store
// gets a database of its own, dropped when the file is done.

/**
 * The database as an earlier release left it: `change` undone by hand and the schema record rewound by
 * `migrationsBack` migrations, so the next open runs them again over events already stored.
 */
async function asAnEarlierReleaseLeftIt(location: string, change: string, migrationsBack: number) {
  const admin = createClient({ url: location });
  try {
    await admin.command({ query: change });
    const [{ version } = { version: 0 }] = (await (
      await admin.query({ query: 'SELECT max(version) AS version FROM event_schema', format: 'JSONEachRow' })
    ).json()) as { version: number }[];
    await admin.command({ query: 'DROP TABLE event_schema' });
    await admin.command({
      query: 'CREATE TABLE event_schema (version UInt32) ENGINE = MergeTree ORDER BY version',
    });
    await admin.command({ query: `INSERT INTO event_schema VALUES (${Number(version) - migrationsBack})` });
  } finally {
    await admin.close();
  }
}

describe('ClickHouse SQL parameters', () => {
  it('binds $n outside quotes and comments only', () => {
    expect(
      bindParams("SELECT $1, '$1', `$2`, $2 -- $1\n/* $2 */ FROM t WHERE a = $10", [
        "it's \\",
        7,
        null,
        4,
        5,
        6,
        7,
        8,
        9,
        true,
      ]),
    ).toBe("SELECT 'it\\'s \\\\', '$1', `$2`, 7 -- $1\n/* $2 */ FROM t WHERE a = 1");
    expect(() => bindParams('SELECT $3', [1])).toThrow(/\$3/);
  });
});

describeWithClickHouse('event store conformance: ClickHouse', (serverUrl) => {
  const databases = new Set<string>();
  const locations = new WeakMap<EventStore, string>();
  const failing = new WeakSet<EventStore>();
  const interrupting = new WeakMap<EventStore, ClearStep>();

  async function openAt(location: string): Promise<EventStore> {
    const holder: { store?: EventStore } = {};
    const store = await ClickHouseEventStore.open({
      url: location,
      beforeMark: () => {
        if (holder.store && failing.has(holder.store)) throw new Error('interrupted before the mark');
      },
      clearStep: (step) => {
        if (holder.store && interrupting.get(holder.store) === step) throw new Error(`interrupted: ${step}`);
      },
    });
    holder.store = store;
    locations.set(store, location);
    return store;
  }

  describeEventStoreConformance('ClickHouse', {
    open() {
      const database = freshDatabaseName();
      databases.add(database);
      return openAt(new URL(database, serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`).toString());
    },
    async reopen(store) {
      await store.close();
      return openAt(locations.get(store) as string);
    },
    async interruptAppend(store, events, mark) {
      failing.add(store);
      try {
        await expect(store.append(events, mark)).rejects.toThrow('interrupted before the mark');
      } finally {
        failing.delete(store);
      }
    },
    async interruptClear(store, scope, point) {
      const step = point === 'early' ? 'rollup written' : 'marked rolled';
      interrupting.set(store, step);
      try {
        await expect(store.clearBefore(scope)).rejects.toThrow(`interrupted: ${step}`);
      } finally {
        interrupting.delete(store);
      }
    },
  });

  it('creates the events table from the event column table: every column, in order, with its type', async () => {
    const database = freshDatabaseName();
    databases.add(database);
    const location = new URL(database, serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`).toString();
    const store = await openAt(location);
    await store.close();
    const admin = createClient({ url: location });
    try {
      const described = (await (
        await admin.query({ query: 'DESCRIBE TABLE events', format: 'JSONEachRow' })
      ).json()) as { name: string; type: string }[];
      expect(described.map(({ name, type }) => `${name} ${type}`)).toEqual([
        ...EVENT_COLUMNS.map((column) => `${column.name} ${clickhouseType(column)}`),
        'ts_ms UInt16',
        'click_ts_ms UInt16',
      ]);
    } finally {
      await admin.close();
    }
  });

  it('takes 4-byte AS numbers past 2^31 once an earlier release’s database is migrated', async () => {
    const database = freshDatabaseName();
    databases.add(database);
    const location = new URL(database, serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`).toString();
    const T0 = Date.parse('2026-03-01T12:00:00.000Z');
    const before = { ...sampleClick(T0), asn: 15_169 };
    const fresh = await openAt(location);
    await fresh.append([before]);
    await fresh.close();
    // As the release before the ASN migration left it: a signed column, the migration not recorded.
    // Before the ASN migration and the custom event slot after it (both idempotent).
    await asAnEarlierReleaseLeftIt(location, 'ALTER TABLE events MODIFY COLUMN asn Int32', 2);
    const store = await openAt(location);
    try {
      const after = { ...sampleClick(T0 + 1000), asn: 4_294_967_294 };
      await store.append([after]);
      expect((await store.findClick(before.clickId, before.time))?.asn).toBe(15_169);
      expect((await store.findClick(after.clickId, after.time))?.asn).toBe(4_294_967_294);
    } finally {
      await store.close();
    }
  });

  it('adds the custom event slot to an earlier release’s events, which read slot 0', async () => {
    const database = freshDatabaseName();
    databases.add(database);
    const location = new URL(database, serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`).toString();
    const T0 = Date.parse('2026-03-01T12:00:00.000Z');
    const before = sampleClick(T0);
    const fresh = await openAt(location);
    await fresh.append([before]);
    await fresh.close();
    await asAnEarlierReleaseLeftIt(location, 'ALTER TABLE events DROP COLUMN event_slot', 1);
    const store = await openAt(location);
    try {
      await store.append([customEvent(sampleClick(T0 + 1000), 2, T0 + 5000)]);
      expect((await store.findClick(before.clickId, before.time))?.eventSlot).toBe(0);
      const rows = await store.query<{ kind: number; event_slot: number }>(
        'SELECT kind, event_slot FROM events ORDER BY ts',
      );
      expect(rows.map((row) => [Number(row.kind), Number(row.event_slot)])).toEqual([
        [1, 0],
        [5, 2],
      ]);
    } finally {
      await store.close();
    }
  });

  afterAll(async () => {
    const admin = createClient({ url: serverUrl });
    try {
      for (const database of databases) await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    } finally {
      await admin.close();
    }
  });
});
