import { useDebouncedValue } from '@mantine/hooks';
import { BACK_OFFICE_ORDER_FILTERS, type BackOfficeOrderFilter, isCalendarDate } from '@puja/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BackOfficeOrderFilters } from '../api/get-back-office-orders.ts';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

export type OrderFilterName = Exclude<keyof BackOfficeOrderFilters, 'q'>;

const statusOf = (value: string | null): BackOfficeOrderFilter | undefined =>
  BACK_OFFICE_ORDER_FILTERS.find((status) => status === value);

const idOf = (value: string | null): number | undefined => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

const dayOf = (value: string | null): string | undefined =>
  value && isCalendarDate(value) ? value : undefined;

/**
 * The orders screen's search, filters and page, kept in the page's address (`?status=completed&page=2`):
 * a reload or a shared link shows the same orders, and Back returns to the filters and page seen before
 * (each choice is a step in the history; the search, typed a letter at a time, replaces its own step).
 * Changing a filter goes back to the first page.
 */
export function useBackOfficeOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters: BackOfficeOrderFilters = {
    q: params.get('q')?.trim() || undefined,
    status: statusOf(params.get('status')),
    puja: idOf(params.get('puja')),
    monastery: idOf(params.get('monastery')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
  };
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

  const change = useCallback(
    (name: keyof BackOfficeOrderFilters | 'page', value: string | null | undefined, replace = false) => {
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
    (name: OrderFilterName, value: string | null | undefined) => change(name, value),
    [change],
  );
  const setPage = useCallback(
    (nextPage: number) => change('page', nextPage > 1 ? String(nextPage) : null),
    [change],
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

  const clear = useCallback(() => {
    setSearch('');
    lastTyped.current = '';
    setParams(new URLSearchParams());
  }, [setParams]);

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return { filters, page, setFilter, setPage, search, setSearch, clear, filtered };
}
