import { offerListSpec } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { parseQuery, stringifyQuery } from '../../routes/query.ts';
import {
  defaultListState,
  listParams,
  listStateFromQuery,
  queryFromListState,
  sortingFromTerms,
  termsFromSorting,
} from './listState.ts';

describe('list state', () => {
  it('round-trips through the route query in the bracket style', () => {
    const state = {
      q: 'summer',
      sort: [
        { field: 'payoutMicros', direction: 'desc' as const },
        { field: 'id', direction: 'asc' as const },
      ],
      statsSort: null,
      filters: { groupId: '3', affiliateNetworkId: 'none' },
      archived: 'all' as const,
      page: 2,
      pageSize: 100,
    };
    const search = stringifyQuery(queryFromListState(state, offerListSpec));
    expect(decodeURIComponent(search)).toBe(
      '?q=summer&sort=payoutMicros:desc,id:asc&filter[groupId]=3&filter[affiliateNetworkId]=none&archived=all&page=2&pageSize=100',
    );
    expect(listStateFromQuery(parseQuery(search), offerListSpec)).toEqual(state);
  });

  it('leaves the defaults out of the address', () => {
    expect(queryFromListState(defaultListState(offerListSpec), offerListSpec)).toEqual({});
  });

  it('falls back to the defaults for values the list cannot use', () => {
    const state = listStateFromQuery(
      parseQuery('?sort=password:asc&archived=maybe&page=-3&pageSize=99999&filter[notAFilter]=1'),
      offerListSpec,
    );
    expect(state).toEqual({ ...defaultListState(offerListSpec), pageSize: 500 });
  });

  it('keeps a sort by one of the numbers beside the rows as the one sort term', () => {
    const state = { ...defaultListState(offerListSpec), statsSort: { metric: 'profit', desc: true } };
    const query = queryFromListState(state, offerListSpec);
    expect(query).toEqual({ sort: 'profit:desc' });
    expect(
      listStateFromQuery(parseQuery(stringifyQuery(query)), offerListSpec, ['clicks', 'profit']),
    ).toEqual(state);
    // A list without numbers, or a name that is no metric, sorts as it would without it.
    expect(listStateFromQuery(parseQuery('?sort=profit:desc'), offerListSpec)).toEqual(
      defaultListState(offerListSpec),
    );
    expect(listStateFromQuery(parseQuery('?sort=secret:desc'), offerListSpec, ['profit'])).toEqual(
      defaultListState(offerListSpec),
    );
  });

  it('builds the API parameters, trimming the search', () => {
    const state = { ...defaultListState(offerListSpec), q: '  geo  ', filters: { groupId: '4' } };
    expect(listParams(state)).toEqual({
      page: 1,
      pageSize: 50,
      archived: 'false',
      q: 'geo',
      sort: 'name:asc',
      groupId: '4',
    });
  });

  it('maps table sorting to sort terms, dropping columns the server cannot sort by', () => {
    const terms = termsFromSorting(
      [
        { id: 'name', desc: true },
        { id: 'url', desc: false },
      ],
      offerListSpec.sortFields,
    );
    expect(terms).toEqual([{ field: 'name', direction: 'desc' }]);
    expect(sortingFromTerms(terms)).toEqual([{ id: 'name', desc: true }]);
  });
});
