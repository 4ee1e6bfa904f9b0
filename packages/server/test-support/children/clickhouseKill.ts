// Child process of clickhouse.kill.test.ts (run with `node`): records clicks in a steady loop with a real
// recorder on a ClickHouse event store, printing each click id once record() has returned, until it is
// killed -9. Usage: node clickhouseKill.ts <dataDir> <nodeId> <ClickHouse URL with database>
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openRecorder } from '../../src/journal/recorder.ts';
import { ClickHouseEventStore } from '../../src/store/events/clickhouse.ts';
import { sampleClick } from '../sampleEvents.ts';

const [dataDir = '', nodeId = '', url = ''] = process.argv.slice(2);
const store = await ClickHouseEventStore.open({ url });
const quiet = { warn: () => undefined, error: () => undefined };
const recorder = await openRecorder({
  dataDir,
  nodeId,
  store,
  intervalMs: 20,
  maxBatchEvents: 500,
  logger: quiet,
});
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
  // About 2,500 clicks a second: the flusher keeps up, so a kill lands in any of its requests rather
  // than behind a backlog the replay would take long to store.
  await sleep(20);
}
