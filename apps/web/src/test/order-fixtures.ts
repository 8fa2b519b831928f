import type { Order, Payment } from '@puja/contract';

/** An order as `GET /api/order/create` sends it; override what a test is about. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    number: 'PJ-7K3M9Q',
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

/** A payment received for an order (kept for its puja unless overridden), as orders carry them. */
export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
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
    ...overrides,
  };
}

/** `GET /api/order/create`'s answer: one page holding these orders. */
export function ownOrdersPage(orders: Order[]) {
  return { orders, page: 1, pageSize: 20, total: orders.length };
}
