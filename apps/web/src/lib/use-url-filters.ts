import { useDebouncedValue } from '@mantine/hooks';
import { isCalendarDate } from '@puja/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

/*
 * Reading a filter from the address: anything the screen does not offer (an old or hand-made link) is
 * read as no filter, never sent to the server.
 */

/** One of the choices offered, or none. */
export const oneOf = <Value extends string>(
  values: readonly Value[],
  value: string | null,
): Value | undefined => values.find((candidate) => candidate === value);

/** A record's id (a positive whole number), or none. */
export const idOf = (value: string | null): number | undefined => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** A calendar day (2026-11-01), or none. */
export const dayOf = (value: string | null): string | undefined =>
  value && isCalendarDate(value) ? value : undefined;

interface UrlFiltersOptions {
  /**
   * `push`: each filter, page and Clear is a step in the history, so Back returns to what was seen before;
   * `replace`: the address follows the choices without adding steps. The search, typed a letter at a
   * time, always replaces its own step.
   */
  history: 'push' | 'replace';
}

/**
 * A server-filtered list's search (`q`), filters and page, kept in the page's address
 * (`?status=completed&page=2`): a reload or a shared link shows the same rows. `readFilters` reads the
 * screen's filters from the address. Changing a filter or the search goes back to the first page; the
 * search is sent once the typing pauses, and the search box follows the address when it changes under it
 * (Back, forward, a link).
 */
export function useUrlFilters<Filters extends { q?: string | undefined }>(
  readFilters: (params: URLSearchParams) => Filters,
  { history }: UrlFiltersOptions,
) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const pushes = history === 'push';

  const change = useCallback(
    (name: string, value: string | null | undefined, replace: boolean) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          if (name !== 'page') next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setFilter = useCallback(
    (name: keyof Filters & string, value: string | null | undefined) => change(name, value, !pushes),
    [change, pushes],
  );
  const setPage = useCallback(
    (nextPage: number) => change('page', nextPage > 1 ? String(nextPage) : null, !pushes),
    [change, pushes],
  );

  const [search, setSearch] = useState(filters.q ?? '');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // Only a change of what was typed is sent: the address changing for another reason (Back, a filter)
  // must not bring back a search typed before.
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    change('q', typed, true);
  }, [typed, change]);

  // Back and forward change the address under the search box: the box follows it.
  const addressSearch = filters.q ?? '';
  useEffect(() => {
    if (addressSearch === lastTyped.current) return;
    lastTyped.current = addressSearch;
    setSearch(addressSearch);
  }, [addressSearch]);

  // The box empties at once; the search typed before is forgotten when the address has emptied (above),
  // not here: `change` is new with every address, and the typing effect would send that search again.
  const clear = useCallback(() => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: !pushes });
  }, [setParams, pushes]);

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return { filters, page, setFilter, setPage, search, setSearch, clear, filtered };
}
