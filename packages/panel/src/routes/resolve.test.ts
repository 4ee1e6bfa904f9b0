import { describe, expect, it } from 'vitest';
import { parseQuery, stringifyQuery } from './query.ts';
import { documentTitle, panelAddressFor, parseIds, resolveRoute } from './resolve.ts';
import { safeReturnTo, signInPath } from './returnTo.ts';
import {
  entityKindOf,
  monitorDeveloperSections,
  navigationTabs,
  routeTable,
  settingsSections,
} from './table.ts';

function matched(path: string) {
  const result = resolveRoute(path);
  if (result.kind !== 'match') throw new Error(`${path} resolved to ${result.kind}`);
  return result;
}

describe('route table', () => {
  it.each([
    '/login',
    '/404',
    '/',
    '/campaigns',
    '/campaigns/create',
    '/campaigns/edit/12',
    '/campaigns/clone/12',
    '/campaigns/split-test/12',
    '/rotations',
    '/rotations/edit/3',
    '/offers/clone/9',
    '/landings/create',
    '/affiliate-networks/edit/1',
    '/traffic-sources/clone/2',
    '/users/create',
    '/trends',
    '/conversions',
    '/clicklog',
    '/files',
    '/triggers',
    '/update',
    '/rollback',
    '/domains',
    '/groups',
    '/report/campaign/1,2',
    '/report/leads/offer/7',
    '/monitor',
    '/settings/ui',
    '/monitor/developer/messages',
  ])('matches %s', (path) => {
    expect(resolveRoute(path).kind).toBe('match');
  });

  it('titles lists, forms and the named exceptions as the spec says', () => {
    expect(matched('/campaigns').title).toBe('Campaigns');
    expect(matched('/').title).toBe('Campaigns');
    expect(matched('/landings').title).toBe('Landers');
    expect(matched('/affiliate-networks').title).toBe('Aff. networks');
    expect(matched('/offers/create').title).toBe('New offer');
    expect(matched('/offers/edit/4').title).toBe('Edit offer');
    expect(matched('/offers/clone/4').title).toBe('Clone offer');
  });

  it('titles every monitor-for-developers child "... - Monitor for developers"', () => {
    for (const section of monitorDeveloperSections) {
      expect(matched(`/monitor/developer/${section.path}`).title).toBe(
        `${section.title} - Monitor for developers`,
      );
    }
  });

  it('has all fifteen settings children', () => {
    expect(settingsSections).toHaveLength(15);
    for (const section of settingsSections) {
      const result = matched(`/settings/${section.path}`);
      expect(result.route.page).toBe('settings');
      expect(result.child?.path).toBe(section.path);
    }
  });

  it('redirects /settings and /monitor/developer to their first child', () => {
    expect(resolveRoute('/settings')).toEqual({ kind: 'redirect', to: '/settings/tracking-links' });
    expect(resolveRoute('/monitor/developer')).toEqual({
      kind: 'redirect',
      to: '/monitor/developer/build-info',
    });
  });

  it('accepts digits only for {id}', () => {
    expect(matched('/campaigns/edit/0042').params).toEqual({ id: '0042' });
    expect(resolveRoute('/campaigns/edit/abc').kind).toBe('not-found');
    expect(resolveRoute('/campaigns/edit/1a').kind).toBe('not-found');
    expect(resolveRoute('/campaigns/edit/-1').kind).toBe('not-found');
    expect(resolveRoute('/campaigns/edit/').kind).toBe('not-found');
  });

  it('accepts one or more comma-separated numeric ids for mass edit', () => {
    const single = matched('/offers/edit/mass/5');
    expect(single.child?.path).toBe('edit/mass/{ids}');
    expect(single.route.page).toBe('entity-list');
    expect(matched('/campaigns/edit/mass/1,2,30').params).toEqual({ ids: '1,2,30' });
    expect(matched('/landings/edit/mass/1,2').title).toBe('Mass edit - Landers');
    expect(resolveRoute('/offers/edit/mass/1,,2').kind).toBe('not-found');
    expect(resolveRoute('/offers/edit/mass/1,x').kind).toBe('not-found');
    expect(resolveRoute('/offers/edit/mass/').kind).toBe('not-found');
    expect(parseIds('1,2,30')).toEqual([1, 2, 30]);
    expect(parseIds('1,x')).toEqual([]);
  });

  it('accepts only the known subject types in reports', () => {
    expect(matched('/report/traffic-source/3').params).toEqual({
      subjectType: 'traffic-source',
      subjectIds: '3',
    });
    expect(matched('/report/leads/landing/3,4').route.page).toBe('leads-report');
    expect(resolveRoute('/report/planet/3').kind).toBe('not-found');
  });

  it('sends unknown paths to not-found and ignores a trailing slash', () => {
    expect(resolveRoute('/nope').kind).toBe('not-found');
    expect(resolveRoute('/campaigns/unknown').kind).toBe('not-found');
    expect(matched('/offers/').title).toBe('Offers');
  });

  it("lists the twelve navigation tabs and the admins' Postbacks, each a real route", () => {
    expect(navigationTabs.map((tab) => tab.path)).toEqual([
      '/campaigns',
      '/offers',
      '/landings',
      '/affiliate-networks',
      '/traffic-sources',
      '/rotations',
      '/trends',
      '/conversions',
      '/clicklog',
      '/postbacks',
      '/triggers',
      '/users',
      '/files',
    ]);
    for (const tab of navigationTabs) expect(resolveRoute(tab.path).kind).toBe('match');
  });

  it('names the entity kind of every list and form route, so each renders its kind', () => {
    const entityPages = routeTable.filter(
      (route) => route.page === 'entity-list' || route.page === 'entity-form',
    );
    expect(entityPages.length).toBeGreaterThan(0);
    for (const route of entityPages) expect(entityKindOf(route)).toBe(route.entity);
    expect(() => entityKindOf({ path: '/nowhere', page: 'entity-list' })).toThrow('serves no entity kind');
  });

  it('marks only sign-in and not-found as public', () => {
    expect(routeTable.filter((route) => route.public).map((route) => route.path)).toEqual(['/login', '/404']);
  });
});

describe('document title', () => {
  it('is "{title} - Cairn", falling back to the product name', () => {
    expect(documentTitle('Offers')).toBe('Offers - Cairn');
    expect(documentTitle(undefined)).toBe('Cairn');
    expect(documentTitle('')).toBe('Cairn');
  });
});

describe('panel prefix rewrite', () => {
  it('adds /panel and keeps query and hash', () => {
    expect(panelAddressFor({ pathname: '/campaigns', search: '?a[]=1', hash: '#top' })).toBe(
      '/panel/campaigns?a[]=1#top',
    );
    expect(panelAddressFor({ pathname: '/', search: '', hash: '' })).toBe('/panel/');
    expect(panelAddressFor({ pathname: '/panel', search: '?x=1', hash: '' })).toBe('/panel/?x=1');
    expect(panelAddressFor({ pathname: '/panelists', search: '', hash: '' })).toBe('/panel/panelists');
  });

  it('leaves addresses inside the panel alone', () => {
    expect(panelAddressFor({ pathname: '/panel/', search: '', hash: '' })).toBeUndefined();
    expect(panelAddressFor({ pathname: '/panel/offers', search: '?q=1', hash: '#h' })).toBeUndefined();
  });
});

describe('bracket-style query', () => {
  it('parses arrays and nested objects', () => {
    expect(parseQuery('?ids[]=1&ids[]=2&filter[name]=abc&page=3')).toEqual({
      ids: ['1', '2'],
      filter: { name: 'abc' },
      page: '3',
    });
  });

  it('round-trips through stringify', () => {
    const query = { ids: ['1', '2'], filter: { name: 'a b' } };
    expect(parseQuery(stringifyQuery(query))).toEqual(query);
    expect(stringifyQuery(query)).toBe('?ids[]=1&ids[]=2&filter[name]=a%20b');
  });
});

describe('returnTo', () => {
  it.each([
    ['/offers', '/offers'],
    ['/offers?x[]=1#h', '/offers?x[]=1#h'],
    ['%2Foffers%2Fedit%2F3', '/offers/edit/3'],
  ])('accepts the panel path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    ['an external URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example'],
    ['an encoded protocol-relative URL', '%2F%2Fevil.example'],
    ['a double-encoded protocol-relative URL', '%252F%252Fevil.example'],
    ['a backslash', '/\\evil.example'],
    ['an encoded backslash', '%2F%5Cevil.example'],
    ['a tab that browsers drop', '/%09/evil.example'],
    ['a relative path', 'offers'],
    ['the root', '/'],
    ['the root with a query', '/?a=1'],
    ['an empty value', ''],
    ['a malformed escape', '/%E0%A4%A'],
    ['a non-string', ['/offers']],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnTo(value)).toBeUndefined();
  });

  it('builds the sign-in path, leaving returnTo out for the root', () => {
    expect(signInPath('/offers?a=1')).toBe('/login?returnTo=%2Foffers%3Fa%3D1');
    expect(signInPath('/')).toBe('/login');
    expect(signInPath(undefined)).toBe('/login');
  });
});
