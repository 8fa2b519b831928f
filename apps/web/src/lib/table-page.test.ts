import { describe, expect, it } from 'vitest';
import { matchesSearch, pageOfRows } from './table-page.ts';

const rows = Array.from({ length: 45 }, (_, index) => ({ name: `Row ${index + 1}` }));
const searchText = (row: { name: string }) => [row.name];

describe('matchesSearch', () => {
  it('finds every word, in any order and case, across the fields', () => {
    expect(matchesSearch(['Kopan Monastery', 'kopan@example.com'], 'MONASTERY kopan')).toBe(true);
    expect(matchesSearch(['Kopan Monastery', null], 'kopan tengboche')).toBe(false);
    expect(matchesSearch(['anything'], '   ')).toBe(true);
  });
});

describe('pageOfRows', () => {
  it('cuts the matching rows into pages', () => {
    const third = pageOfRows(rows, { search: '', page: 3, pageSize: 20, searchText });
    expect(third).toMatchObject({ matching: 45, pageCount: 3, page: 3 });
    expect(third.rows.map((row) => row.name)).toEqual(['Row 41', 'Row 42', 'Row 43', 'Row 44', 'Row 45']);
  });

  it('shows the last page when fewer pages remain than the one asked for', () => {
    const page = pageOfRows(rows, { search: 'row 4', page: 3, pageSize: 20, searchText });
    expect(page).toMatchObject({ matching: 10, pageCount: 1, page: 1 });
  });

  it('has one empty page when nothing matches', () => {
    expect(pageOfRows(rows, { search: 'nothing', page: 1, searchText })).toEqual({
      rows: [],
      matching: 0,
      pageCount: 1,
      page: 1,
    });
  });
});
