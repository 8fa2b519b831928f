/**
 * The payment-links module's SQL that other modules may call, inside their own transactions: its public data
 * access. Everything else in its *.queries.ts is its own (docs/decisions/061).
 */
export { listLiveLinksOfOrders, type PaymentLinkRow } from './payment-links.queries.ts';
