import type { Order } from '@puja/contract';

/** An order as `GET /api/order/create` sends it; override what a test is about. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    date: '2026-12-01T00:00:00+05:45',
    user_id: 3,
    user: { name: 'Demo Patron', email: 'patron@example.com', phone: '+9779800000003' },
    monastery_puja: {
      id: 101,
      monastery: { id: 1, name: 'Kopan Monastery', slug: 'kopan-monastery' },
      puja: { id: 11, name: 'Green Tara Puja' },
    },
    beneficiary: 'Tenzin Norbu',
    intention: 'For a safe journey.',
    payment_type: 'esewa',
    payment_status: 'Pending',
    transaction_code: null,
    amount: 1500,
    status: 'pending',
    created_at: '2026-11-20T08:15:00.000Z',
    ...overrides,
  };
}
