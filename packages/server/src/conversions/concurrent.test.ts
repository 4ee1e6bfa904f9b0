import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { Clock } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import { eventFromRow } from '../events/columns.ts';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import type { RunningCairn } from '../index.ts';

// Postbacks sent at once, as a network sends them, for clicks only the event store holds (made days
// ago, long out of the node's memory): their lookups are gathered into shared reads, and each
// postback must still find its own click, and count once.

let cairn: RunningCairn;
let kit: ConversionKit;
let template: TrackingEvent;
const clock = new Clock('2026-03-04T10:30:00.000Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  const started = await signedInAdmin({ trustProxy: true, now: clock.now });
  cairn = started.cairn;
  kit = new ConversionKit(cairn, started.browser);
  const campaign = await kit.campaign({ network: {} });
  const clickId = await kit.click(campaign);
  await cairn.tracking.recorder.flushNow();
  const [row] = await cairn.events.query('SELECT * FROM events WHERE click_id = $1 AND kind = $2', [
    clickId,
    EVENT_KIND.click,
  ]);
  template = eventFromRow(row ?? {});
});
afterAll(async () => {
  await cairn.close();
});

let made = 0;
/** Clicks of the template's campaign stored straight in the event store, `hours` apart going back. */
async function storedClicks(count: number, hours = 5): Promise<string[]> {
  const clicks = Array.from({ length: count }, () => {
    made += 1;
    const time = clock.ms - made * hours * HOUR - made;
    return { ...template, clickId: mintClickId(time), time, clickTime: time };
  });
  await cairn.events.append(clicks);
  return clicks.map((click) => click.clickId);
}

const atOnce = (paths: string[]) => Promise.all(paths.map((path) => kit.postback(path)));

describe('postbacks sent at once for clicks in the event store', () => {
  it('counts one transaction once when its postback comes many times at once', async () => {
    const [clickId] = await storedClicks(1);
    const answers = await atOnce(
      Array.from({ length: 12 }, () => `/postback?clickid=${clickId}&txid=T-1&status=approved`),
    );
    expect(answers.filter((answer) => answer.text === 'OK')).toHaveLength(1);
    expect(answers.filter((answer) => answer.text === 'ignored: duplicate postback')).toHaveLength(11);
    expect(await kit.sums(clickId as string)).toMatchObject({ events: 1, approved: 1, revenue: 5_000_000 });
    expect(await kit.conversions(clickId as string)).toHaveLength(1);
  });

  it('keeps one conversion when transactions of one click come at once under the ignore policy', async () => {
    const [clickId] = await storedClicks(1);
    const answers = await atOnce(
      Array.from({ length: 8 }, (_, index) => `/postback?clickid=${clickId}&txid=D-${index}&status=approved`),
    );
    expect(answers.filter((answer) => answer.text === 'OK')).toHaveLength(1);
    const repeats = answers.filter(
      (answer) => answer.text === 'ignored: the click already converted (duplicate postbacks are ignored)',
    );
    expect(repeats).toHaveLength(7);
    expect(await kit.conversions(clickId as string)).toHaveLength(1);
    expect(await kit.sums(clickId as string)).toMatchObject({ events: 1, approved: 1 });
  });

  it('finds each stored click among unknown ids sent with it, days apart', async () => {
    const known = await storedClicks(15, 11);
    const unknown = Array.from({ length: 6 }, (_, index) => mintClickId(clock.ms - index * 30 * HOUR));
    const mixed = known.flatMap((clickId, index) => [clickId, ...(unknown[index] ? [unknown[index]] : [])]);
    const answers = await atOnce(mixed.map((clickId) => `/postback?clickid=${clickId}&txid=M-${clickId}`));
    expect(answers).toEqual(
      mixed.map((clickId) =>
        known.includes(clickId) ? { status: 200, text: 'OK' } : { status: 404, text: 'error: unknown click' },
      ),
    );
    for (const clickId of known) {
      expect(await kit.sums(clickId)).toMatchObject({ events: 1, approved: 1 });
      const [conversion] = await kit.conversions(clickId);
      expect(conversion).toMatchObject({ txid: `M-${clickId}`, campaign_id: template.campaignId });
    }
  });
});
