import { notifications } from '@mantine/notifications';
import {
  addDays,
  type BackOfficeOrderResponse,
  DEFAULT_BUSINESS_TIME_ZONE,
  type OrderEvent,
  startOfBusinessDay,
  todayIn,
} from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { signInAsAdmin } from '../../../test/admin-fixtures.ts';
import { orderFixture, paymentFixture } from '../../../test/order-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { callsTo, fieldsOf, staffMember, toasts } from '../../../test/staff-fixtures.ts';
import { AdminOrderPage, MonasteryOrderPage } from './back-office-order-page.tsx';

const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);
const pujaDay = startOfBusinessDay(addDays(today, 3), DEFAULT_BUSINESS_TIME_ZONE);

// A patron who signed in by phone and never gave a name, and has paid.
const order = orderFixture({
  id: 41,
  date: pujaDay,
  user: { name: '', email: null, phone: '+9779811111111' },
  payment_status: 'Completed',
  payments: [paymentFixture()],
});

function event(kind: OrderEvent['kind'], at: string, fields: Partial<OrderEvent> = {}): OrderEvent {
  return {
    kind,
    at,
    actor: null,
    amount: null,
    provider: null,
    date: null,
    previous_date: null,
    message: null,
    photos: null,
    refund_reason: null,
    ...fields,
  };
}

const placed = event('placed', '2026-11-20T08:15:00.000Z', {
  actor: { name: '', role: 'user' },
  amount: 1500,
  provider: 'esewa',
  date: addDays(today, 3),
});
const paidEvent = event('paid', '2026-11-20T08:16:00.000Z', { amount: 1500, provider: 'esewa' });
const patronMessage = event('message', '2026-11-20T09:00:00.000Z', {
  actor: { name: '', role: 'user' },
  message: 'Please include my grandmother.',
});

const pending: BackOfficeOrderResponse = {
  order,
  timeline: [placed, paidEvent, patronMessage],
  messages: [
    { message: 'Please include my grandmother.', created_at: patronMessage.at, from: 'patron', sender: '' },
  ],
  images: [],
  actions: { approve: true, redate: true, decline: true, complete: false, message: true },
};

const approved: BackOfficeOrderResponse = {
  ...pending,
  order: { ...order, status: 'approved' },
  timeline: [
    ...pending.timeline,
    event('approved', '2026-11-21T05:00:00.000Z', { actor: { name: 'Demo Kopan Staff', role: 'monastery' } }),
  ],
  actions: { approve: false, redate: false, decline: false, complete: true, message: true },
};

/** The dashboard's lists, as `PATCH /api/order/{id}` answers (the order page reads itself again instead). */
const lists = {
  body: {
    pendingOrders: [],
    awaitingPaymentOrders: [],
    approvedOrders: [],
    totals: { pending: 0, awaitingPayment: 0, approved: 0 },
  },
};

function renderStaffPage(answers: Parameters<typeof stubApi>[0]) {
  signIn({ token: 'staff-token', user: staffMember });
  const fetchMock = stubApi(answers);
  const toast = vi.spyOn(notifications, 'show');
  renderRoutes(
    [{ path: '/monastery/orders/:orderId', element: <MonasteryOrderPage /> }],
    '/monastery/orders/41',
  );
  return { fetchMock, toast, user: userEvent.setup() };
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

beforeEach(() => {
  // jsdom has no object URLs; the photo previews only need an address.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an order's page, for the monastery's staff", () => {
  it('shows the photo of the departed a plan’s puja is for, to place on the shrine (docs/decisions/060)', async () => {
    const url = `/api/departed-photos/9/${'a'.repeat(32)}?expires=1&signature=s`;
    renderStaffPage({
      '/api/orders/41': {
        body: {
          ...pending,
          order: {
            ...order,
            plan: {
              id: 9,
              kind: 'forty_nine_days',
              occurrence: 1,
              occurrences: 7,
              departed_name: 'Tenzin Dorje',
            },
          },
          departed_photo_url: url,
        },
      },
    });
    const shrine = await screen.findByRole('region', { name: 'Photo of the departed' });
    expect(within(shrine).getByRole('img', { name: 'Photo of Tenzin Dorje' })).toHaveAttribute('src', url);
    expect(
      within(shrine).getByRole('link', { name: 'Photo of Tenzin Dorje, opens in a new tab' }),
    ).toHaveAttribute('href', url);
  });

  it('shows no photo section for an order without one', async () => {
    renderStaffPage({ '/api/orders/41': { body: { ...pending, departed_photo_url: null } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PJ-7K3M9Q' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photo of the departed' })).not.toBeInTheDocument();
  });

  it('shows the patron by phone, what the puja is for, the money, the thread and the timeline', async () => {
    renderStaffPage({ '/api/orders/41': { body: pending } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PJ-7K3M9Q' })).toBeInTheDocument();

    const patron = section('Patron');
    expect(within(patron).getAllByText('+9779811111111')).toHaveLength(2);
    const puja = section('Puja');
    expect(within(puja).getByText('Tenzin Norbu')).toBeInTheDocument();
    expect(within(puja).getByText('For a safe journey.')).toBeInTheDocument();
    expect(within(section('Payments and refunds')).getByText('Rs. 1,500 with eSewa')).toBeInTheDocument();

    const thread = section('Messages');
    // The nameless patron's message is signed with their phone.
    expect(within(thread).getByText('+9779811111111')).toBeInTheDocument();
    expect(within(thread).getByText('Please include my grandmother.')).toBeInTheDocument();

    const events = within(section('Timeline')).getAllByTestId('order-event');
    expect(events.map((item) => item.querySelector('.mantine-Timeline-itemTitle')?.textContent)).toEqual([
      'Placed',
      'Paid',
      'Message',
    ]);
    expect(within(events[1]!).getByText('By the system')).toBeInTheDocument();
    expect(within(events[0]!).getByText('By +9779811111111 (patron)')).toBeInTheDocument();
  });

  it('approves, then shows the order as the server now has it, and can still message the patron', async () => {
    const { fetchMock, toast, user } = renderStaffPage({
      '/api/orders/41': [{ body: pending }, { body: approved }],
      '/api/order/41': lists,
      '/api/orders/41/messages': {
        body: {
          ...approved,
          messages: [
            ...approved.messages,
            {
              message: 'We will.',
              created_at: '2026-11-21T06:00:00.000Z',
              from: 'monastery',
              sender: 'Demo Kopan Staff',
            },
          ],
        },
      },
    });
    const actions = await screen.findByRole('region', { name: 'What you can do' });
    await user.click(within(actions).getByRole('button', { name: 'Approve Puja' }));

    await waitFor(() => expect(toasts(toast)).toContain('green: Order approved'));
    // An approval is the version of the order the page showed, and nothing else.
    expect(fieldsOf(callsTo(fetchMock, '/api/order/41')[0])).toEqual({ _method: 'patch', version: '1' });
    // The page reads the order again: approved, with the photos to send next.
    expect(await screen.findByText('Approved', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(
      within(section('What you can do')).queryByRole('button', { name: 'Approve Puja' }),
    ).not.toBeInTheDocument();
    expect(
      within(section('What you can do')).getByRole('button', { name: 'Puja Completed' }),
    ).toBeInTheDocument();

    // After approval the thread stays open.
    await user.type(screen.getByRole('textbox', { name: 'Message to the patron' }), '  We will.  ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/orders/41/messages')).toHaveLength(1));
    expect(fieldsOf(callsTo(fetchMock, '/api/orders/41/messages')[0])).toEqual({ message: 'We will.' });
    expect(await within(section('Messages')).findByText('We will.')).toBeInTheDocument();
    expect(within(section('Messages')).getByText('Demo Kopan Staff, for the monastery')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the patron' })).toHaveValue('');
  });

  it('shows the order as the server has it when an action is refused', async () => {
    // Another staff member declined it a moment ago.
    const declined: BackOfficeOrderResponse = {
      ...pending,
      order: { ...order, status: 'declined', payment_status: 'Refund due' },
      actions: { approve: false, redate: false, decline: false, complete: false, message: false },
    };
    const { toast, user } = renderStaffPage({
      '/api/orders/41': [{ body: pending }, { body: declined }],
      '/api/order/41': { status: 409, body: { message: 'This order is no longer pending.' } },
    });
    const actions = await screen.findByRole('region', { name: 'What you can do' });
    await user.click(within(actions).getByRole('button', { name: 'Approve Puja' }));

    await waitFor(() =>
      expect(toasts(toast)).toContain(
        'red: The order could not be approved: This order is no longer pending.',
      ),
    );
    expect(await screen.findByText('Nothing is left to do on this order.')).toBeInTheDocument();
    expect(screen.getByText('Declined', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message to the patron' })).not.toBeInTheDocument();
    expect(screen.getByText('The order is closed: no more messages can be sent on it.')).toBeInTheDocument();
  });

  it('closes only the date picker on Escape, then the Update Puja Date dialog', async () => {
    const { user } = renderStaffPage({
      '/api/orders/41': { body: pending },
      '/api/order/41/edit': { body: { order } },
    });
    const actions = await screen.findByRole('region', { name: 'What you can do' });
    await user.click(within(actions).getByRole('button', { name: 'Update Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Puja Date' });
    const field = await within(dialog).findByRole('textbox', { name: /New date/ });

    await user.click(field);
    await waitFor(() => expect(field).toHaveAttribute('data-mantine-stop-propagation', 'true'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(field).not.toHaveAttribute('data-mantine-stop-propagation'));
    expect(screen.getByRole('dialog', { name: 'Update Puja Date' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Puja Date' })).not.toBeInTheDocument(),
    );
  });
});

describe("an order's page, for an administrator", () => {
  it('reads the order without acting on it', async () => {
    signInAsAdmin();
    stubApi({
      '/api/orders/41': {
        body: {
          ...pending,
          actions: { approve: false, redate: false, decline: false, complete: false, message: false },
        },
      },
    });
    renderRoutes([{ path: '/admin/orders/:orderId', element: <AdminOrderPage /> }], '/admin/orders/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PJ-7K3M9Q' })).toBeInTheDocument();
    expect(
      screen.getByText("Administrators read orders; the monastery's staff act on them."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Puja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message to the patron' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
