import { notifications } from '@mantine/notifications';
import type { Order, SessionUser } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { captureDownloads, textOf } from '../../../test/downloads.ts';
import { orderFixture, ownOrdersPage, paymentFixture } from '../../../test/order-fixtures.ts';
import { pretendToBeAPhone, pretendToBeIn, renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { goToPaymentPage, postPaymentForm } from '../utils/leave-for-payment.ts';
import { OrdersPage } from './orders-page.tsx';

vi.mock('../utils/leave-for-payment.ts', () => ({ postPaymentForm: vi.fn(), goToPaymentPage: vi.fn() }));

const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
};

const greenTara = orderFixture({ id: 41 });
const medicineBuddha = orderFixture({
  id: 42,
  number: 'PJ-4TX8WN',
  date: '2027-01-15T00:00:00+05:45',
  monastery_puja: {
    id: 202,
    monastery: { id: 2, name: 'Shechen Monastery', slug: 'shechen-monastery' },
    puja: { id: 12, name: 'Medicine Buddha Puja' },
  },
  payment_type: 'khalti',
  payment_status: 'Completed',
  transaction_code: 'khl-7x2a',
  amount: 2500,
  names: [],
  intention: null,
  status: 'approved',
  payments: [
    paymentFixture({
      id: 502,
      provider: 'khalti',
      amount: 2500,
      transaction_code: 'khl-7x2a',
      reference: 'pidx-1',
    }),
  ],
});

function conversation(order: Order, extra: { messages?: unknown[]; images?: unknown[] } = {}) {
  return { body: { messages: [], images: [], order, ...extra } };
}

function stubOrders(orders: Order[], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/order/create': { body: ownOrdersPage(orders) },
    ...Object.fromEntries(orders.map((order) => [`/api/get-messages/${order.id}`, conversation(order)])),
    ...extra,
  });
}

function renderOrders(path = '/orders') {
  return renderRoutes([{ path: '/orders', element: <OrdersPage /> }], path);
}

function column(name: string) {
  return screen.getByRole('region', { name });
}

/** The value beside a label in the Puja Details list. */
function detail(label: string) {
  const term = within(column('Puja Details')).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

/** The lines of an entry in the list: monastery, puja and number, day and amount, then its states. */
function linesOf(entry: HTMLElement) {
  return [...entry.querySelectorAll('span')]
    .filter((span) => span.children.length === 0 && span.textContent)
    .map((span) => span.textContent);
}

function toasts(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([toast]) => {
    const { title, message, color } = toast as { title?: string; message: string; color: string };
    return `${color}: ${title ? `${title}: ` : ''}${message}`;
  });
}

beforeEach(() => {
  signIn({ token: 'patron-token', user: patron });
  // London in November is UTC: Nepal's 2:00 PM is 8:15 AM there.
  pretendToBeIn('Europe/London');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(postPaymentForm).mockReset();
  vi.mocked(goToPaymentPage).mockReset();
});

describe('OrdersPage', () => {
  it('lists the orders and selects the first one', async () => {
    const fetchMock = stubOrders([greenTara, medicineBuddha]);
    renderOrders();

    const list = await screen.findByRole('list', { name: 'Your orders' });
    const entries = within(list).getAllByRole('button');
    expect(entries.map(linesOf)).toEqual([
      [
        'Kopan Monastery',
        'Green Tara Puja · PJ-7K3M9Q',
        'December 1st, 2026 (Nepal date) · Rs. 1,500',
        'Waiting for payment',
        'Pay by November 21st, 2026 2:00 PM Nepal time (8:15 AM your time)',
      ],
      [
        'Shechen Monastery',
        'Medicine Buddha Puja · PJ-4TX8WN',
        'January 15th, 2027 (Nepal date) · Rs. 2,500',
        'Confirmed – the monastery will perform the puja',
      ],
    ]);
    expect(entries[0]).toHaveAttribute('aria-current', 'true');
    expect(entries[1]).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(detail('Puja')).toBe('Green Tara Puja'));
    expect(fetchMock).toHaveBeenCalledWith('/api/get-messages/41', expect.anything());
  });

  it('selects the order named by ?oid, and another on click', async () => {
    const user = userEvent.setup();
    stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders('/orders?oid=42');

    const list = await screen.findByRole('list', { name: 'Your orders' });
    expect(within(list).getByRole('button', { name: /Shechen Monastery/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(detail('Puja')).toBe('Medicine Buddha Puja');

    await user.click(within(list).getByRole('button', { name: /Kopan Monastery/ }));
    expect(detail('Puja')).toBe('Green Tara Puja');
    expect(router.state.location.search).toBe('?oid=41');
  });

  it('shows where the order stands in words, -- for no transaction code, and the date as a day', async () => {
    stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders();
    await screen.findByRole('list', { name: 'Your orders' });

    expect(detail('Order number')).toBe('PJ-7K3M9Q');
    expect(detail('Payment type')).toBe('eSewa');
    expect(detail('Payment status')).toBe('Pending');
    expect(detail('Transaction code')).toBe('--');
    expect(detail('Date')).toBe('December 1st, 2026 (Nepal date)');
    expect(detail('Names to pray for')).toBe('Tenzin Norbu');
    expect(detail('Your intention')).toBe('For a safe journey.');
    expect(detail('Order status')).toBe(
      'Waiting for payment' +
        'This order expires at November 21st, 2026 2:00 PM Nepal time (8:15 AM your time) if it is not paid. ' +
        'Pay with eSewa or Khalti to send it to the monastery.',
    );
    expect(detail('Amount')).toBe('Rs. 1,500');

    await router.navigate('/orders?oid=42');
    await waitFor(() => expect(detail('Payment type')).toBe('Khalti'));
    expect(detail('Payment status')).toBe('Received');
    expect(detail('Order status')).toMatch(/^Confirmed – the monastery will perform the puja/);
    expect(detail('Transaction code')).toBe('KHL-7X2A');
    expect(detail('Date')).toBe('January 15th, 2027 (Nepal date)');
    expect(detail('Names to pray for')).toBe('No names given');
    expect(detail('Your intention')).toBe('--');
  });

  it('tells apart two orders of one puja at one monastery by their number, day, amount and states', async () => {
    const later = orderFixture({
      id: 47,
      number: 'PJ-9HX2RA',
      date: '2027-02-10T00:00:00+05:45',
      amount: 1800,
      payment_status: 'Refund due',
      status: 'cancelled',
    });
    stubOrders([greenTara, later]);
    renderOrders();

    const list = await screen.findByRole('list', { name: 'Your orders' });
    const [first, second] = within(list).getAllByRole('button').map(linesOf);
    expect(second).toEqual([
      'Kopan Monastery',
      'Green Tara Puja · PJ-9HX2RA',
      'February 10th, 2027 (Nepal date) · Rs. 1,800',
      'Cancelled – your payment will be refunded',
    ]);
    expect(first).not.toEqual(second);
  });

  it('invites a patron with no orders to order a first puja, instead of three empty boxes', async () => {
    stubOrders([]);
    renderOrders();

    expect(
      await screen.findByRole('heading', { name: 'You have not ordered a puja yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a monastery' })).toHaveAttribute('href', '/monasteries');
    expect(screen.getByRole('link', { name: 'See all pujas' })).toHaveAttribute('href', '/pujas');
    expect(screen.queryByRole('region', { name: 'Messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Puja Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your orders' })).not.toBeInTheDocument();
  });

  it('says a page past the last has no orders, with the way back to the others', async () => {
    stubOrders([], {
      '/api/order/create': { body: { orders: [], page: 3, pageSize: 20, total: 25 } },
    });
    renderOrders('/orders?page=3');

    expect(await screen.findByText('No Orders Till Now')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(within(column('Puja Details')).getByText('Select Order First')).toBeInTheDocument();
  });

  it('says when an order has no messages or images yet', async () => {
    stubOrders([greenTara]);
    renderOrders();

    expect(await within(column('Messages')).findByText('No Messages till now.')).toBeInTheDocument();
    expect(await within(column('Puja Details')).findByText('No Images till now.')).toBeInTheDocument();
  });

  it('lets the patron write to the monastery and shows the thread with who wrote each message', async () => {
    const user = userEvent.setup();
    const monasteryMessage = {
      message: 'We will pray at dawn.',
      created_at: '2026-11-20T08:15:00.000Z',
      from: 'monastery',
    };
    const fetchMock = stubOrders([greenTara], {
      '/api/get-messages/41': conversation(greenTara, { messages: [monasteryMessage] }),
      '/api/order/41/messages': [
        {
          status: 422,
          body: { message: 'Message is required.', errors: { message: ['Message is required.'] } },
        },
        conversation(greenTara, {
          messages: [
            monasteryMessage,
            { message: 'Please include Dolma.', created_at: '2026-11-21T09:00:00.000Z', from: 'patron' },
          ],
        }),
      ],
    });
    renderOrders();

    const messages = column('Messages');
    expect(await within(messages).findByText('We will pray at dawn.')).toBeInTheDocument();
    expect(within(messages).getByText('Kopan Monastery')).toBeInTheDocument();
    const box = within(messages).getByRole('textbox', { name: 'Write to Kopan Monastery' });
    // Checked with the contract's own rule before anything is sent.
    await user.click(within(messages).getByRole('button', { name: 'Send message' }));
    expect(await within(messages).findByText('Message is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/messages'))).toHaveLength(0);

    await user.type(box, 'Please include Dolma.');
    await user.click(within(messages).getByRole('button', { name: 'Send message' }));
    // The server's refusal shows on the field too.
    expect(await within(messages).findByText('Message is required.')).toBeInTheDocument();
    await user.click(within(messages).getByRole('button', { name: 'Send message' }));
    expect(await within(messages).findByText('Please include Dolma.')).toBeInTheDocument();
    expect(within(messages).getByText('You')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const sent = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/order/41/messages');
    expect(sent).toHaveLength(2);
    expect((sent[1]![1]!.body as FormData).get('message')).toBe('Please include Dolma.');
  });

  it('shows the messages with their times, and the photos opening in a new tab', async () => {
    stubOrders([greenTara], {
      '/api/get-messages/41': conversation(greenTara, {
        messages: [
          { message: 'Your puja is on the 1st.', created_at: '2026-11-20T08:15:00.000Z', from: 'monastery' },
        ],
        images: [
          { id: 7, url: '/api/order-images/7?expires=1&signature=abc' },
          { id: 8, url: '/api/order-images/8?expires=1&signature=def' },
        ],
      }),
    });
    renderOrders();

    const messages = column('Messages');
    expect(await within(messages).findByText('Your puja is on the 1st.')).toBeInTheDocument();
    const time = messages.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-11-20T08:15:00.000Z');
    expect(time?.textContent).toBe('November 20th, 2026 2:00 PM Nepal time (8:15 AM your time)');

    const photo = await within(column('Puja Details')).findByRole('link', { name: /Photo 1 of the puja/ });
    expect(photo).toHaveAttribute('href', '/api/order-images/7?expires=1&signature=abc');
    expect(photo).toHaveAttribute('target', '_blank');
    expect(photo).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(photo).getByRole('img')).toHaveAttribute(
      'src',
      '/api/order-images/7?expires=1&signature=abc',
    );
  });

  it("offers 'Proceed to payment' only while pending and unpaid", async () => {
    const declined = orderFixture({ id: 43, status: 'declined', payment_status: 'Failed' });
    const failed = orderFixture({ id: 44, payment_status: 'Failed' });
    const expired = orderFixture({ id: 45, status: 'expired', payment_status: 'Pending' });
    const refundDue = orderFixture({ id: 46, status: 'cancelled', payment_status: 'Refund due' });
    stubOrders([greenTara, medicineBuddha, declined, failed, expired, refundDue]);
    const { router } = renderOrders();
    await screen.findByRole('list', { name: 'Your orders' });
    const proceed = () =>
      within(column('Puja Details')).queryByRole('button', { name: 'Proceed to payment' });

    expect(proceed()).toBeInTheDocument();
    await router.navigate('/orders?oid=42');
    await waitFor(() => expect(detail('Payment status')).toBe('Received'));
    expect(proceed()).not.toBeInTheDocument();
    await router.navigate('/orders?oid=43');
    await waitFor(() => expect(detail('Order status')).toMatch(/^Declined – nothing was paid/));
    expect(proceed()).not.toBeInTheDocument();
    await router.navigate('/orders?oid=44');
    await waitFor(() => expect(detail('Order status')).toMatch(/^Waiting for payment/));
    expect(detail('Payment status')).toBe('Failed');
    expect(proceed()).toBeInTheDocument();
    await router.navigate('/orders?oid=45');
    await waitFor(() => expect(detail('Order status')).toMatch(/^Expired – nothing was paid/));
    expect(proceed()).not.toBeInTheDocument();
    await router.navigate('/orders?oid=46');
    await waitFor(() => expect(detail('Order status')).toMatch(/^Cancelled – your payment will be refunded/));
    expect(detail('Payment status')).toBe('Refund due');
    expect(proceed()).not.toBeInTheDocument();
  });

  it('pays an order from the Proceed to Payment modal', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOrders([greenTara], {
      '/api/khalti-process': {
        body: {
          response: {
            pidx: 'p1',
            payment_url: 'http://127.0.0.1/simulator/khalti/pay?pidx=p1',
            expires_at: '2026-12-01T00:00:00Z',
          },
        },
      },
    });
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proceed to Payment' });
    expect(within(dialog).getByText('Cost: Rs. 1,500')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay with eSewa' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay with Khalti' }));

    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('http://127.0.0.1/simulator/khalti/pay?pidx=p1'),
    );
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/khalti-process')!;
    expect((init!.body as FormData).get('order')).toBe('41');
  });

  it('tells why a payment cannot start, and refreshes the orders', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOrders([greenTara], {
      '/api/esewa-process': { status: 409, body: { message: 'This order is already paid.' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    await user.click(await screen.findByRole('button', { name: 'Pay with eSewa' }));

    await waitFor(() =>
      expect(toasts(toast)).toContain('red: The payment could not be started: This order is already paid.'),
    );
    expect(postPaymentForm).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/order/create')),
      ).toHaveLength(2),
    );
  });

  for (const [status, message] of [
    ['success', 'green: Payment Success'],
    ['error', 'red: Payment Failure'],
    [
      'refund',
      'yellow: We received your payment, but this order could no longer take it: it will be refunded to you.',
    ],
    [
      'checking',
      'blue: We are still confirming your payment with the provider: this page will show it within a few minutes.',
    ],
  ] as const) {
    it(`says how the payment went (status=${status}) once, then drops it from the address`, async () => {
      stubOrders([greenTara, medicineBuddha]);
      const toast = vi.spyOn(notifications, 'show');
      const { router } = renderOrders(`/orders?status=${status}&oid=42`);

      await waitFor(() => expect(router.state.location.search).toBe('?oid=42'));
      expect(toasts(toast)).toEqual([message]);
      const list = await screen.findByRole('list', { name: 'Your orders' });
      expect(within(list).getByRole('button', { name: /Shechen Monastery/ })).toHaveAttribute(
        'aria-current',
        'true',
      );
      expect(toasts(toast)).toEqual([message]);
    });
  }
});

describe('cancelling an order', () => {
  const cancelButton = () => within(column('Puja Details')).queryByRole('button', { name: 'Cancel order' });

  it('offers Cancel order only while the order is pending', async () => {
    const declined = orderFixture({ id: 43, status: 'declined' });
    const cancelled = orderFixture({ id: 44, status: 'cancelled' });
    stubOrders([greenTara, medicineBuddha, declined, cancelled]);
    const { router } = renderOrders();
    await screen.findByRole('list', { name: 'Your orders' });

    expect(cancelButton()).toBeInTheDocument();
    for (const [id, status] of [
      [42, 'Confirmed'],
      [43, 'Declined'],
      [44, 'Cancelled'],
    ] as const) {
      await router.navigate(`/orders?oid=${id}`);
      await waitFor(() => expect(detail('Order status')).toMatch(new RegExp(`^${status} – `)));
      expect(cancelButton()).not.toBeInTheDocument();
    }
  });

  it('says nothing is to be refunded for an unpaid order, and cancels it on confirmation', async () => {
    const user = userEvent.setup();
    const nowCancelled = { ...greenTara, status: 'cancelled' as const };
    const fetchMock = stubOrders([greenTara], {
      '/api/order/create': [{ body: ownOrdersPage([greenTara]) }, { body: ownOrdersPage([nowCancelled]) }],
      '/api/order/41/cancel': { body: { order: nowCancelled } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(
      within(dialog).getByText(
        'Cancel order PJ-7K3M9Q, Green Tara Puja at Kopan Monastery on December 1st, 2026? The monastery will not perform it, and it cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Nothing has been paid, so there is nothing to refund.'),
    ).toBeInTheDocument();
    // Keeping the order is the safe choice, and changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel order' })).not.toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/order/41/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel order' });
    await user.click(within(again).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Order PJ-7K3M9Q cancelled']));
    const calls = fetchMock.mock.calls.filter(([input]) => input === '/api/order/41/cancel');
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]).toMatchObject({ method: 'POST', body: undefined });
    expect(new Headers(calls[0]![1]?.headers).get('Authorization')).toBe('Bearer patron-token');
    await waitFor(() => expect(detail('Order status')).toMatch(/^Cancelled – nothing was paid/));
    expect(cancelButton()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says how much goes back, and to which wallet, for a paid order', async () => {
    const user = userEvent.setup();
    const paid = orderFixture({
      payment_type: 'khalti',
      payment_status: 'Completed',
      transaction_code: 'khl-9q',
      amount: 2500,
      payments: [paymentFixture({ provider: 'khalti', amount: 2500, transaction_code: 'khl-9q' })],
    });
    const nowCancelled = {
      ...paid,
      status: 'cancelled' as const,
      payment_status: 'Refund due' as const,
      payments: [
        paymentFixture({
          provider: 'khalti',
          amount: 2500,
          transaction_code: 'khl-9q',
          status: 'Refund due',
          refund_reason: 'cancelled',
          refund_due_at: '2026-11-21T04:15:00.000Z',
        }),
      ],
    };
    stubOrders([paid], {
      '/api/order/create': [{ body: ownOrdersPage([paid]) }, { body: ownOrdersPage([nowCancelled]) }],
      '/api/order/41/cancel': { body: { order: nowCancelled } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(
      within(dialog).getByText('The Rs. 2,500 you paid with Khalti will be refunded to you.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/nothing to refund/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual(['green: Order PJ-7K3M9Q cancelled: Rs. 2,500 will be refunded to you.']),
    );
    await waitFor(() => expect(detail('Payment status')).toBe('Refund due'));
    const payments = within(column('Puja Details')).getByRole('list', {
      name: 'Payments received for this order',
    });
    expect(
      within(payments).getByText(
        'Refund due since November 21st, 2026 10:00 AM Nepal time (4:15 AM your time)',
      ),
    ).toBeInTheDocument();
    expect(within(payments).getByText('You cancelled the order.')).toBeInTheDocument();
  });

  it('shows what a card was charged and what went back to it, in the payer’s currency as recorded', async () => {
    const card = {
      currency: 'USD' as const,
      amount: 18.8,
      rupees: 2500,
      rupees_per_unit: 133,
      fee: { currency: 'USD', amount: 0.85, rupees: 113.05 },
    };
    const refunded = paymentFixture({
      provider: 'stripe',
      amount: 2500,
      card,
      status: 'Refunded',
      refund_reason: 'declined',
      refund_due_at: '2026-11-21T04:15:00.000Z',
      refunded_at: '2026-11-22T04:15:00.000Z',
    });
    refunded.refunds = refunded.refunds.map((refund) => ({ ...refund, card_amount: 18.8 }));
    const declined = orderFixture({
      status: 'declined',
      payment_status: 'Refunded',
      amount: 2500,
      payments: [refunded],
    });
    stubOrders([declined]);
    renderOrders();

    const payments = await within(await screen.findByRole('region', { name: 'Puja Details' })).findByRole(
      'list',
      { name: 'Payments received for this order' },
    );
    expect(within(payments).getByText('Rs. 2,500 with Card')).toBeInTheDocument();
    expect(within(payments).getByText('You paid USD 18.80 by card.')).toBeInTheDocument();
    expect(within(payments).getByText('USD 18.80 back to your card')).toBeInTheDocument();
  });

  it("shows the server's reason when the order can no longer be cancelled, and shows it as it now is", async () => {
    const user = userEvent.setup();
    const nowApproved = { ...greenTara, status: 'approved' as const, payment_status: 'Completed' as const };
    const fetchMock = stubOrders([greenTara], {
      '/api/order/create': [{ body: ownOrdersPage([greenTara]) }, { body: ownOrdersPage([nowApproved]) }],
      '/api/order/41/cancel': {
        status: 409,
        body: { message: 'The monastery has approved this order: it can no longer be cancelled.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'red: The order could not be cancelled: The monastery has approved this order: it can no longer be cancelled.',
      ]),
    );
    await waitFor(() => expect(detail('Order status')).toMatch(/^Confirmed – /));
    expect(cancelButton()).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/order/create')),
    ).toHaveLength(2);
  });
});

describe('the payments of an order', () => {
  function paymentsList() {
    return within(column('Puja Details')).getByRole('list', { name: 'Payments received for this order' });
  }

  it('says when nothing has been paid, with no receipt to download', async () => {
    stubOrders([greenTara]);
    renderOrders();

    expect(
      await within(column('Puja Details')).findByText('Nothing has been paid for this order yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
  });

  it('lists each payment received in Nepal time, and what became of any refund', async () => {
    const order = orderFixture({
      status: 'declined',
      payment_status: 'Refunded',
      payments: [
        paymentFixture({
          id: 1,
          provider: 'esewa',
          amount: 1500,
          transaction_code: '000AB12',
          paid_at: '2026-11-20T08:16:00.000Z',
          status: 'Refunded',
          refund_reason: 'declined',
          refund_due_at: '2026-11-21T04:15:00.000Z',
          refunded_at: '2026-11-22T06:00:00.000Z',
          refund_reference: 'ESW-RF-991',
        }),
        paymentFixture({
          id: 2,
          provider: 'khalti',
          amount: 1500,
          transaction_code: 'TXN-KH-4',
          paid_at: '2026-11-20T09:00:00.000Z',
          status: 'Refund due',
          refund_reason: 'duplicate',
          refund_due_at: '2026-11-20T09:00:00.000Z',
          refund_requested_at: '2026-11-20T10:15:00.000Z',
        }),
        paymentFixture({
          id: 3,
          provider: 'esewa',
          amount: 500,
          transaction_code: null,
          paid_at: '2026-11-23T03:00:00.000Z',
          status: 'Refund due',
          refund_reason: 'duplicate',
          refund_due_at: '2026-11-23T03:00:00.000Z',
        }),
      ],
    });
    stubOrders([order]);
    renderOrders();

    await within(column('Puja Details')).findByText('Payments');
    const items = within(paymentsList()).getAllByTestId('payment');
    expect(items.map((item) => item.textContent)).toEqual([
      'Rs. 1,500 with eSewaRefunded' +
        'Paid on November 20th, 2026 2:01 PM Nepal time (8:16 AM your time)' +
        'Transaction code 000AB12' +
        'Refunded on November 22nd, 2026 11:45 AM Nepal time (6:00 AM your time) (reference ESW-RF-991)' +
        'The monastery declined the order.',
      'Rs. 1,500 with KhaltiRefund due' +
        'Paid on November 20th, 2026 2:45 PM Nepal time (9:00 AM your time)' +
        'Transaction code TXN-KH-4' +
        'Refund requested from Khalti on November 20th, 2026 4:00 PM Nepal time (10:15 AM your time); waiting for Khalti to confirm it.' +
        'The order had already been paid.',
      'Rs. 500 with eSewaRefund due' +
        'Paid on November 23rd, 2026 8:45 AM Nepal time (3:00 AM your time)' +
        'Refund due since November 23rd, 2026 8:45 AM Nepal time (3:00 AM your time)' +
        'The order had already been paid.',
    ]);
    expect(within(column('Puja Details')).getByText('Times are Nepal time.')).toBeInTheDocument();
  });

  it('lists each of several part refunds of one payment, with its amount (docs/decisions/044)', async () => {
    const part = (id: number, dueAt: string, refundedAt: string | null) => ({
      id,
      amount: 500,
      reason: 'concern' as const,
      state: refundedAt ? ('refunded' as const) : ('due' as const),
      due_at: dueAt,
      requested_at: null,
      refunded_at: refundedAt,
      reference: refundedAt ? `ESW-RF-${id}` : null,
      error: null,
    });
    const order = orderFixture({
      status: 'completed',
      payment_status: 'Completed',
      payments: [
        paymentFixture({
          id: 7,
          amount: 1500,
          status: 'Refund due',
          transaction_code: null,
          paid_at: '2026-11-20T08:16:00.000Z',
          refunds: [
            part(71, '2026-11-22T06:00:00.000Z', '2026-11-22T07:00:00.000Z'),
            part(72, '2026-11-24T06:00:00.000Z', null),
          ],
          refundable: 500,
        }),
      ],
    });
    stubOrders([order]);
    renderOrders();

    await within(column('Puja Details')).findByText('Payments');
    const refunds = within(paymentsList()).getAllByTestId('refund');
    expect(refunds.map((refund) => refund.textContent)).toEqual([
      'Refund of Rs. 500' +
        'Refunded on November 22nd, 2026 12:45 PM Nepal time (7:00 AM your time) (reference ESW-RF-71)' +
        'Your concern about the puja was upheld.',
      'Refund of Rs. 500' +
        'Refund due since November 24th, 2026 11:45 AM Nepal time (6:00 AM your time)' +
        'Your concern about the puja was upheld.',
    ]);
  });

  it('shows a payment kept for the puja with no refund', async () => {
    stubOrders([medicineBuddha]);
    renderOrders();

    await screen.findByRole('list', { name: 'Your orders' });
    const [item] = within(paymentsList()).getAllByRole('listitem');
    expect(item!.textContent).toBe(
      'Rs. 2,500 with KhaltiReceivedPaid on November 20th, 2026 2:01 PM Nepal time (8:16 AM your time)Transaction code khl-7x2a',
    );
  });

  it('downloads the receipt with the session token, under the name the server gives', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const fetchMock = stubOrders([medicineBuddha], {
      '/api/order/42/receipt': {
        body: '%PDF-1.7 receipt',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="receipt-PJ-4TX8WN.pdf"',
        },
      },
    });
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Download receipt' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['receipt-PJ-4TX8WN.pdf']));
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/order/42/receipt')!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer patron-token');
    await expect(textOf(saved[0]!)).resolves.toBe('%PDF-1.7 receipt');
  });

  it('says why a receipt could not be downloaded', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    stubOrders([medicineBuddha], {
      '/api/order/42/receipt': { status: 404, body: { message: 'Nothing has been paid for this order.' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Download receipt' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'red: The receipt could not be downloaded: Nothing has been paid for this order.',
      ]),
    );
    expect(saved).toEqual([]);
  });
});

describe('on a phone', () => {
  beforeEach(() => {
    // Below Mantine's sm breakpoint (48em), as a 360px-wide phone is.
    pretendToBeAPhone();
  });

  function entry(name: RegExp) {
    return within(screen.getByRole('list', { name: 'Your orders' })).getByRole('button', { name });
  }

  it('shows the list alone, and opens a tapped order as a view of its own', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders();

    await screen.findByRole('list', { name: 'Your orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Puja Details' })).not.toBeInTheDocument();
    // Nothing is selected in a list that only leads on.
    expect(entry(/Kopan Monastery/)).not.toHaveAttribute('aria-current');
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/get-messages/'))).toBe(
      false,
    );

    await user.click(entry(/Shechen Monastery/));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Medicine Buddha Puja at Shechen Monastery',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('PJ-4TX8WN · January 15th, 2027')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?oid=42');
    expect(screen.queryByRole('list', { name: 'Your orders' })).not.toBeInTheDocument();
    expect(
      within(column('Messages')).getByRole('textbox', { name: 'Write to Shechen Monastery' }),
    ).toBeInTheDocument();
    expect(detail('Order number')).toBe('PJ-4TX8WN');
    expect(detail('Payment status')).toBe('Received');
  });

  it("goes back to the list with 'Back to your orders', to the order it came from", async () => {
    const user = userEvent.setup();
    stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders();

    await user.click(await screen.findByRole('button', { name: /Shechen Monastery/ }));
    const back = await screen.findByRole('link', { name: 'Back to your orders' });
    expect(back).toHaveAttribute('href', '/orders');
    await user.click(back);

    await screen.findByRole('list', { name: 'Your orders' });
    expect(router.state.location.search).toBe('');
    // Back in history, not a new entry: the browser's Back does not return to the order.
    expect(router.state.historyAction).toBe('POP');
    expect(entry(/Shechen Monastery/)).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Puja Details' })).not.toBeInTheDocument();
  });

  it("goes back to the list with the browser's Back", async () => {
    const user = userEvent.setup();
    stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders();

    await user.click(await screen.findByRole('button', { name: /Kopan Monastery/ }));
    await screen.findByRole('heading', { level: 1, name: 'Green Tara Puja at Kopan Monastery' });
    await router.navigate(-1);

    await screen.findByRole('list', { name: 'Your orders' });
    expect(
      screen.queryByRole('heading', { name: 'Green Tara Puja at Kopan Monastery' }),
    ).not.toBeInTheDocument();
  });

  it('opens the order an address names (a reload, a link in an SMS), with a link to its page of the list', async () => {
    const user = userEvent.setup();
    stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders('/orders?page=2&oid=41');

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Green Tara Puja at Kopan Monastery',
    });
    // Nothing was tapped: the focus stays where the page starts.
    expect(heading).not.toHaveFocus();
    expect(detail('Puja')).toBe('Green Tara Puja');
    const back = screen.getByRole('link', { name: 'Back to your orders' });
    expect(back).toHaveAttribute('href', '/orders?page=2');

    await user.click(back);
    await screen.findByRole('list', { name: 'Your orders' });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows the list when the address names an order not on the page', async () => {
    stubOrders([greenTara]);
    renderOrders('/orders?oid=99');

    expect(await screen.findByRole('list', { name: 'Your orders' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to your orders' })).not.toBeInTheDocument();
  });

  it('invites a patron with no orders to order a first puja', async () => {
    stubOrders([]);
    renderOrders();

    expect(await screen.findByRole('link', { name: 'Find a monastery' })).toHaveAttribute(
      'href',
      '/monasteries',
    );
  });
});

describe('changing or withdrawing a dedication (docs/decisions/059)', () => {
  const tellOn = '2026-12-20';
  const dedicated = orderFixture({
    id: 41,
    gift: {
      recipient_name: 'Tenzin Norbu',
      tell_on: tellOn,
      told_at: null,
      message: 'For your birthday.',
      show_patron: false,
    },
  });
  const details = {
    ...dedicated.gift!,
    email: 'tenzin@example.com',
    phone: null,
    language: 'en' as const,
  };
  /** What a request sent: its method and its fields (a form's, or JSON's). */
  const sentTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input) === path)
      .map(([, init]) => {
        const body = init?.body;
        const fields =
          body instanceof FormData
            ? Object.fromEntries(body.entries())
            : typeof body === 'string'
              ? JSON.parse(body)
              : undefined;
        return { method: init?.method, fields };
      });

  it('changes the recipient from the order, checked as the order form checks it', async () => {
    const user = userEvent.setup();
    const changed = { ...details, recipient_name: 'Tenzin Norbu-la', email: 'norbu@example.com' };
    const fetchMock = stubOrders([dedicated], {
      '/api/order/41/gift': [{ body: { gift: details } }, { body: { gift: changed } }],
    });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();

    await user.click(
      await within(await screen.findByRole('region', { name: 'Puja Details' })).findByRole('button', {
        name: 'Change',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the dedication' });
    const email = await within(dialog).findByRole('textbox', { name: 'Their e-mail address' });
    expect(email).toHaveValue('tenzin@example.com');
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Save the dedication' }));
    expect(
      await within(dialog).findByText('Give an e-mail address or a phone number to tell them.'),
    ).toBeInTheDocument();
    expect(sentTo(fetchMock, '/api/order/41/gift').map((call) => call.method)).toEqual(['GET']);

    await user.type(email, 'norbu@example.com');
    const name = within(dialog).getByRole('textbox', { name: /^Their name/ });
    await user.type(name, '-la');
    await user.click(within(dialog).getByRole('button', { name: 'Save the dedication' }));
    await waitFor(() =>
      expect(toasts(toast)).toEqual(['green: The dedication to Tenzin Norbu-la was changed.']),
    );
    const patch = sentTo(fetchMock, '/api/order/41/gift').find((call) => call.method !== 'GET');
    expect(patch?.fields).toMatchObject({
      recipient_name: 'Tenzin Norbu-la',
      email: 'norbu@example.com',
      language: 'en',
      tell_on: tellOn,
      message: 'For your birthday.',
    });
    expect(patch?.method).toBe('PATCH');
  });

  it('withdraws it after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOrders([dedicated], { '/api/order/41/gift': { body: { gift: null } } });
    const toast = vi.spyOn(notifications, 'show');
    renderOrders();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Puja Details' })).findByRole('button', {
        name: 'Withdraw',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the dedication' });
    expect(
      within(dialog).getByText(
        'Withdraw the dedication to Tenzin Norbu? They will not be told, and the puja stays yours.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(toasts(toast)).toEqual(['green: The dedication to Tenzin Norbu was withdrawn.']),
    );
    expect(sentTo(fetchMock, '/api/order/41/gift')).toEqual([{ method: 'DELETE', fields: undefined }]);
  });

  it('once told, offers no withdrawal and shows how they were told without letting it change', async () => {
    const user = userEvent.setup();
    const told = { ...dedicated.gift!, told_at: '2026-11-20T04:00:00Z' };
    stubOrders([{ ...dedicated, gift: told }], {
      '/api/order/41/gift': { body: { gift: { ...details, told_at: told.told_at } } },
    });
    renderOrders();
    const panel = await screen.findByRole('region', { name: 'Puja Details' });
    await user.click(await within(panel).findByRole('button', { name: 'Change' }));
    expect(within(panel).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Change the dedication' });
    expect(
      await within(dialog).findByText(
        'They have been told already: only their name, your words and whether your name shows can change.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Their e-mail address' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /^Their name/ })).toBeEnabled();
  });
});

describe('the patron’s plans above their orders (docs/decisions/058)', () => {
  it('lists each plan with its kind, for whom, its next day, what is done and to come, and a link', async () => {
    const occurrence = (index: number, overrides: Partial<Order>) => ({
      occurrence: index,
      day_unavailable: false,
      order: orderFixture({
        id: 70 + index,
        date: `2026-12-1${index}T00:00:00+05:45`,
        plan: { id: 5, kind: 'monthly', occurrence: index, occurrences: 3, departed_name: null },
        ...overrides,
      }),
    });
    const occurrences = [
      occurrence(1, { status: 'completed' }),
      occurrence(2, { status: 'pending' }),
      occurrence(3, { status: 'pending' }),
    ];
    stubOrders([], {
      '/api/plans': {
        body: {
          plans: [
            {
              id: 5,
              kind: 'monthly',
              status: 'active',
              monastery_puja: occurrences[0]!.order.monastery_puja,
              departed: null,
              day_of_month: 12,
              anniversary: null,
              lunar_day: null,
              amount_each: 1500,
              amount_to_pay: 3000,
              created_at: '2026-11-28T06:00:00Z',
              pay_each: true,
              paused_at: '2026-11-28T07:00:00Z',
              occurrences,
            },
          ],
        },
      },
    });
    renderOrders();
    const plan = await screen.findByTestId('own-plan');
    expect(screen.getByRole('heading', { name: 'Your plans' })).toBeInTheDocument();
    expect(plan).toHaveTextContent('Every month');
    expect(plan).toHaveTextContent(occurrences[0]!.order.names[0]?.name ?? '');
    expect(plan).toHaveTextContent('Next: December 12th, 2026');
    expect(plan).toHaveTextContent('1 done, 2 to come');
    expect(plan).toHaveTextContent('Paused');
    expect(within(plan).getByRole('link', { name: 'See the plan' })).toHaveAttribute('href', '/plans/5');
  });
});
