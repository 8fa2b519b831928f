import { useState } from 'react';
import { pageOfRows } from './table-page.ts';

/** A table's search box and page, over rows the browser already holds. */
export function useTablePage<Row>(rows: readonly Row[], searchText: (row: Row) => (string | null)[]) {
  const [search, setSearchValue] = useState('');
  const [requestedPage, setPage] = useState(1);
  const page = pageOfRows(rows, { search, page: requestedPage, searchText });

  function setSearch(value: string) {
    setSearchValue(value);
    // A new search starts from its first page.
    setPage(1);
  }

  return { ...page, search, setSearch, setPage };
}
