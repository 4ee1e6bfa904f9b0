import { TOKEN_SLOTS } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { EVENT_COLUMNS } from './columns.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from './event.ts';
import { decoderFor, encodeEvent, HEADER_LINE, headerColumns } from './journalCodec.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const NAMES = EVENT_COLUMNS.map((column) => column.name);

/** An event whose every field holds a value no other field holds, so a crossed mapping shows. */
function distinctEvent(): TrackingEvent {
  const event = blankEvent(EVENT_KIND.conversion, 'click-1', T0 + 5000);
  let counter = 1;
  for (const key of Object.keys(event) as (keyof TrackingEvent)[]) {
    const value = event[key];
    counter += 1;
    if (typeof value === 'string') Object.assign(event, { [key]: `${key}-"\\\n\u00e9\u2028${counter}` });
    else if (typeof value === 'number') Object.assign(event, { [key]: counter });
  }
  return Object.assign(event, {
    kind: EVENT_KIND.conversion,
    time: T0 + 5000,
    clickTime: T0,
    isUnique: true,
    isBot: false,
    tokens: Array.from({ length: TOKEN_SLOTS }, (_, index) => `token ${index}`),
    costMicros: -12_345_678_901,
    revenueMicros: 98_765_432_101,
    approved: 1,
    pending: -1,
  });
}

describe('journal line format', () => {
  it('decodes every field of an encoded event back', () => {
    const event = distinctEvent();
    const line = encodeEvent(event);
    expect(line).not.toContain('\n');
    expect(decoderFor(NAMES)(line)).toEqual(event);
    const flipped = { ...event, isUnique: false, isBot: true };
    expect(decoderFor(NAMES)(encodeEvent(flipped))).toEqual(flipped);
  });

  it('writes each value where EVENT_COLUMNS puts it', () => {
    const event = distinctEvent();
    const expected = EVENT_COLUMNS.map((column) => {
      const value = column.get(event);
      return typeof value === 'boolean' ? Number(value) : value;
    });
    expect(JSON.parse(encodeEvent(event))).toEqual(expected);
  });

  it('writes values by position, flags as 0/1, with no keys', () => {
    const line = encodeEvent(blankEvent(EVENT_KIND.click, 'abc', T0));
    expect(JSON.parse(line)).toHaveLength(EVENT_COLUMNS.length);
    expect(line).not.toContain('click_id');
    expect(line).not.toContain('false');
  });

  it('refuses to journal a value no store can hold', () => {
    const bad: Partial<TrackingEvent>[] = [
      { campaignId: 2 ** 31 },
      { rule: 40_000 },
      { seq: 1.5 },
      { costMicros: Number.NaN },
      { time: Number.POSITIVE_INFINITY },
      { time: '1772366400000' as unknown as number },
      { costMicros: undefined as unknown as number },
      { country: 7 as unknown as string },
      { isBot: 'yes' as unknown as boolean },
    ];
    for (const changes of bad) {
      expect(() => encodeEvent({ ...blankEvent(EVENT_KIND.click, 'x', T0), ...changes })).toThrow(TypeError);
    }
  });

  it('keeps whole milliseconds and micro-units', () => {
    const event = { ...blankEvent(EVENT_KIND.click, 'x', T0), time: T0 + 0.7, costMicros: 1500.9 };
    const decoded = decoderFor(NAMES)(encodeEvent(event));
    expect([decoded?.time, decoded?.costMicros]).toEqual([T0, 1500]);
  });

  it('maps a segment written under other columns by their names', () => {
    const event = distinctEvent();
    const old = EVENT_COLUMNS.filter((column) => column.name !== 'isp');
    // A segment from a version with an extra column and without `isp`, in another order.
    const names = ['retired', ...old.map((column) => column.name).reverse()];
    const values = ['gone', ...old.map((column) => column.get(event)).reverse()].map((value) =>
      typeof value === 'boolean' ? Number(value) : value,
    );
    expect(decoderFor(names)(JSON.stringify(values))).toEqual({ ...event, isp: '' });
  });

  it('decodes a segment from before custom events with no event slot', () => {
    const event = { ...distinctEvent(), eventSlot: 0 };
    const old = EVENT_COLUMNS.filter((column) => column.name !== 'event_slot');
    const values = old
      .map((column) => column.get(event))
      .map((value) => (typeof value === 'boolean' ? Number(value) : value));
    const decoded = decoderFor(old.map((column) => column.name))(JSON.stringify(values));
    expect(decoded).toEqual(event);
    expect(decoded?.eventSlot).toBe(0);
  });

  it('answers null for lines that do not decode', () => {
    const decode = decoderFor(NAMES);
    const good = JSON.parse(encodeEvent(distinctEvent())) as unknown[];
    const lines = [
      '',
      'not json',
      '{"kind":1}',
      '[1,2,3]',
      JSON.stringify([...good, 'extra']),
      JSON.stringify(good.map((value, index) => (index === 0 ? 'one' : value))),
      JSON.stringify(good.map((value, index) => (index === NAMES.indexOf('is_bot') ? true : value))),
      JSON.stringify(good.map((value, index) => (index === NAMES.indexOf('country') ? null : value))),
      encodeEvent(distinctEvent()).slice(0, -3),
    ];
    for (const line of lines) expect(decode(line)).toBeNull();
  });

  it('reads its own header and tells a newer format from garbage', () => {
    expect(headerColumns(HEADER_LINE)).toEqual(NAMES);
    expect(headerColumns('{"cairnJournal":2,"columns":["x"]}')).toBe('newer');
    expect(headerColumns('{"cairnJournal":1,"columns":[1]}')).toBeNull();
    expect(headerColumns('{"cairnJourn')).toBeNull();
    expect(headerColumns('\u0000\u0000')).toBeNull();
  });
});
