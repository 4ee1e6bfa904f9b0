import path from 'node:path';
import { expect, it } from 'vitest';
import { describeConfigStoreConformance } from '../../../test-support/configStoreConformance.ts';
import { tempDir } from '../../../test-support/server.ts';
import { DuckDbConfigStore } from './duckdb.ts';

describeConfigStoreConformance('DuckDB', {
  open: () => DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb')),
});

it('gives inserted rows sequence ids in the order they were inserted, across reserves and schema changes', async () => {
  const store = await DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb'));
  try {
    await store.execute('CREATE SEQUENCE things_id');
    await store.execute(
      "CREATE TABLE things (id BIGINT PRIMARY KEY DEFAULT nextval('things_id'), name VARCHAR NOT NULL)",
    );
    const names: string[] = [];
    for (let batch = 0; batch < 120; batch += 1) {
      const rows = Array.from({ length: (batch % 7) + 1 }, (_, index) => [`${batch}-${index}`]);
      await store.insert('things', ['name'], rows);
      names.push(...rows.map(([name]) => name as string));
      // A schema change midway drops what was reserved; the ids still only grow.
      if (batch === 60) await store.execute('CREATE TABLE other (x INTEGER)');
    }
    const rows = await store.query<{ id: number; name: string }>('SELECT id, name FROM things ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(names);
    // A row inserted by SQL draws from the same sequence: no id is given twice (the key would refuse it).
    await store.execute("INSERT INTO things (name) VALUES ('by SQL')");
    await store.insert('things', ['name'], [['after SQL']]);
    expect(await store.query('SELECT count(*) AS n FROM things')).toEqual([{ n: names.length + 2 }]);
  } finally {
    await store.close();
  }
});
