// Micro-benchmark of the click journal (not a test): `node packages/server/bench/journal.ts [events]`.
// Prints the cost of record() (encode + write(2)), the flush rate into a real DuckDB events file, the
// longest event-loop stall during that flush, and bytes per click on disk after a CHECKPOINT, with the
// columns that take the most space.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { encodeEvent } from '../src/events/journalCodec.ts';
import { openRecorder } from '../src/journal/recorder.ts';
import { DuckDbEventStore } from '../src/store/events/duckdb.ts';
import { sampleClick } from '../test-support/sampleEvents.ts';

const total = Number(process.argv[2] ?? 200_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-journal-bench-'));
const store = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'));
const quiet = { warn: () => undefined, error: (obj: unknown) => console.error(obj) };
// A long interval: the flush is timed on its own below.
const recorder = await openRecorder({
  dataDir: dir,
  nodeId: 'bench',
  store,
  intervalMs: 3_600_000,
  logger: quiet,
});

const start = Date.parse('2026-03-01T00:00:00Z');
const events = Array.from({ length: total }, (_, index) => sampleClick(start + index * 10));

let begin = performance.now();
for (const event of events) encodeEvent(event);
const encodeUs = ((performance.now() - begin) * 1000) / total;

begin = performance.now();
for (const event of events) recorder.record(event);
const recordUs = ((performance.now() - begin) * 1000) / total;
const journalBytes = fs
  .readdirSync(path.join(dir, 'journal'))
  .reduce((sum, name) => sum + fs.statSync(path.join(dir, 'journal', name)).size, 0);

const stalls = monitorEventLoopDelay({ resolution: 1 });
stalls.enable();
begin = performance.now();
await recorder.flushNow();
const flushMs = performance.now() - begin;
stalls.disable();
await recorder.close();

const [{ n }] = await store.query<{ n: number }>('SELECT count(*) AS n FROM events');
const size = await store.sizeOnDisk();
// Segments share 256 KB blocks: a segment's size is the gap to the next one in its block (the last
// one's is an upper bound), summed per column.
const columns = await store.query<{ column_name: string; compression: string; bytes: number }>(
  `WITH segments AS (
     SELECT column_name, compression, block_id, block_offset,
            coalesce(lead(block_offset) OVER (PARTITION BY block_id ORDER BY block_offset), 262144) - block_offset AS size
       FROM pragma_storage_info('events') WHERE persistent AND block_id >= 0)
   SELECT column_name, string_agg(DISTINCT compression, ',') AS compression, sum(size) AS bytes
     FROM segments GROUP BY column_name ORDER BY bytes DESC LIMIT 12`,
);
await store.close();

const us = (value: number) => `${value.toFixed(2)} µs`;
console.log(`events:               ${total} (${Number(n)} stored)`);
console.log(`encode only:          ${us(encodeUs)} per event`);
console.log(`record():             ${us(recordUs)} per event (encode + write(2))`);
console.log(`journal on disk:      ${Math.round(journalBytes / total)} bytes per event`);
console.log(
  `flush into DuckDB:    ${Math.round(total / (flushMs / 1000))} events/s (${flushMs.toFixed(0)} ms)`,
);
console.log(`longest loop stall:   ${(stalls.max / 1e6).toFixed(1)} ms during the flush`);
console.log(`events.duckdb:        ${size} bytes = ${(size / Number(n)).toFixed(1)} bytes per click`);
console.log('largest columns (bytes per click, compression):');
for (const column of columns) {
  const perClick = (Number(column.bytes) / Number(n)).toFixed(1);
  console.log(`  ${column.column_name.padEnd(18)} ${perClick.padStart(5)}  ${column.compression}`);
}
fs.rmSync(dir, { recursive: true, force: true });
