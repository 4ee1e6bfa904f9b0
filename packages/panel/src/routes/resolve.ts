import { type RouteDef, routeTable, subjectTypes } from './table.ts';

export const productName = 'Cairn';
export const panelBase = '/panel';

export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${productName}` : productName;
}

export type RouteParams = Record<string, string>;

export type Resolution =
  | { kind: 'match'; route: RouteDef; child?: RouteDef; params: RouteParams; title: string | undefined }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

const placeholderPatterns: Record<string, string> = {
  id: '\\d+',
  ids: '\\d+(?:,\\d+)*',
  subjectIds: '\\d+(?:,\\d+)*',
  subjectType: subjectTypes.join('|'),
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface CompiledPattern {
  regexp: RegExp;
  names: string[];
}

function compile(pattern: string): CompiledPattern {
  const names: string[] = [];
  const source = pattern
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const placeholder = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      if (!placeholder) return escapeRegExp(part);
      const inner = placeholderPatterns[placeholder];
      if (!inner) throw new Error(`Route placeholder {${placeholder}} has no pattern`);
      names.push(placeholder);
      return `(${inner})`;
    })
    .join('');
  return { regexp: new RegExp(`^${source}$`), names };
}

function matchPattern(compiled: CompiledPattern, path: string): RouteParams | undefined {
  const found = compiled.regexp.exec(path);
  if (!found) return undefined;
  const params: RouteParams = {};
  compiled.names.forEach((name, index) => {
    params[name] = found[index + 1] ?? '';
  });
  return params;
}

function joinChild(parent: string, child: string): string {
  return parent === '/' ? `/${child}` : `${parent}/${child}`;
}

interface CompiledRoute {
  route: RouteDef;
  child?: RouteDef;
  compiled: CompiledPattern;
}

function compileTable(table: RouteDef[]): CompiledRoute[] {
  return table.flatMap((route) => [
    { route, compiled: compile(route.path) },
    ...(route.children ?? []).map((child) => ({
      route,
      child,
      compiled: compile(joinChild(route.path, child.path)),
    })),
  ]);
}

const compiledTable = compileTable(routeTable);

/** Trailing slashes carry no meaning in the panel's paths, so `/offers/` is `/offers`. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Resolves a path relative to the panel base (no query, no hash) against the route table. */
export function resolveRoute(path: string, table: RouteDef[] = routeTable): Resolution {
  const compiled = table === routeTable ? compiledTable : compileTable(table);
  const normalised = normalisePath(path);
  for (const entry of compiled) {
    const params = matchPattern(entry.compiled, normalised);
    if (!params) continue;
    if (!entry.child && entry.route.redirect) return { kind: 'redirect', to: entry.route.redirect };
    return {
      kind: 'match',
      route: entry.route,
      ...(entry.child ? { child: entry.child } : {}),
      params,
      title: entry.child?.title ?? entry.route.title,
    };
  }
  return { kind: 'not-found' };
}

/** `{ids}` values as numbers: `'3,17'` -> `[3, 17]`. */
export function parseIds(ids: string | undefined): number[] {
  if (!ids || !/^\d+(?:,\d+)*$/.test(ids)) return [];
  return ids.split(',').map(Number);
}

/**
 * The address to go to when the browser is outside the panel's base, keeping query and hash, or
 * undefined when it is already inside (`/panel/...`).
 */
export function panelAddressFor(location: {
  pathname: string;
  search: string;
  hash: string;
}): string | undefined {
  if (location.pathname.startsWith(`${panelBase}/`)) return undefined;
  const rest = location.pathname === panelBase ? '/' : location.pathname;
  return `${panelBase}${rest.startsWith('/') ? rest : `/${rest}`}${location.search}${location.hash}`;
}
