/**
 * The payments module's SQL that other modules may call, inside their own transactions: its public data
 * access. Everything else in its *.queries.ts is its own (docs/decisions/061).
 */
export {
  findKeptPayment,
  listReceivedPayments,
  listRefundsOfPayment,
  lockOrder,
  type PaymentAttemptRow,
  type RefundRow,
  refreshOrderPaymentStatus,
  sumRefundsDue,
  withRefunds,
} from './payments.queries.ts';
