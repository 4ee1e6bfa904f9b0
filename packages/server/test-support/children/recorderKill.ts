// Child process of recorder.kill.test.ts (run with `node`): records clicks in a tight loop with a real
// recorder and DuckDB store, printing each click id once record() has returned, until it is killed -9.
// Usage: node recorderKill.ts <dataDir> <nodeId>
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openRecorder } from '../../src/journal/recorder.ts';
import { DuckDbEventStore } from '../../src/store/events/duckdb.ts';
import { sampleClick } from '../sampleEvents.ts';

const [dataDir = '', nodeId = ''] = process.argv.slice(2);
const store = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'));
const recorder = await openRecorder({ dataDir, nodeId, store, intervalMs: 5, maxBatchEvents: 500 });
fs.writeSync(1, 'ready\n');
for (;;) {
  const ids: string[] = [];
  for (let index = 0; index < 50; index += 1) {
    const event = sampleClick(Date.now());
    recorder.record(event);
    ids.push(event.clickId);
  }
  // Synchronous, so what the parent reads was printed only after its record() returned.
  fs.writeSync(1, `${ids.join('\n')}\n`);
  // Let the flusher run between batches, so the kill can land in any part of it.
  await nextTurn();
}
