import { notifications } from '@mantine/notifications';
import type { Order, SessionUser } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
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
  beneficiary: null,
  intention: null,
  status: 'approved',
});

function conversation(order: Order, extra: { messages?: unknown[]; images?: unknown[] } = {}) {
  return { body: { messages: [], images: [], order, ...extra } };
}

function stubOrders(orders: Order[], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/order/create': { body: { orders } },
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

function toasts(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([toast]) => {
    const { title, message, color } = toast as { title?: string; message: string; color: string };
    return `${color}: ${title ? `${title}: ` : ''}${message}`;
  });
}

beforeEach(() => {
  signIn({ token: 'patron-token', user: patron });
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
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Kopan MonasteryGreen Tara Puja',
      'Shechen MonasteryMedicine Buddha Puja',
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

  it('shows the payment in capitals, -- for no transaction code, and the date as a day', async () => {
    stubOrders([greenTara, medicineBuddha]);
    const { router } = renderOrders();
    await screen.findByRole('list', { name: 'Your orders' });

    expect(detail('Payment type')).toBe('ESEWA');
    expect(detail('Payment status')).toBe('PENDING');
    expect(detail('Transaction code')).toBe('--');
    expect(detail('Date')).toBe('December 1st, 2026');
    expect(detail('Names to pray for')).toBe('Tenzin Norbu');
    expect(detail('Your intention')).toBe('For a safe journey.');
    expect(detail('Order status')).toBe('Pending');
    expect(detail('Amount')).toBe('Rs. 1,500');

    await router.navigate('/orders?oid=42');
    await waitFor(() => expect(detail('Payment type')).toBe('KHALTI'));
    expect(detail('Payment status')).toBe('COMPLETED');
    expect(detail('Transaction code')).toBe('KHL-7X2A');
    expect(detail('Date')).toBe('January 15th, 2027');
    expect(detail('Names to pray for')).toBe('--');
    expect(detail('Your intention')).toBe('--');
  });

  it('says when there are no orders, messages or selection', async () => {
    stubOrders([]);
    renderOrders();

    expect(await screen.findByText('No Orders Till Now')).toBeInTheDocument();
    expect(within(column('Messages')).getByText('No Messages till now.')).toBeInTheDocument();
    expect(within(column('Puja Details')).getByText('Select Order First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to payment' })).not.toBeInTheDocument();
  });

  it('says when an order has no messages or images yet', async () => {
    stubOrders([greenTara]);
    renderOrders();

    expect(await within(column('Messages')).findByText('No Messages till now.')).toBeInTheDocument();
    expect(await within(column('Puja Details')).findByText('No Images till now.')).toBeInTheDocument();
  });

  it('shows the messages with their times, and the photos opening in a new tab', async () => {
    stubOrders([greenTara], {
      '/api/get-messages/41': conversation(greenTara, {
        messages: [{ message: 'Your puja is on the 1st.', created_at: '2026-11-20T08:15:00.000Z' }],
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
    expect(time?.textContent).toMatch(/^\d{2}:\d{2} [AP]M Nov 20th, 2026$/);

    const photo = await within(column('Puja Details')).findByRole('link', { name: /Photo 1 of the puja/ });
    expect(photo).toHaveAttribute('href', '/api/order-images/7?expires=1&signature=abc');
    expect(photo).toHaveAttribute('target', '_blank');
    expect(photo).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(photo).getByRole('img')).toHaveAttribute(
      'src',
      '/api/order-images/7?expires=1&signature=abc',
    );
  });

  it("offers 'Proceed to payment' only while unpaid and not declined", async () => {
    const declined = orderFixture({ id: 43, status: 'declined', payment_status: 'Failed' });
    const failed = orderFixture({ id: 44, payment_status: 'Failed' });
    stubOrders([greenTara, medicineBuddha, declined, failed]);
    const { router } = renderOrders();
    await screen.findByRole('list', { name: 'Your orders' });
    const proceed = () =>
      within(column('Puja Details')).queryByRole('button', { name: 'Proceed to payment' });

    expect(proceed()).toBeInTheDocument();
    await router.navigate('/orders?oid=42');
    await waitFor(() => expect(detail('Payment status')).toBe('COMPLETED'));
    expect(proceed()).not.toBeInTheDocument();
    await router.navigate('/orders?oid=43');
    await waitFor(() => expect(detail('Order status')).toBe('Declined'));
    expect(proceed()).not.toBeInTheDocument();
    await router.navigate('/orders?oid=44');
    await waitFor(() => expect(detail('Order status')).toBe('Pending'));
    expect(detail('Payment status')).toBe('FAILED');
    expect(proceed()).toBeInTheDocument();
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
      expect(fetchMock.mock.calls.filter(([input]) => input === '/api/order/create')).toHaveLength(2),
    );
  });

  for (const [status, message] of [
    ['success', 'green: Payment Success'],
    ['error', 'red: Payment Failure'],
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
