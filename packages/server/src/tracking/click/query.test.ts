import { describe, expect, it } from 'vitest';
import { ClickQuery } from './query.ts';

const NAMES = ['key', 't1', 'zone', 'a b', 'x', '', 'é', 'cid'];

function expectSameAsUrlSearchParams(text: string): void {
  const reference = new URLSearchParams(text);
  const query = new ClickQuery(text);
  for (const name of new Set([...NAMES, ...reference.keys()])) {
    expect(query.get(name), `${JSON.stringify(name)} of ${JSON.stringify(text)}`).toBe(reference.get(name));
  }
}

describe('ClickQuery', () => {
  it('reads names and values as URLSearchParams does', () => {
    for (const text of [
      '',
      '?',
      '?key=abc&t1=x',
      'key=abc&key=second',
      'key',
      'key=&t1',
      '=orphan&key=1',
      '&&key=1&&',
      'zone=a+b&a+b=plus%20name',
      'x=a=b=c',
      't1=%E2%82%AC%20euro',
      't1=%zz&zone=%',
      't1=%C3%28&zone=%ED%A0%80',
      'x=%2B%26%3D',
      'cid=%F0%9F%92%B0',
      'x=\u00c3\u00a9',
      '??key=double',
    ]) {
      expectSameAsUrlSearchParams(text);
    }
  });

  it('visits each name once with its first value, in the order the names came', () => {
    const seen: [string, string][] = [];
    new ClickQuery('?zone=a+b&t1&zone=second&%74%32=x%3Dy&=v&cid=').forEach((value, name) => {
      seen.push([name, value]);
    });
    expect(seen).toEqual([
      ['zone', 'a b'],
      ['t1', ''],
      ['t2', 'x=y'],
      ['', 'v'],
      ['cid', ''],
    ]);
  });

  it('matches URLSearchParams on random garbage', () => {
    const alphabet = [
      'a',
      'k',
      'e',
      'y',
      '=',
      '&',
      '%',
      '+',
      '2',
      '0',
      'C',
      '3',
      'F',
      'z',
      '?',
      ' ',
      '\u00e9',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 2000; round += 1) {
      const length = Math.floor(random() * 24);
      let text = '';
      for (let index = 0; index < length; index += 1)
        text += alphabet[Math.floor(random() * alphabet.length)];
      expectSameAsUrlSearchParams(text);
    }
  });

  it('takes a 10 kB query', () => {
    const text = `key=k&${'t1=x&'.repeat(2500)}zone=last`;
    const query = new ClickQuery(text);
    expect(query.get('key')).toBe('k');
    expect(query.get('zone')).toBe('last');
  });
});
