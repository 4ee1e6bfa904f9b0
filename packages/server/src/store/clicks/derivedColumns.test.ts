import { beforeAll, describe, expect, it } from 'vitest';
import {
  IPHONE_SAFARI as IPHONE,
  engineClick as recordedClick,
  WINDOWS_CHROME as WINDOWS,
} from '../../../test-support/derivedColumns.ts';
import { sampleClick } from '../../../test-support/sampleEvents.ts';
import { blankEvent, EVENT_KIND } from '../../events/event.ts';
import { encodeEvent, parseLine } from '../../events/journalCodec.ts';
import { clickFacts } from '../../tracking/click/engine.ts';
import { createEnricher, type Enricher } from '../../tracking/enrich/index.ts';
import type { ClickFacts } from '../events/port.ts';
import { DERIVED_COLUMNS, DerivedColumns, fnv1a32 } from './derivedColumns.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
let enricher: Enricher;
beforeAll(async () => {
  enricher = await createEnricher({});
});

const engineClick = (ip: string, userAgent: string) => recordedClick(enricher, ip, userAgent, T0);

/** The whole line an archived one restores to, as text; null when it does not. */
const restoreText = (columns: DerivedColumns, line: string) => {
  const values = parseLine(line);
  const whole = values && columns.restore(values);
  return whole && JSON.stringify(whole);
};

const cutText = (columns: DerivedColumns, line: string) => {
  const bytes = Buffer.from(line);
  return Buffer.from(columns.cut(bytes, 0, bytes.length)).toString('utf8');
};

describe('derived columns of archived clicks', () => {
  it('hashes as FNV-1a 32 does', () => {
    expect(fnv1a32(Buffer.from(''))).toBe(0x811c9dc5);
    expect(fnv1a32(Buffer.from('a'))).toBe(0xe40c292c);
    expect(fnv1a32(Buffer.from('foobar'))).toBe(0xbf9cf968);
    expect(fnv1a32(Buffer.from('xxfoobarxx'), 2, 8)).toBe(0xbf9cf968);
  });

  it('leaves out what the address decides and puts back exactly what the engine recorded', () => {
    const columns = new DerivedColumns((ip, userAgent) => clickFacts(enricher, ip, userAgent));
    const clicks = [
      engineClick('8.8.8.8', WINDOWS),
      engineClick('81.2.69.160', IPHONE),
      engineClick('2a02:ff0::1', WINDOWS),
      engineClick('not an address', IPHONE),
      engineClick('', ''),
      // Recorded cut at 512 characters, as the enricher reads it: derived again the same.
      engineClick('81.2.69.160', `${IPHONE} ${'x'.repeat(600)}`),
    ];
    expect(clicks[0]?.country).toBe('US');
    expect(clicks[1]?.country).toBe('GB');
    for (const click of clicks) {
      const line = encodeEvent(click);
      const cut = cutText(columns, line);
      expect(cut.length).toBeLessThan(line.length);
      if (click.city) expect(cut).not.toContain(JSON.stringify(click.city));
      if (click.isp) expect(cut).not.toContain(JSON.stringify(click.isp));
      expect(cut).toContain(JSON.stringify(click.clickId));
      expect(restoreText(columns, cut)).toBe(line);
    }
  });

  it('does not answer when the values derived now are not the ones written', () => {
    const columns = new DerivedColumns((ip, userAgent) => clickFacts(enricher, ip, userAgent));
    // A seeded click: its place is made up, not looked up from its address.
    const seeded = { ...engineClick('8.8.8.8', WINDOWS), country: 'DE', city: 'Berlin' };
    expect(restoreText(columns, cutText(columns, encodeEvent(seeded)))).toBeNull();
    // Newer databases place the address elsewhere now.
    const click = engineClick('8.8.8.8', WINDOWS);
    const cut = cutText(columns, encodeEvent(click));
    const moved: ClickFacts = (ip, userAgent) => ({
      ...clickFacts(enricher, ip, userAgent),
      city: 'Elsewhere',
    });
    expect(restoreText(new DerivedColumns(moved), cut)).toBeNull();
    expect(restoreText(columns, cut)).toBe(encodeEvent(click));
  });

  it('cuts by value, not by text: quotes, commas, brackets and backslashes on either side', () => {
    const tricky = {
      country: 'Q"',
      region: 'a,b',
      city: '[x], "y" \\ é',
      isp: '\\"',
      asn: 65_000,
      connectionType: '',
      deviceType: 'mobile',
      brand: 'a"b',
      model: '], [',
      os: '',
      osVersion: '1,2',
      browser: '\\',
      browserVersion: '',
    };
    const facts: ClickFacts = (ip, userAgent) => ({
      ...blankEvent(EVENT_KIND.click, '', 0),
      ...tricky,
      ip,
      userAgent,
    });
    const columns = new DerivedColumns(facts);
    const tokens = sampleClick(T0).tokens.map((token, index) => (index < 3 ? `t,"${index}"]\\` : token));
    const click = {
      ...sampleClick(T0),
      ...tricky,
      externalId: '",[',
      userAgent: 'ua "with", [brackets] \\ and \n a newline',
      ip: '1.2.3.4',
      tokens,
    };
    const line = encodeEvent(click);
    const cut = cutText(columns, line);
    expect(JSON.parse(cut)).toHaveLength((JSON.parse(line) as unknown[]).length - DERIVED_COLUMNS.length + 1);
    expect(restoreText(columns, cut)).toBe(line);
  });

  it('leaves a line of another shape as it is, and answers null for one it cannot read', () => {
    const columns = new DerivedColumns((ip, userAgent) => clickFacts(enricher, ip, userAgent));
    for (const line of ['[1,2,3]', '{"a":1}', 'not json', '["unterminated']) {
      expect(cutText(columns, line)).toBe(line);
    }
    const whole = encodeEvent(engineClick('8.8.8.8', WINDOWS));
    expect(restoreText(columns, whole)).toBe(whole);
    expect(restoreText(columns, '[1,2,3]')).toBeNull();
    expect(restoreText(columns, 'not json')).toBeNull();
    expect(restoreText(columns, '{"a":1}')).toBeNull();
  });
});
