import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@puja/contract';
import { dayOf, oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import type { PaymentFilters } from '../api/get-admin-payments.ts';

export type PaymentFilterName = keyof PaymentFilters;

const readPaymentFilters = (params: URLSearchParams): PaymentFilters => ({
  status: oneOf(PAYMENT_STATUSES, params.get('status')),
  provider: oneOf(PAYMENT_PROVIDERS, params.get('provider')),
  from: dayOf(params.get('from')),
  to: dayOf(params.get('to')),
  q: params.get('q')?.trim() || undefined,
});

/**
 * The Payments screen's filters, order-number search and page, in the page's address
 * (`?status=Refund+due&page=2`). Choices replace the address rather than add steps to the history.
 */
export function usePaymentFilters() {
  return useUrlFilters(readPaymentFilters, { history: 'replace' });
}
