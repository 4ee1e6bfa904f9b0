// The server as the page stories see it: a fetch that answers the panel's calls from fixtures, so a
// story renders the real pages (guard, layout, queries, schemas) with no server behind them.

export type Answer = (url: URL, request: Request) => unknown;

export interface FixtureRoute {
  method: string;
  path: string;
  answer: Answer;
}

export function get(path: string, answer: Answer): FixtureRoute {
  return { method: 'GET', path, answer };
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fetch over the routes (method and path must match; the answer reads the query itself). A call no
 * route answers is a 404, as on the real server, and is logged: a page asking for something new shows
 * up in the console rather than as a silently emptier screen.
 */
export function fixtureFetch(routes: readonly FixtureRoute[]): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const route = routes.find(
      (candidate) => candidate.method === request.method && candidate.path === url.pathname,
    );
    if (route) return json(route.answer(url, request), 200);
    console.warn(`Page story: no fixture for ${request.method} ${url.pathname}${url.search}`);
    return json({ message: `Not found: ${request.method} ${url.pathname}` }, 404);
  };
}

interface ListItem {
  id: number;
  archived: boolean;
  name?: string;
  host?: string;
  kind?: string;
}

/**
 * `GET /api/{kind}` over fixture items the way the server reads the list query: ids, archived
 * (active by default), a group's kind, sort (`name:asc`, `id:desc` ...) and the page.
 */
export function listOf<T extends ListItem>(items: readonly T[]): Answer {
  return (url) => {
    const query = url.searchParams;
    const ids = query.get('ids')?.split(',').map(Number);
    const archived = query.get('archived') ?? 'active';
    const groupKind = query.get('kind');
    const [field = 'name', direction = 'asc'] = (query.get('sort') ?? 'name:asc').split(':');
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 50);
    const chosen = items
      .filter((item) => !ids || ids.includes(item.id))
      .filter((item) => archived === 'all' || item.archived === (archived === 'archived'))
      .filter((item) => !groupKind || item.kind === groupKind)
      .toSorted((a, b) => {
        const key = (item: T) => (field === 'id' ? item.id : String(item.name ?? item.host ?? ''));
        const order = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
        return direction === 'desc' ? -order : order;
      });
    return {
      items: chosen.slice((page - 1) * pageSize, page * pageSize),
      total: chosen.length,
      page,
      pageSize,
    };
  };
}

/** `GET /api/{kind}` and `GET /api/{kind}/{id}` of every item, as lists, reference selects and forms ask. */
export function entityRoutes<T extends ListItem>(kind: string, items: readonly T[]): FixtureRoute[] {
  return [
    get(`/api/${kind}`, listOf(items)),
    ...items.map((item) => get(`/api/${kind}/${item.id}`, () => item)),
  ];
}

/** Local or session storage for one story: nothing read from the last visit, nothing left for the next. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, String(value));
    },
  };
}
