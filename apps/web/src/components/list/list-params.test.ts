import { describe, expect, it } from 'vitest';
import { pageSizeOptions, parseListParams, type ListSpec } from './list-params.ts';
import { itemsPerPage } from './use-default-page-size.ts';

const SPEC: ListSpec<'colour' | 'from' | 'to'> = {
  sorts: ['name', '-name'],
  filters: { colour: (v) => ['red', 'blue'].includes(v), from: (v) => /^\d{4}$/.test(v), to: (v) => /^\d{4}$/.test(v) },
  pageSizes: [5, 10, 25],
};

const parse = (query: string, defaultSize = 10) => parseListParams(new URLSearchParams(query), SPEC, defaultSize);

describe('parseListParams', () => {
  it('reads page, size, search, sort and filters', () => {
    expect(parse('page=3&per_page=25&search=%20Maryam%20&sort=-name&colour=red&from=2020')).toEqual({
      page: 3,
      per_page: 25,
      search: 'Maryam',
      sort: '-name',
      colour: 'red',
      from: '2020',
    });
  });

  it('falls back to the defaults for values the server would refuse', () => {
    for (const query of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'per_page=10000', 'per_page=7', 'per_page=', 'sort=password', 'colour=green', 'from=yesterday']) {
      expect(parse(query), query).toEqual({ page: 1, per_page: 10 });
    }
  });

  it('opens at the Settings page size, which is offered even when the list has no such size', () => {
    expect(parse('', 15)).toEqual({ page: 1, per_page: 15 });
    expect(pageSizeOptions(SPEC, 15)).toEqual([5, 10, 15, 25]);
    expect(parse('per_page=15', 10).per_page).toBe(10);
  });
});

describe('itemsPerPage', () => {
  it("reads Settings → Items per page from the public settings, else the spec's 10", () => {
    expect(itemsPerPage({ items_per_page: '25' })).toBe(25);
    expect(itemsPerPage({ items_per_page: '7' })).toBe(10);
    expect(itemsPerPage({ organization_name: 'x' })).toBe(10);
    expect(itemsPerPage(undefined)).toBe(10);
  });
});
