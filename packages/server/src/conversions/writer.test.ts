import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestCairn } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { type ConversionWriter, GATHER_BUSY_MS } from './writer.ts';

// The group commit's wait, on the real writer and config store: postbacks refused before a conversion
// are log entries only, which is all a batch needs here.

let cairn: RunningCairn;
let writer: ConversionWriter;

beforeAll(async () => {
  cairn = await startTestCairn();
  writer = cairn.tracking.conversions.writer;
  await writer.idle();
  // Long enough that a test can act inside the wait without racing it.
  writer.gatherMs = 300;
});
afterAll(async () => {
  await cairn.close();
});

let sent = 0;
function logEntries(count: number): void {
  for (let index = 0; index < count; index += 1) {
    sent += 1;
    writer.log({
      receivedAt: Date.now(),
      via: 'postback',
      ip: '203.0.113.9',
      clickId: `gather-${sent}`,
      query: `clickid=gather-${sent}`,
      httpStatus: 404,
      outcome: 'unknown_click',
      message: 'unknown click',
      seq: null,
    });
  }
}

async function logged(): Promise<number> {
  const [row] = await cairn.store.query<{ n: number }>(
    "SELECT count(*) AS n FROM postback_log WHERE click_id LIKE 'gather-%'",
  );
  return Number(row?.n);
}

/** Lets the writer's busy stretch from an earlier test lapse. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, GATHER_BUSY_MS + 50));

describe('the conversion writer', () => {
  it('commits a postback on a quiet writer at once, without waiting for company', async () => {
    const before = writer.commits;
    logEntries(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    logEntries(1);
    await writer.idle();
    expect(writer.commits).toBe(before + 2);
  });

  it('after a busy commit, lets postbacks arriving a moment later join the next one', async () => {
    await quiet();
    const before = writer.commits;
    logEntries(1); // committed at once, alone
    logEntries(202); // a full batch of 200 after it, and 2 waiting behind that
    await vi.waitFor(() => expect(writer.commits).toBe(before + 2), { interval: 5 });
    logEntries(3); // while the writer gathers for the 2
    await writer.idle();
    expect(writer.commits).toBe(before + 3);
    expect(await logged()).toBe(sent);
  });

  it('stops gathering once a batch is full', async () => {
    const longer = writer.gatherMs;
    // A wait that outlasts the test: it passes only if a full batch ends it.
    writer.gatherMs = 60_000;
    try {
      await quiet();
      const before = writer.commits;
      logEntries(1);
      logEntries(202);
      await vi.waitFor(() => expect(writer.commits).toBe(before + 2), { interval: 5 });
      logEntries(198);
      await writer.idle();
      expect(writer.commits).toBe(before + 3);
      expect(await logged()).toBe(sent);
    } finally {
      writer.gatherMs = longer;
    }
  });
});
