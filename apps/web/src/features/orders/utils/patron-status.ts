import type { Order, OrderStatus, PaymentStatus } from '@puja/contract';

/**
 * Where an order stands for its patron, in one plain sentence (issue 29; docs/decisions/030): the order's
 * state and its money read together, as a patron asks it ("have I paid? will it happen? do I get my money
 * back?"), each with what happens next (`orders:patronStatus.<status>.title` and `.next`).
 */
export const PATRON_STATUSES = [
  'awaitingPayment',
  'paidAwaitingConfirmation',
  'confirmed',
  'completed',
  'declinedNothingPaid',
  'declinedRefundDue',
  'declinedRefunded',
  'cancelledNothingPaid',
  'cancelledRefundDue',
  'cancelledRefunded',
  'expiredNothingPaid',
  'expiredRefundDue',
  'expiredRefunded',
] as const;
export type PatronStatus = (typeof PATRON_STATUSES)[number];

/**
 * The money of an order that will not be performed. `Completed` there is money still held for an order
 * that has closed, which goes back as a refund (docs/decisions/010), so it reads as a refund due.
 */
const MONEY_OF_A_CLOSED_ORDER: Record<PaymentStatus, 'NothingPaid' | 'RefundDue' | 'Refunded'> = {
  Pending: 'NothingPaid',
  Failed: 'NothingPaid',
  Completed: 'RefundDue',
  'Refund due': 'RefundDue',
  Refunded: 'Refunded',
};

/** The plain status of every order state with every payment state the schema allows. */
export function patronStatus(order: { status: OrderStatus; payment_status: PaymentStatus }): PatronStatus {
  switch (order.status) {
    case 'pending':
      // Only money kept for the puja counts as paid: a payment being refunded leaves the order to pay.
      return order.payment_status === 'Completed' ? 'paidAwaitingConfirmation' : 'awaitingPayment';
    case 'approved':
      return 'confirmed';
    case 'completed':
      return 'completed';
    default:
      return `${order.status}${MONEY_OF_A_CLOSED_ORDER[order.payment_status]}`;
  }
}

/** The tint beside each status: what asks something of the patron stands out. */
export const PATRON_STATUS_COLOURS: Record<PatronStatus, string> = {
  awaitingPayment: 'yellow',
  paidAwaitingConfirmation: 'cyan',
  confirmed: 'blue',
  completed: 'green',
  declinedNothingPaid: 'red',
  declinedRefundDue: 'red',
  declinedRefunded: 'red',
  cancelledNothingPaid: 'gray',
  cancelledRefundDue: 'gray',
  cancelledRefunded: 'gray',
  expiredNothingPaid: 'orange',
  expiredRefundDue: 'orange',
  expiredRefunded: 'orange',
};

/** The moment an unpaid order expires, when it is one. */
export function payByOf(order: Pick<Order, 'status' | 'payment_status' | 'pay_by'>): string | null {
  return patronStatus(order) === 'awaitingPayment' ? (order.pay_by ?? null) : null;
}
