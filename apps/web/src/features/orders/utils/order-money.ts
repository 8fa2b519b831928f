import type { Order, PaymentProvider } from '@puja/contract';

/**
 * An order may be paid while it is pending and nothing has been received for it (its payment status is
 * `Pending`, or `Failed` after a try that did not go through). Anything else (paid, refunded, declined,
 * cancelled, expired) the server would refuse.
 */
export function canProceedToPayment(order: Order): boolean {
  return (
    order.status === 'pending' && (order.payment_status === 'Pending' || order.payment_status === 'Failed')
  );
}

/** A patron may cancel an order until the monastery approves it (or it closes otherwise). */
export function canCancel(order: Order): boolean {
  return order.status === 'pending';
}

export interface MoneyToRefund {
  amount: number;
  /** Each provider once, in the order the money was received. */
  providers: PaymentProvider[];
}

/**
 * What cancelling would give back: the money received and kept for the puja (a duplicate payment is due
 * back already, cancelling or not), or null when nothing has been paid.
 */
export function moneyToRefundOnCancel(order: Order): MoneyToRefund | null {
  const kept = order.payments.filter((payment) => payment.status === 'Completed');
  if (kept.length > 0) {
    return {
      amount: kept.reduce((sum, payment) => sum + payment.amount, 0),
      providers: [...new Set(kept.map((payment) => payment.provider))],
    };
  }
  // Paid, yet no payment listed: the order's own record says how much and with what.
  if (order.payment_status === 'Completed') return { amount: order.amount, providers: [order.payment_type] };
  return null;
}
