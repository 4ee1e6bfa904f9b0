import qs from 'qs';

export type RouteQuery = qs.ParsedQs;

/** Route query values in the bracket style: `a[]=1&a[]=2&f[name]=x` -> `{ a: ['1','2'], f: { name: 'x' } }`. */
export function parseQuery(search: string): RouteQuery {
  return qs.parse(search, { ignoreQueryPrefix: true });
}

export function stringifyQuery(query: Record<string, unknown>): string {
  return qs.stringify(query, { arrayFormat: 'brackets', encodeValuesOnly: true, addQueryPrefix: true });
}

export function queryString(query: RouteQuery, key: string): string | undefined {
  const value = query[key];
  return typeof value === 'string' ? value : undefined;
}
