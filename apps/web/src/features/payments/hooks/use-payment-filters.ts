import { useDebouncedValue } from '@mantine/hooks';
import {
  isCalendarDate,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@puja/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PaymentFilters } from '../api/get-admin-payments.ts';

/** How long typing pauses before the order-number search is sent. */
const SEARCH_DELAY_MS = 300;

export type PaymentFilterName = keyof PaymentFilters;

const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value | undefined =>
  values.find((candidate) => candidate === value);

const dayOf = (value: string | null): string | undefined =>
  value && isCalendarDate(value) ? value : undefined;

/**
 * The Payments screen's filters and page, kept in the page's address (`?status=Refund+due&page=2`), so a
 * reload or a shared link shows the same payments. Changing a filter goes back to the first page. The
 * order-number search follows the typing once it pauses.
 */
export function usePaymentFilters() {
  const [params, setParams] = useSearchParams();
  const filters: PaymentFilters = {
    status: oneOf<PaymentStatus>(PAYMENT_STATUSES, params.get('status')),
    provider: oneOf<PaymentMethod>(PAYMENT_METHODS, params.get('provider')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    q: params.get('q')?.trim() || undefined,
  };
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

  const setFilter = useCallback(
    (name: PaymentFilterName, value: string | null | undefined) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (nextPage: number) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (nextPage > 1) next.set('page', String(nextPage));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const [search, setSearch] = useState(filters.q ?? '');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // Only a change of what was typed is sent: the address changing for another reason must not bring back
  // a search typed before.
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    setFilter('q', typed);
  }, [typed, setFilter]);

  const clear = useCallback(() => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams]);

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return { filters, page, setFilter, setPage, search, setSearch, clear, filtered };
}
