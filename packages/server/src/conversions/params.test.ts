import { describe, expect, it } from 'vitest';
import { mintClickId } from '../events/clickId.ts';
import { bodyReader, parsePostback, queryReader } from './params.ts';

const id = mintClickId(Date.parse('2026-03-04T10:00:00Z'));
const parse = (query: string) => parsePostback(queryReader(new URLSearchParams(query)));

describe('parsePostback', () => {
  it('reads every field under its own name and its aliases', () => {
    expect(
      parse(`clickid=${id}&payout=1,5&status=Sale&txid=a:b/1&currency=eur&disable_postback=1&event=Deposit`),
    ).toEqual({
      ok: true,
      input: {
        clickId: id,
        clickTime: Date.parse('2026-03-04T10:00:00Z'),
        payoutMicros: 1_500_000,
        statusText: 'Sale',
        txid: 'a:b/1',
        currency: 'EUR',
        disablePostback: true,
        eventText: 'Deposit',
      },
    });
    expect(parse(`cnv_id=${id}&cnv_event=ftd`)).toMatchObject({ input: { eventText: 'ftd' } });
    expect(parse(`cnv_id=${id}&cnv_status=lead&cnv_currency=GBP`)).toMatchObject({
      input: { statusText: 'lead', currency: 'GBP' },
    });
    expect(parse(`subid=${id}&tid=K`)).toMatchObject({ input: { clickId: id, txid: 'K' } });
    expect(parse(`cid=${id}`)).toMatchObject({ input: { clickId: id, payoutMicros: null, txid: null } });
  });

  it('takes unfilled network placeholders as not sent', () => {
    expect(
      parse(`clickid=${id}&payout={payout}&status=%23status%23&txid=[TXID]&currency=&event={event}`),
    ).toMatchObject({
      ok: true,
      input: { payoutMicros: null, statusText: null, txid: null, currency: null, eventText: null },
    });
  });

  it('refuses malformed fields, naming them', () => {
    const refused: [string, RegExp][] = [
      ['', /clickid is missing/],
      ['clickid=abc', /not a click id/],
      [`clickid=${id}&payout=-1`, /payout/],
      [`clickid=${id}&payout=100000.000001`, /payout is larger/],
      [`clickid=${id}&payout=1.5e3`, /payout/],
      [`clickid=${id}&status=a'b`, /status/],
      [`clickid=${id}&txid=a b`, /txid/],
      [`clickid=${id}&currency=E1R`, /currency/],
    ];
    for (const [query, message] of refused) {
      const result = parse(query);
      expect(result.ok, query).toBe(false);
      if (!result.ok) expect(result.message, query).toMatch(message);
    }
  });

  it('rounds a payout past its sixth decimal to the micro-unit rather than refusing the conversion', () => {
    expect(parse(`clickid=${id}&payout=1.1234567`)).toMatchObject({ input: { payoutMicros: 1_123_457 } });
    // A JSON number some network computed in floating point.
    const query = new URLSearchParams(`clickid=${id}`);
    expect(parsePostback(bodyReader({ payout: 0.1 + 0.2 }, query))).toMatchObject({
      input: { payoutMicros: 300_000 },
    });
  });

  it('reads JSON and form bodies before the query string, and refuses non-text values', () => {
    const query = new URLSearchParams(`clickid=${id}&payout=1`);
    expect(parsePostback(bodyReader({ payout: 2.5 }, query))).toMatchObject({
      input: { payoutMicros: 2_500_000 },
    });
    expect(parsePostback(bodyReader(new URLSearchParams('payout=3'), query))).toMatchObject({
      input: { payoutMicros: 3_000_000 },
    });
    expect(parsePostback(bodyReader({ txid: ['x'] }, query))).toMatchObject({ ok: false });
    expect(parsePostback(bodyReader({ clickid: { $gt: '' } }, query))).toMatchObject({ ok: false });
  });
});
