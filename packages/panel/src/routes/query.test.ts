import { describe, expect, it } from 'vitest';
import { parseQuery, queryString, stringifyQuery } from './query.ts';

// The expectations are qs's answers (the library this replaces, with the options the panel used) unless
// a case says otherwise.

describe('parseQuery', () => {
  it.each([
    ['', {}],
    ['?', {}],
    ['?a=1&b=2', { a: '1', b: '2' }],
    ['a=1', { a: '1' }],
    ['?a=1&a=2&a=3', { a: ['1', '2', '3'] }],
    ['?a[]=x&a[]=y', { a: ['x', 'y'] }],
    ['?a[b][c]=1&a[b][d]=2', { a: { b: { c: '1', d: '2' } } }],
    ['?a[b][]=1&a[b][]=2', { a: { b: ['1', '2'] } }],
    ['?a[][b]=1&a[][b]=2', { a: [{ b: ['1', '2'] }] }],
    ['?a[0][b]=1&a[0][c]=2', { a: [{ b: '1', c: '2' }] }],
    ['?a[][]=1&a[][]=2', { a: ['1', '2'] }],
    ['?a[0][]=1&a[0][]=2', { a: [['1', '2']] }],
    ['?a[2]=x&a[0]=y', { a: ['y', 'x'] }],
    ['?a[1]=x', { a: ['x'] }],
    ['?a[19]=x', { a: ['x'] }],
    ['?a[20]=x&a[0]=y', { a: { 0: 'y', 20: 'x' } }],
    ['?a[-1]=x&a[01]=y&a[1.5]=z', { a: { '-1': 'x', '01': 'y', '1.5': 'z' } }],
    ['?a[b][c][d][e][f][g]=1', { a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } }],
    ['?a[b[c]]=1', { a: { 'b[c]': '1' } }],
    ['?a[b=1', { a: { '[b': '1' } }],
    ['?a[b=c]=d', { a: { 'b=c': 'd' } }],
    ['?a%5Bb%5D=1&c%5bd%5d=2', { a: { b: '1' }, c: { d: '2' } }],
    ['?[x]=1', { x: '1' }],
    ['?a.b=1', { 'a.b': '1' }],
    ['?q=a+b%20c&u=%C3%BC%E2%9C%93', { q: 'a b c', u: 'ü✓' }],
    ['?x=%&y=100%&z=%ZZ', { x: '%', y: '100%', z: '%ZZ' }],
    ['?flag&empty=', { flag: '', empty: '' }],
    ['?=x&&a=1&&', { a: '1' }],
    ['?a=1&a[b]=2', { a: ['1', { b: '2' }] }],
    ['?a[b]=2&a=1', { a: [{ b: '2' }, '1'] }],
    ['?a[]=1&a[b]=2', { a: { 0: '1', b: '2' } }],
    ['?a[0]=1&a[b]=2&a[1]=3', { a: { 0: '1', 1: '3', b: '2' } }],
    ['?returnTo=%2Foffers%3Fx%5B%5D%3D1', { returnTo: '/offers?x[]=1' }],
  ])('reads %j', (search, expected) => {
    expect(parseQuery(search)).toEqual(expected);
  });

  it('ignores parameters named like a property of every object, so none reaches a prototype', () => {
    const query = parseQuery(
      '?__proto__[polluted]=1&toString=1&a[constructor][prototype][x]=1&a[hasOwnProperty]=1&a[b]=2',
    );
    expect(query).toEqual({ a: { b: '2' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
  });

  it('reads at most 1000 parameters', () => {
    const search = Array.from({ length: 1001 }, (_, index) => `p${index}=1`).join('&');
    expect(Object.keys(parseQuery(search))).toHaveLength(1000);
  });

  // Unlike qs, whose arrays past 20 values turn into objects keyed by index, a long list stays a list.
  it('keeps any number of repeated values an array', () => {
    const search = Array.from({ length: 25 }, (_, index) => `ids[]=${index}`).join('&');
    expect(parseQuery(search).ids).toEqual(Array.from({ length: 25 }, (_, index) => String(index)));
  });
});

describe('stringifyQuery', () => {
  it.each([
    [{}, ''],
    [{ a: '1' }, '?a=1'],
    [{ ids: ['1', '2'], filter: { name: 'a b' } }, '?ids[]=1&ids[]=2&filter[name]=a%20b'],
    [
      { q: "it's (x)*!~-._", n: 3, b: true, z: null, u: undefined },
      '?q=it%27s%20%28x%29%2A%21~-._&n=3&b=true&z=',
    ],
    [{ a: [], o: {}, f: () => 1 }, ''],
    [{ a: [{ b: 1 }, { b: 2 }] }, '?a[][b]=1&a[][b]=2'],
    [{ a: { b: { c: [1, [2, 3]] } } }, '?a[b][c][]=1&a[b][c][][]=2&a[b][c][][]=3'],
    [{ d: new Date(0) }, '?d=1970-01-01T00%3A00%3A00.000Z'],
    [{ s: 'ü✓🙂', lone: '\uD800x' }, '?s=%C3%BC%E2%9C%93%F0%9F%99%82&lone=%EF%BF%BDx'],
    [{ a: [undefined, null, 'x'] }, '?a[]=&a[]=x'],
    [{ 'k[x]': 'v', e: '' }, '?k[x]=v&e='],
  ])('writes %j as %s', (query, expected) => {
    expect(stringifyQuery(query)).toBe(expected);
  });

  it('writes a bigint as its digits', () => {
    expect(stringifyQuery({ big: 10n })).toBe('?big=10');
  });

  it('round-trips what it writes', () => {
    const query = { q: 'a&b=c?', filter: { groupId: '3', tags: ['x', 'y z'] }, page: '2' };
    expect(parseQuery(stringifyQuery(query))).toEqual(query);
  });
});

describe('queryString', () => {
  it('reads a single value only', () => {
    const query = parseQuery('?a=1&b[]=2&c[d]=3');
    expect(queryString(query, 'a')).toBe('1');
    expect(queryString(query, 'b')).toBeUndefined();
    expect(queryString(query, 'c')).toBeUndefined();
    expect(queryString(query, 'x')).toBeUndefined();
  });
});
