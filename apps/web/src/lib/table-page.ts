/**
 * Client-side search and paging of the back-office tables. The list endpoints answer with every row
 * (docs/api.md has no paging for them), so the browser filters and pages what it already holds.
 */

export const TABLE_PAGE_SIZE = 20;

/**
 * A text as searches compare it (docs/decisions/039): lower case, Latin accents removed (U+0300–U+036F, so
 * "Chöpa" is found by "chopa"); Devanagari's vowel signs are kept (without them a word is another word),
 * and Chinese is compared as written.
 */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLocaleLowerCase();
}

/** Case- and accent-insensitive, every word of the search somewhere in the row's text. */
export function matchesSearch(haystack: readonly (string | null | undefined)[], search: string): boolean {
  const words = searchable(search.trim()).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchable(haystack.filter(Boolean).join(' '));
  return words.every((word) => text.includes(word));
}

export interface TablePage<Row> {
  rows: Row[];
  /** Rows matching the search, over every page. */
  matching: number;
  pageCount: number;
  /** The page shown: the one asked for, or the last one when fewer pages remain. */
  page: number;
}

export function pageOfRows<Row>(
  rows: readonly Row[],
  options: { search: string; page: number; pageSize?: number; searchText: (row: Row) => (string | null)[] },
): TablePage<Row> {
  const pageSize = options.pageSize ?? TABLE_PAGE_SIZE;
  const matching = rows.filter((row) => matchesSearch(options.searchText(row), options.search));
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, options.page), pageCount);
  return {
    rows: matching.slice((page - 1) * pageSize, page * pageSize),
    matching: matching.length,
    pageCount,
    page,
  };
}
