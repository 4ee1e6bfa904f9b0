import path from 'node:path';
import { tempDir } from '../../test-support.ts';
import { describeConfigStoreConformance } from './conformance.ts';
import { DuckDbConfigStore } from './duckdb.ts';

describeConfigStoreConformance('DuckDB', {
  open: () => DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb')),
});
