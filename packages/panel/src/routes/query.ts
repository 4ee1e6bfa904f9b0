// Route query values in the bracket style (SPEC.md section 2): `ids[]=1&ids[]=2&filter[name]=x` is
// `{ ids: ['1', '2'], filter: { name: 'x' } }`. The rules are qs's defaults (the library the panel used
// before, at 17 kB gzipped the largest part of a list's first load), kept to what an address can say:
// `+` is a space, duplicates and `[]` collect into an array, `[0]`..`[19]` are array positions, `[x]`
// nests up to five levels (deeper brackets stay one key), and names of Object.prototype's properties
// are ignored so no parameter can reach a prototype.

export type RouteQueryValue = string | RouteQuery | RouteQueryValue[];
export type RouteQuery = { [key: string]: undefined | RouteQueryValue };

type Value = RouteQueryValue;

const MAX_PARAMETERS = 1000;
const MAX_DEPTH = 5;
// A larger index is a key, not a position, so `a[99999]=x` cannot make a huge sparse array.
const ARRAY_INDEX_LIMIT = 20;

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray `%` is kept as typed.
    return spaced;
  }
}

const isPrototypeName = (name: string) => Object.hasOwn(Object.prototype, name);

const isObject = (value: unknown): value is RouteQuery =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `a[b][c]` -> ['a', 'b', 'c'] (`[]` -> ''); undefined when a part names a prototype property. */
function keySegments(key: string): string[] | undefined {
  const first = key.indexOf('[');
  const parent = first === -1 ? key : key.slice(0, first);
  const segments: string[] = [];
  if (parent) segments.push(parent);
  let open = first;
  while (open !== -1 && segments.length - (parent ? 1 : 0) < MAX_DEPTH) {
    // Brackets nest: `a[b[c]]` names `b[c]`.
    let level = 0;
    let close = -1;
    for (let index = open; index < key.length && close === -1; index += 1) {
      if (key[index] === '[') level += 1;
      else if (key[index] === ']' && --level === 0) close = index;
    }
    if (close === -1) break;
    segments.push(key.slice(open + 1, close));
    open = key.indexOf('[', close + 1);
  }
  // An unclosed bracket, or brackets beyond the depth: the rest is one literal key.
  if (open !== -1) segments.push(key.slice(open));
  return segments.some(isPrototypeName) ? undefined : segments;
}

/** A value under the bracketed segments of its key: `['', 'b']` -> `[{ b: value }]`. */
function nest(segments: readonly string[], value: string): Value {
  let leaf: Value = value;
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const segment = segments[index] ?? '';
    if (segment === '') {
      // `a[][]=x` is `a[]=x`: an array under `[]` is the array itself.
      leaf = Array.isArray(leaf) ? leaf : [leaf];
    } else if (/^(?:0|[1-9]\d?)$/.test(segment) && Number(segment) < ARRAY_INDEX_LIMIT) {
      const array: Value[] = [];
      array[Number(segment)] = leaf;
      leaf = array;
    } else {
      leaf = { [segment]: leaf } as RouteQuery;
    }
  }
  return leaf;
}

const asObject = (value: Value): RouteQuery =>
  Array.isArray(value) ? (Object.fromEntries(Object.entries(value)) as RouteQuery) : (value as RouteQuery);

/**
 * Puts a parameter's value into what earlier ones built: objects merge by key, arrays by position (a
 * taken position appends), an array meeting an object becomes an object keyed by index, and values
 * of different kinds otherwise collect into an array in address order.
 */
function merge(target: Value, source: Value): Value {
  if (Array.isArray(target) && Array.isArray(source)) {
    source.forEach((item, index) => {
      const taken = target[index];
      if (taken === undefined) target[index] = item;
      else if (typeof taken === 'object' && typeof item === 'object') target[index] = merge(taken, item);
      else target.push(item);
    });
    return target;
  }
  if ((isObject(target) || isObject(source)) && typeof target === 'object' && typeof source === 'object') {
    const merged = asObject(target);
    for (const [key, item] of Object.entries(asObject(source))) {
      const taken = merged[key];
      merged[key] = taken === undefined ? item : merge(taken, item as Value);
    }
    return merged;
  }
  if (Array.isArray(target)) return [...target, source];
  return Array.isArray(source) ? [target, ...source] : [target, source];
}

/** Arrays lose the holes positions left (`a[1]=x` alone is `['x']`). */
function compact(value: Value): Value {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (typeof value === 'string') return value;
  for (const [key, item] of Object.entries(value)) if (item !== undefined) value[key] = compact(item);
  return value;
}

/** Route query values in the bracket style: `a[]=1&a[]=2&f[name]=x` -> `{ a: ['1','2'], f: { name: 'x' } }`. */
export function parseQuery(search: string): RouteQuery {
  const text = search.replace(/^\?/, '').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  const query: RouteQuery = {};
  for (const part of text.split('&', MAX_PARAMETERS)) {
    // `a[b=c]=d` names `a[b=c]`: a bracket closing right before `=` ends the key.
    const bracketEquals = part.indexOf(']=');
    const split = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
    const segments = keySegments(decode(split === -1 ? part : part.slice(0, split)));
    const root = segments?.[0];
    if (!segments || !root) continue;
    const value = nest(segments.slice(1), split === -1 ? '' : decode(part.slice(split + 1)));
    const taken = query[root];
    query[root] = taken === undefined ? value : merge(taken, value);
  }
  return compact(query) as RouteQuery;
}

function encode(value: string): string {
  // RFC 3986: only letters, digits and `-._~` stay; encodeURIComponent also keeps `!'()*`.
  return encodeURIComponent(value.toWellFormed()).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function pairs(prefix: string, value: unknown, into: string[]) {
  if (value === undefined || typeof value === 'function') return;
  if (value === null) into.push(`${prefix}=`);
  else if (value instanceof Date) into.push(`${prefix}=${encode(value.toISOString())}`);
  else if (Array.isArray(value)) for (const item of value) pairs(`${prefix}[]`, item, into);
  else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pairs(`${prefix}[${key}]`, item, into);
  } else into.push(`${prefix}=${encode(String(value))}`);
}

/**
 * The query string of a value in the bracket style, `?` first unless empty: arrays as `a[]=`, objects
 * as `a[b]=`, keys as they are, values percent-encoded; undefined is left out, null is empty.
 */
export function stringifyQuery(query: Record<string, unknown>): string {
  const into: string[] = [];
  for (const [key, value] of Object.entries(query)) pairs(key, value, into);
  return into.length > 0 ? `?${into.join('&')}` : '';
}

export function queryString(query: RouteQuery, key: string): string | undefined {
  const value = query[key];
  return typeof value === 'string' ? value : undefined;
}
