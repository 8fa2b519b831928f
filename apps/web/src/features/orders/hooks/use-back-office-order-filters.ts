import { BACK_OFFICE_ORDER_FILTERS } from '@puja/contract';
import { dayOf, idOf, oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import type { BackOfficeOrderFilters } from '../api/get-back-office-orders.ts';

export type OrderFilterName = Exclude<keyof BackOfficeOrderFilters, 'q'>;

const readOrderFilters = (params: URLSearchParams): BackOfficeOrderFilters => ({
  q: params.get('q')?.trim() || undefined,
  status: oneOf(BACK_OFFICE_ORDER_FILTERS, params.get('status')),
  puja: idOf(params.get('puja')),
  monastery: idOf(params.get('monastery')),
  from: dayOf(params.get('from')),
  to: dayOf(params.get('to')),
});

/**
 * The orders screen's search (order number, patron's name or phone), filters and page, in the page's
 * address. Each choice is a step in the history, so Back returns to the filters and page seen before.
 */
export function useBackOfficeOrderFilters() {
  return useUrlFilters(readOrderFilters, { history: 'push' });
}
