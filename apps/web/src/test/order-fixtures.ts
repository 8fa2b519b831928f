import type { Order, Payment } from '@puja/contract';

/** An order as `GET /api/order/create` sends it; override what a test is about. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    number: 'PJ-7K3M9Q',
    version: 1,
    date: '2026-12-01T00:00:00+05:45',
    user_id: 3,
    user: { name: 'Demo Patron', email: 'patron@example.com', phone: '+9779800000003' },
    monastery_puja: {
      id: 101,
      monastery: { id: 1, name: 'Kopan Monastery', slug: 'kopan-monastery' },
      puja: { id: 11, name: 'Green Tara Puja' },
    },
    names: [{ id: 501, name: 'Tenzin Norbu', departed: false, note: null, read_at: null }],
    intention: 'For a safe journey.',
    payment_type: 'esewa',
    payment_status: 'Pending',
    transaction_code: null,
    amount: 1500,
    status: 'pending',
    created_at: '2026-11-20T08:15:00.000Z',
    // 24 hours after it was placed: the server's payment window.
    pay_by: '2026-11-21T08:15:00.000Z',
    payments: [],
    last_message_from: null,
    ...overrides,
  };
}

/**
 * A payment received for an order (kept for its puja unless overridden), as orders carry them. A test that
 * gives only the current refund's fields (`refund_reason`, `refund_due_at`, …) gets that one refund in
 * `refunds` too, of all of the payment unless `refund_amount` says otherwise, as the server sends it.
 */
export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  const amount = overrides.amount ?? 1500;
  const refunds: Payment['refunds'] =
    overrides.refunds ??
    (overrides.refund_reason
      ? [
          {
            id: 9001,
            amount: overrides.refund_amount ?? amount,
            reason: overrides.refund_reason,
            state: overrides.refunded_at ? 'refunded' : overrides.refund_requested_at ? 'requested' : 'due',
            due_at: overrides.refund_due_at ?? '2026-11-20T08:16:00.000Z',
            requested_at: overrides.refunded_at ? null : (overrides.refund_requested_at ?? null),
            refunded_at: overrides.refunded_at ?? null,
            reference: overrides.refund_reference ?? null,
            error: overrides.refund_error ?? null,
          },
        ]
      : []);
  return {
    id: 501,
    provider: 'esewa',
    amount: 1500,
    status: 'Completed',
    reference: 'd3b07384-d9a0-4c9b-8f1e-1a2b3c4d5e6f',
    transaction_code: '000AB12',
    created_at: '2026-11-20T08:15:00.000Z',
    paid_at: '2026-11-20T08:16:00.000Z',
    refund_reason: null,
    refund_due_at: null,
    refund_requested_at: null,
    refunded_at: null,
    refund_reference: null,
    refund_error: null,
    refundable: amount - refunds.reduce((sum, refund) => sum + refund.amount, 0),
    ...overrides,
    refunds,
  };
}

/** `GET /api/order/create`'s answer: one page holding these orders. */
export function ownOrdersPage(orders: Order[]) {
  return { orders, page: 1, pageSize: 20, total: orders.length };
}
