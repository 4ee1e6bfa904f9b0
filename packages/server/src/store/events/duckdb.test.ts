import path from 'node:path';
import { tempDir } from '../../test-support.ts';
import { describeEventStoreConformance } from './conformance.ts';
import { DuckDbEventStore } from './duckdb.ts';

describeEventStoreConformance('DuckDB', () => DuckDbEventStore.open(path.join(tempDir(), 'events.duckdb')));
