import { describe, expect, it } from 'vitest';
import { browserPage } from './result-list-spec.ts';

const rows = Array.from({ length: 12 }, (_, i) => i + 1);

describe('browserPage (results are paged in the browser, spec section 7)', () => {
  it('cuts a page and gives the paginator its numbers', () => {
    expect(browserPage(rows, 2, 5)).toEqual({ rows: [6, 7, 8, 9, 10], meta: { current_page: 2, last_page: 3, per_page: 5, total: 12, from: 6, to: 10 } });
  });
  it('shows the last page for a page past the end', () => {
    expect(browserPage(rows, 9, 5).rows).toEqual([11, 12]);
  });
  it('has one empty page for no rows', () => {
    expect(browserPage([], 1, 5).meta).toEqual({ current_page: 1, last_page: 1, per_page: 5, total: 0, from: null, to: null });
  });
});
