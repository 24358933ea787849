import { describe, expect, it } from 'vitest';
import { filtersToSearch, isFiltered, NO_FILTERS, parseFilters, toListParams, type LibraryFilters } from './filters';

describe('library filters in the URL', () => {
  it('come back the same after a round trip through the query', () => {
    const filters: LibraryFilters = {
      q: 'ave verum',
      tags: ['t1', 't2'],
      voicing: 'v1',
      type: 'ty1',
      category: 'ca1',
      language: 'Latin',
      archived: 'all',
      sort: 'composer',
      order: 'desc',
      page: 3,
    };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe(
      'q=ave+verum&tag=t1&tag=t2&voicing=v1&type=ty1&category=ca1&language=Latin&archived=all&sort=composer&order=desc&page=3',
    );
    expect(parseFilters(new URLSearchParams(search.toString()))).toEqual(filters);
  });

  it('leave defaults out of the URL, and read an empty or unknown query as the defaults', () => {
    expect(filtersToSearch(NO_FILTERS).toString()).toBe('');
    expect(parseFilters(new URLSearchParams(''))).toEqual(NO_FILTERS);
    expect(parseFilters(new URLSearchParams('sort=colour&order=sideways&archived=maybe&page=-2'))).toEqual(NO_FILTERS);
  });

  it('ask the server for one page of 50 with only the filters set', () => {
    expect(toListParams({ ...NO_FILTERS, q: '  bach ', tags: ['t1'], page: 2 })).toEqual({
      q: 'bach',
      tagId: ['t1'],
      archived: 'active',
      sort: 'title',
      order: 'asc',
      page: 2,
      pageSize: 50,
    });
  });

  it('count sort and page as no filter', () => {
    expect(isFiltered({ ...NO_FILTERS, sort: 'number', order: 'desc', page: 4 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, archived: 'archived' })).toBe(true);
  });
});
