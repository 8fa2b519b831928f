import { notifications } from '@mantine/notifications';
import {
  addDays,
  DEFAULT_BUSINESS_TIME_ZONE,
  MAX_COMPLETION_PHOTOS,
  type Order,
  startOfBusinessDay,
  todayIn,
} from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { signIn } from '../../../lib/session.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { callsTo, fieldsOf, staffMember, toasts } from '../../../test/staff-fixtures.ts';
import { MonasteryDashboardPage } from './monastery-dashboard-page.tsx';

const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);
const dayOf = (offset: number) => startOfBusinessDay(addDays(today, offset), DEFAULT_BUSINESS_TIME_ZONE);

const pending = orderFixture({
  id: 41,
  date: dayOf(3),
  payment_status: 'Completed',
  intention: 'For a safe journey.',
});
const secondPaid = orderFixture({
  id: 42,
  number: 'PJ-4TX8WN',
  date: dayOf(5),
  payment_status: 'Completed',
  user_id: 7,
  user: { name: 'Pema Lhamo', email: null, phone: '+9779811111111' },
  monastery_puja: {
    id: 102,
    monastery: { id: 1, name: 'Kopan Monastery', slug: 'kopan-monastery' },
    puja: { id: 12, name: 'Medicine Buddha Puja' },
  },
  names: [],
  intention: null,
});
// Placed, not paid yet: waits apart, with nothing to approve.
const unpaid = orderFixture({
  id: 43,
  number: 'PJ-9WQ3ZD',
  date: dayOf(6),
  user_id: 8,
  user: { name: 'Sonam Dolma', email: null, phone: '+9779822222222' },
  monastery_puja: {
    id: 104,
    monastery: { id: 1, name: 'Kopan Monastery', slug: 'kopan-monastery' },
    puja: { id: 14, name: 'Butter Lamp Offering' },
  },
  amount: 1100,
});
// Today, so the month the calendar opens on shows it.
const approved = orderFixture({
  id: 51,
  number: 'PJ-H2B6RT',
  date: dayOf(0),
  status: 'approved',
  payment_status: 'Completed',
  monastery_puja: {
    id: 103,
    monastery: { id: 1, name: 'Kopan Monastery', slug: 'kopan-monastery' },
    puja: { id: 13, name: 'White Tara Long-Life Puja' },
  },
});

function lists(pendingOrders: Order[], approvedOrders: Order[], awaitingPaymentOrders: Order[] = []) {
  const totals = {
    pending: pendingOrders.length,
    awaitingPayment: awaitingPaymentOrders.length,
    approved: approvedOrders.length,
  };
  return { body: { pendingOrders, awaitingPaymentOrders, approvedOrders, totals } };
}

/** 'Order Received' reads the paged list of orders to approve (`GET /api/orders?status=to_approve`). */
function received(orders: Order[]) {
  return { body: { orders, page: 1, pageSize: 25, total: orders.length } };
}

type Answers = Parameters<typeof stubApi>[0];
type ListsAnswer = ReturnType<typeof lists>;
/**
 * 'Order Received' as the staff lists say it, in turn: each answer of `GET /api/order`, then each staff
 * action's refreshed lists (the paged list is read again after every action).
 */
function receivedAnswers(answers: Answers) {
  const pendingOf = (answer: unknown) =>
    (answer as Partial<ListsAnswer>).body?.pendingOrders as Order[] | undefined;
  const fromLists = [answers['/api/order']!]
    .flat()
    .map(pendingOf)
    .filter((orders) => orders !== undefined);
  const fromActions = Object.entries(answers)
    .filter(([path]) => /^\/api\/(order\/\d+|complete-puja)$/.test(path))
    .flatMap(([, answer]) => [answer].flat().map(pendingOf))
    .filter((orders) => orders !== undefined);
  const turns = [...fromLists, ...fromActions].map(received);
  return turns.length > 1 ? turns : turns[0]!;
}

function renderDashboard(given: Answers = {}) {
  const answers: Answers = { '/api/order': lists([pending, secondPaid], [approved], [unpaid]), ...given };
  const fetchMock = stubApi({ '/api/orders': receivedAnswers(answers), ...answers });
  const toast = vi.spyOn(notifications, 'show');
  const user = userEvent.setup();
  renderRoutes(
    [{ path: '/monastery/dashboard', element: <MonasteryDashboardPage /> }],
    '/monastery/dashboard',
  );
  return { fetchMock, toast, user };
}

function ordersTable() {
  return screen.getByRole('table', { name: 'Orders received' });
}

/** The table row of the order whose patron is `name`. */
async function rowOf(name: string) {
  const cell = await within(await screen.findByRole('table', { name: 'Orders received' })).findByText(name);
  return cell.closest('tr')!;
}

beforeAll(() => {
  // jsdom has no object URLs; the previews only need an address.
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++next}`);
  URL.revokeObjectURL = vi.fn();
});

beforeEach(() => {
  signIn({ token: 'staff-token', user: staffMember });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Order Received table', () => {
  it('lists the pending orders with the patron, day, puja, payment and what the puja is for', async () => {
    renderDashboard();
    const row = await rowOf('Demo Patron');

    expect(screen.getByRole('heading', { name: 'Order Received' })).toBeInTheDocument();
    const headers = within(ordersTable())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Date', 'Puja Service', 'Status', 'Approve Puja']);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      'Demo PatronOrder PJ-7K3M9QNames to pray for: Tenzin NorbuIntention: For a safe journey.',
      formatPujaDate(pending.date),
      'Green Tara Puja',
      // The staff's word for where it stands, then its money: never "Completed" (docs/decisions/039).
      'To approvePaid',
    ]);
    // Each row's buttons are named with its order, so a screen reader tells the rows' buttons apart.
    for (const action of [
      'Approve Puja: order PJ-7K3M9Q',
      'Message about order PJ-7K3M9Q',
      'Update Date of order PJ-7K3M9Q',
    ]) {
      expect(within(row).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(within(row).getByRole('button', { name: /^Approve Puja/ })).toBeEnabled();
    expect(within(row).queryByText(/Awaiting payment/)).not.toBeInTheDocument();
    const second = await rowOf('Pema Lhamo');
    expect(within(second).getByText('Medicine Buddha Puja')).toBeInTheDocument();
    expect(within(second).getByText('Order PJ-4TX8WN')).toBeInTheDocument();
    // Approved orders are on the calendar, unpaid ones apart: neither is in the table.
    expect(within(ordersTable()).queryByText('White Tara Long-Life Puja')).not.toBeInTheDocument();
    expect(within(ordersTable()).queryByText('Sonam Dolma')).not.toBeInTheDocument();
  });

  it('says which plan an occurrence belongs to, under its puja (docs/decisions/056)', async () => {
    const occurrence = {
      ...secondPaid,
      plan: {
        id: 9,
        kind: 'forty_nine_days' as const,
        occurrence: 3,
        occurrences: 7,
        departed_name: 'Tenzin Dorje',
      },
    };
    renderDashboard({ '/api/order': lists([pending, occurrence], [approved], [unpaid]) });
    const row = await rowOf('Pema Lhamo');
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(
      'Medicine Buddha Puja49 days for Tenzin Dorje, 3 of 7',
    );
    // An order of its own says nothing more.
    expect(within(await rowOf('Demo Patron')).queryByTestId('plan-label')).not.toBeInTheDocument();
  });

  it('says so when no order waits', async () => {
    renderDashboard({ '/api/order': lists([], []) });
    expect(await screen.findByText('No orders waiting for approval.')).toBeInTheDocument();
  });

  it('approves an order with no field but the patch override, and moves it to the calendar', async () => {
    const nowApproved = { ...pending, status: 'approved' as const };
    const { fetchMock, toast, user } = renderDashboard({
      '/api/order/41': lists([secondPaid], [approved, nowApproved], [unpaid]),
    });

    await user.click(within(await rowOf('Demo Patron')).getByRole('button', { name: /^Approve Puja/ }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Order approved']));
    expect(callsTo(fetchMock, '/api/order/41')).toHaveLength(1);
    // An approval is the version of the order as listed, and nothing else.
    expect(fieldsOf(callsTo(fetchMock, '/api/order/41')[0])).toEqual({
      _method: 'patch',
      version: expect.any(String),
    });
    await waitFor(() => expect(within(ordersTable()).queryByText('Demo Patron')).not.toBeInTheDocument());
    expect(await screen.findByText('Green Tara Puja: Demo Patron (PJ-7K3M9Q)')).toBeInTheDocument();
  });

  it.each(['Pending', 'Failed', 'Refunded'] as const)(
    'keeps Approve Puja disabled, with the reason shown, while the payment is %s',
    async (payment_status) => {
      const { fetchMock, user } = renderDashboard({
        '/api/order': lists([{ ...secondPaid, payment_status }], [approved]),
      });
      const row = await rowOf('Pema Lhamo');
      const approve = within(row).getByRole('button', { name: /^Approve Puja/ });

      expect(approve).toBeDisabled();
      expect(
        within(row).getByText('Awaiting payment: the order can be approved once the patron has paid.'),
      ).toBeVisible();
      expect(approve).toHaveAccessibleDescription(
        'Awaiting payment: the order can be approved once the patron has paid.',
      );
      // What an unpaid order still allows: a message, a new date, a decline.
      expect(within(row).getByRole('button', { name: /^Message/ })).toBeEnabled();
      expect(within(row).getByRole('button', { name: /^Update Date/ })).toBeEnabled();

      await user.click(approve);
      expect(callsTo(fetchMock, '/api/order/42')).toHaveLength(0);
    },
  );

  it("shows the server's reason when the payment turns out not to be done, and shows the order as it now is", async () => {
    const refunded = { ...pending, payment_status: 'Refunded' as const };
    const { fetchMock, toast, user } = renderDashboard({
      '/api/order': [
        lists([pending, secondPaid], [approved], [unpaid]),
        lists([refunded, secondPaid], [approved], [unpaid]),
      ],
      '/api/order/41': {
        status: 409,
        body: { message: 'This order is not paid yet: it can be approved once the payment is completed.' },
      },
    });

    await user.click(within(await rowOf('Demo Patron')).getByRole('button', { name: /^Approve Puja/ }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'red: The order could not be approved: This order is not paid yet: it can be approved once the payment is completed.',
      ]),
    );
    const row = await rowOf('Demo Patron');
    expect(await within(row).findByText('Refunded')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Approve Puja/ })).toBeDisabled();
    expect(callsTo(fetchMock, '/api/order', 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it("says the order could not be approved, with the server's reason, when approval is refused", async () => {
    const { toast, user } = renderDashboard({
      '/api/order/41': { status: 409, body: { message: 'Only a pending order can be approved.' } },
    });

    await user.click(within(await rowOf('Demo Patron')).getByRole('button', { name: /^Approve Puja/ }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'red: The order could not be approved: Only a pending order can be approved.',
      ]),
    );
    expect(within(ordersTable()).getByText('Demo Patron')).toBeInTheDocument();
  });
});

describe('orders awaiting payment', () => {
  /** The table, once its rows have loaded. */
  async function awaitingTable() {
    const table = await screen.findByRole('table', { name: 'Orders awaiting payment' });
    await waitFor(() => expect(table.querySelector('[aria-hidden="true"]')).toBeNull());
    return table;
  }

  it('lists unpaid orders apart, with their number, patron, day, puja and amount, and no Approve', async () => {
    renderDashboard();
    const table = await awaitingTable();

    expect(screen.getByRole('heading', { name: 'Awaiting payment' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'Name', 'Date', 'Puja Service', 'Amount', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'PJ-9WQ3ZD',
      'Sonam Dolma',
      formatPujaDate(unpaid.date),
      'Butter Lamp Offering',
      'Rs. 1,100',
      'Update DateDecline Order',
    ]);
    expect(within(rows[0]!).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Update Date of order PJ-9WQ3ZD' })).toBeEnabled();
    // The queue to act on holds the paid orders only.
    expect(within(ordersTable()).queryByText('Sonam Dolma')).not.toBeInTheDocument();
  });

  it('says so when no order awaits payment', async () => {
    renderDashboard({ '/api/order': lists([pending], [approved], []) });
    expect(await screen.findByText('No orders awaiting payment.')).toBeInTheDocument();
  });

  it('declines an unpaid order once the staff member confirms', async () => {
    const { fetchMock, toast, user } = renderDashboard({
      '/api/order/43': lists([pending, secondPaid], [approved], []),
    });

    await user.click(within(await awaitingTable()).getByRole('button', { name: 'Decline order PJ-9WQ3ZD' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline Order' });
    // No reason chosen: nothing is sent, and the choice says why.
    await user.click(within(confirm).getByRole('button', { name: 'Decline Order' }));
    expect(await within(confirm).findByText('Choose a reason.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/order/43')).toHaveLength(0);
    await user.click(within(confirm).getByRole('radio', { name: 'The date is not available' }));
    await user.click(within(confirm).getByRole('button', { name: 'Decline Order' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Order Declined']));
    expect(fieldsOf(callsTo(fetchMock, '/api/order/43')[0])).toEqual({
      _method: 'patch',
      status: 'decline',
      reason: 'date_unavailable',
      version: expect.any(String),
    });
    expect(await screen.findByText('No orders awaiting payment.')).toBeInTheDocument();
  });

  it('gives an unpaid order a new date', async () => {
    const { user } = renderDashboard({
      '/api/order/43/edit': { body: { order: { id: 43, date: unpaid.date, version: 1 } } },
    });

    await user.click(
      within(await awaitingTable()).getByRole('button', { name: 'Update Date of order PJ-9WQ3ZD' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Update Puja Date' });
    expect(
      await within(dialog).findByText(
        `Butter Lamp Offering for Sonam Dolma, now on ${formatPujaDate(unpaid.date)}`,
      ),
    ).toBeInTheDocument();
  });
});

describe('messaging a patron', () => {
  it('requires a message, then sends it to the order and its patron', async () => {
    const { fetchMock, toast, user } = renderDashboard({
      '/api/message': { body: { message: 'Message sent successfully' } },
    });

    await user.click(within(await rowOf('Pema Lhamo')).getByRole('button', { name: /^Message/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message the patron' });
    expect(within(dialog).getByText(/^To Pema Lhamo about Medicine Buddha Puja on/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Message User' }));

    expect(await within(dialog).findByText('Message is required.')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: /Message/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/message')).toHaveLength(0);

    // Spaces alone are no message either.
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Message User' }));
    expect(await within(dialog).findByText('Message is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/message')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'The puja will start at 6 in the morning.');
    await user.click(within(dialog).getByRole('button', { name: 'Message User' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Message sent successfully']));
    expect(fieldsOf(callsTo(fetchMock, '/api/message')[0])).toEqual({
      orderID: '42',
      userID: '7',
      message: 'The puja will start at 6 in the morning.',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Message the patron' })).not.toBeInTheDocument(),
    );
  });

  it('marks an order the patron wrote on, and shows the thread above the reply', async () => {
    const wrote = { ...secondPaid, last_message_from: 'patron' as const };
    const { user } = renderDashboard({
      '/api/order': lists([pending, wrote], [approved], [unpaid]),
      '/api/get-messages/42': {
        body: {
          order: wrote,
          images: [],
          messages: [
            { message: 'We will pray at dawn.', created_at: '2026-11-20T08:15:00.000Z', from: 'monastery' },
            {
              message: 'Please include my mother, Dolma.',
              created_at: '2026-11-21T09:00:00.000Z',
              from: 'patron',
            },
          ],
        },
      },
    });

    const row = await rowOf('Pema Lhamo');
    expect(within(row).getByText('New message from the patron')).toBeInTheDocument();
    expect(
      within(await rowOf('Demo Patron')).queryByText('New message from the patron'),
    ).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Message/ }));
    const thread = await within(await screen.findByRole('dialog', { name: 'Message the patron' })).findByRole(
      'region',
      {
        name: 'Messages on this order',
      },
    );
    expect(within(thread).getByText('Please include my mother, Dolma.')).toBeInTheDocument();
    expect(within(thread).getByText('Pema Lhamo')).toBeInTheDocument();
    expect(within(thread).getByText('Your monastery')).toBeInTheDocument();
  });

  it('keeps the message when sending fails, with the reason', async () => {
    const { toast, user } = renderDashboard({
      '/api/message': {
        status: 422,
        body: { message: 'Invalid.', errors: { message: ['A message can be at most 2000 characters.'] } },
      },
    });

    await user.click(within(await rowOf('Demo Patron')).getByRole('button', { name: /^Message/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message the patron' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Message User' }));

    expect(await within(dialog).findByText('A message can be at most 2000 characters.')).toBeInTheDocument();
    expect(toasts(toast)).toEqual(['red: Message not sent: A message can be at most 2000 characters.']);
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toHaveValue('Hello');
  });
});

describe('Update Puja Date', () => {
  const editAnswer = {
    '/api/order/41/edit': { body: { order: { id: 41, date: pending.date, version: 1 } } },
  };

  async function openDateModal(answers: Parameters<typeof stubApi>[0] = {}) {
    const view = renderDashboard({ ...editAnswer, ...answers });
    await view.user.click(within(await rowOf('Demo Patron')).getByRole('button', { name: /^Update Date/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Puja Date' });
    const date = await within(dialog).findByRole('textbox', { name: /New date/ });
    return { ...view, dialog, date };
  }

  it("starts from the order's stored day and offers Close, Decline Order and Update Date", async () => {
    const { dialog, date } = await openDateModal();

    expect(date).toHaveValue(formatPujaDate(pending.date).replace(/(\d+)(st|nd|rd|th)/, '$1'));
    for (const button of ['Close', 'Decline Order', 'Update Date']) {
      expect(within(dialog).getByRole('button', { name: button })).toBeInTheDocument();
    }
  });

  it('requires a date, then sends the new day', async () => {
    const newDay = addDays(today, 10);
    const { fetchMock, toast, user, dialog, date } = await openDateModal({
      '/api/order/41': lists([{ ...pending, date: dayOf(10) }, secondPaid], [approved], [unpaid]),
    });

    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Update Date' }));
    expect(await within(dialog).findByText('Choose a date.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/order/41')).toHaveLength(0);

    await user.type(date, newDay);
    await user.click(within(dialog).getByRole('button', { name: 'Update Date' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Date Updated']));
    expect(fieldsOf(callsTo(fetchMock, '/api/order/41')[0])).toEqual({
      _method: 'patch',
      date: newDay,
      version: expect.any(String),
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Puja Date' })).not.toBeInTheDocument(),
    );
    expect(
      await within(await rowOf('Demo Patron')).findByText(formatPujaDate(dayOf(10))),
    ).toBeInTheDocument();
  });

  it('refuses to keep a day that has already passed', async () => {
    const { fetchMock, user, dialog } = await openDateModal({
      '/api/order/41/edit': { body: { order: { id: 41, date: dayOf(-2), version: 1 } } },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Update Date' }));

    expect(await within(dialog).findByText('The date cannot be earlier than today.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/order/41')).toHaveLength(0);
  });

  it("shows the server's refusal under the date and in a toast", async () => {
    const reason = 'The date cannot be earlier than today.';
    const { toast, user, dialog } = await openDateModal({
      '/api/order/41': { status: 422, body: { message: 'Invalid.', errors: { date: [reason] } } },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Update Date' }));

    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(toasts(toast)).toEqual([`red: Date Update Failed: ${reason}`]);
  });

  it('declines an order only once the staff member confirms', async () => {
    const { fetchMock, toast, user, dialog } = await openDateModal({
      '/api/order/41': lists([secondPaid], [approved], [unpaid]),
    });

    await user.click(within(dialog).getByRole('button', { name: 'Decline Order' }));
    let confirm = await screen.findByRole('dialog', { name: 'Decline Order' });
    expect(within(confirm).getByText('Are you sure you want to decline this order?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Decline Order' })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, '/api/order/41')).toHaveLength(0);

    await user.click(within(await rowOf('Demo Patron')).getByRole('button', { name: /^Update Date/ }));
    const reopened = await screen.findByRole('dialog', { name: 'Update Puja Date' });
    await user.click(await within(reopened).findByRole('button', { name: 'Decline Order' }));
    confirm = await screen.findByRole('dialog', { name: 'Decline Order' });
    // Another reason needs the staff member's words, which the patron reads.
    await user.click(within(confirm).getByRole('radio', { name: 'Another reason' }));
    await user.click(within(confirm).getByRole('button', { name: 'Decline Order' }));
    expect(await within(confirm).findByText('Write the reason: the patron reads it.')).toBeInTheDocument();
    await user.type(within(confirm).getByRole('textbox', { name: /The reason, in your words/ }), 'Lama away');
    await user.click(within(confirm).getByRole('button', { name: 'Decline Order' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Order Declined']));
    expect(fieldsOf(callsTo(fetchMock, '/api/order/41')[0])).toEqual({
      _method: 'patch',
      status: 'decline',
      reason: 'other',
      reason_note: 'Lama away',
      version: expect.any(String),
    });
    await waitFor(() => expect(within(ordersTable()).queryByText('Demo Patron')).not.toBeInTheDocument());
  });

  it("says 'Order Declination Failed' when declining is refused", async () => {
    const { toast, user, dialog } = await openDateModal({
      '/api/order/41': { status: 409, body: { message: 'Only a pending order can be declined.' } },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Decline Order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline Order' });
    await user.click(within(confirm).getByRole('radio', { name: 'We do not offer this puja now' }));
    await user.click(within(confirm).getByRole('button', { name: 'Decline Order' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual(['red: Order Declination Failed: Only a pending order can be declined.']),
    );
  });
});

describe('the calendar and its side panel', () => {
  function photo(name: string, type: string, size = 1024) {
    const file = new File(['x'], name, { type });
    // A real 11 MB buffer would only slow the test down: the size is what is checked.
    Object.defineProperty(file, 'size', { value: size });
    return file;
  }

  async function openPanel(answers: Parameters<typeof stubApi>[0] = {}) {
    const view = renderDashboard(answers);
    await view.user.click(await screen.findByText('White Tara Long-Life Puja: Demo Patron (PJ-H2B6RT)'));
    const panel = await screen.findByRole('dialog', { name: 'Puja details' });
    // A drop is not filtered by the file dialog's `accept`: the app's own checks must refuse.
    const dropper = userEvent.setup({ applyAccept: false });
    const input = panel.querySelector<HTMLInputElement>('input[type="file"]')!;
    return { ...view, panel, drop: (files: File[]) => dropper.upload(input, files) };
  }

  function detail(panel: HTMLElement, label: string) {
    return within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  }

  it('shows the approved orders with the month, week and day-list views', async () => {
    renderDashboard();
    expect(await screen.findByText('White Tara Long-Life Puja: Demo Patron (PJ-H2B6RT)')).toBeInTheDocument();
    for (const button of ['Month', 'Week', 'Day list', 'Today']) {
      expect(screen.getByRole('button', { name: new RegExp(button) })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('title', 'Previous month');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('title', 'Next month');
    // Pending orders wait in the table.
    expect(screen.queryByText(/^Green Tara Puja: Demo Patron/)).not.toBeInTheDocument();
  });

  it('opens the order in a side panel with its time, name, puja, date, e-mail and phone', async () => {
    const { panel } = await openPanel();

    expect(detail(panel, 'Order number')).toBe('PJ-H2B6RT');
    expect(detail(panel, 'Time')).toBe('All day');
    expect(detail(panel, 'Name')).toBe('Demo Patron');
    expect(detail(panel, 'Puja Service')).toBe('White Tara Long-Life Puja');
    expect(detail(panel, 'Date')).toBe(formatPujaDate(approved.date));
    expect(detail(panel, 'E-mail')).toBe('patron@example.com');
    expect(detail(panel, 'Phone')).toBe('+9779800000003');
    expect(within(panel).getByText('drag files or click')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Puja Completed' })).toBeInTheDocument();
  });

  it('needs at least one photo before completing', async () => {
    const { fetchMock, user, panel } = await openPanel();

    await user.click(within(panel).getByRole('button', { name: 'Puja Completed' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent('Add at least one photo of the puja.');
    expect(callsTo(fetchMock, '/api/complete-puja')).toHaveLength(0);
  });

  it('refuses a file that is not a photo, one too large, and more than the limit, before uploading', async () => {
    const { fetchMock, panel, drop } = await openPanel();

    await drop([
      photo('notes.pdf', 'application/pdf'),
      photo('drawing.svg', 'image/svg+xml'),
      photo('huge.jpg', 'image/jpeg', 11 * 1024 * 1024),
      photo('shrine.jpg', 'image/jpeg'),
    ]);

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('notes.pdf is not a photo: choose a JPEG, PNG, WebP or HEIC picture.');
    expect(alert).toHaveTextContent('drawing.svg is not a photo');
    expect(alert).toHaveTextContent('huge.jpg is larger than 10 MB.');
    const previews = within(panel).getByRole('list', { name: 'Selected photos' });
    expect(
      within(previews)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Preview of shrine.jpg']);

    const many = Array.from({ length: MAX_COMPLETION_PHOTOS }, (_, index) =>
      photo(`lamp-${index + 1}.png`, 'image/png'),
    );
    await drop(many);

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      `lamp-${MAX_COMPLETION_PHOTOS}.png was not added: at most ${MAX_COMPLETION_PHOTOS} photos at a time.`,
    );
    expect(within(previews).getAllByRole('img')).toHaveLength(MAX_COMPLETION_PHOTOS);
    expect(callsTo(fetchMock, '/api/complete-puja')).toHaveLength(0);
  });

  it('uploads the chosen photos, says the puja is marked as completed and closes once the order is done', async () => {
    const { fetchMock, toast, user, panel, drop } = await openPanel({
      '/api/complete-puja': lists([pending, secondPaid], [], [unpaid]),
    });

    await drop([photo('altar.jpg', 'image/jpeg'), photo('monks.png', 'image/png'), photo('lamp.heic', '')]);
    const previews = await within(panel).findByRole('list', { name: 'Selected photos' });
    expect(within(previews).getAllByRole('img')).toHaveLength(3);
    await user.click(within(panel).getByRole('button', { name: 'Remove monks.png' }));
    expect(within(previews).getAllByRole('img')).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Puja Completed' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Puja marked as completed']));
    expect(fieldsOf(callsTo(fetchMock, '/api/complete-puja')[0])).toEqual({
      _method: 'patch',
      order_id: '51',
      'files[]': ['altar.jpg', 'lamp.heic'],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Puja details' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('White Tara Long-Life Puja: Demo Patron (PJ-H2B6RT)')).not.toBeInTheDocument();
  });

  it('says the puja could not be marked as completed and keeps the photos when the server refuses them', async () => {
    const reason = 'Each file must be a photo (JPEG, PNG, WebP or HEIC).';
    const { toast, user, panel, drop } = await openPanel({
      '/api/complete-puja': { status: 422, body: { message: reason } },
    });

    await drop([photo('altar.jpg', 'image/jpeg')]);
    await within(panel).findByRole('list', { name: 'Selected photos' });
    await user.click(within(panel).getByRole('button', { name: 'Puja Completed' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual([`red: The puja could not be marked as completed: ${reason}`]),
    );
    expect(screen.getByRole('dialog', { name: 'Puja details' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('img', { name: /Preview of/ })).toHaveLength(1);
  });
});

describe('a patron who has not given a name', () => {
  const nameless = { name: '', email: null, phone: '+9779833333333' };

  it('is their phone number in the table, the message dialog, the date dialog, the calendar and the side panel', async () => {
    const { user } = renderDashboard({
      '/api/order': lists(
        [{ ...secondPaid, user: nameless }],
        [{ ...approved, user: nameless }],
        [{ ...unpaid, user: nameless }],
      ),
      '/api/get-messages/42': {
        body: { messages: [], images: [], order: { ...secondPaid, user: nameless } },
      },
      '/api/order/42/edit': { body: { order: { ...secondPaid, user: nameless } } },
    });

    const row = await rowOf('+9779833333333');
    // Each order's number opens its page, where its whole story is.
    expect(within(row).getByRole('link', { name: 'Order PJ-4TX8WN' })).toHaveAttribute(
      'href',
      '/monastery/orders/42',
    );
    expect(screen.getByRole('link', { name: 'PJ-9WQ3ZD' })).toHaveAttribute('href', '/monastery/orders/43');
    expect(
      within(screen.getByRole('table', { name: 'Orders awaiting payment' })).getByText('+9779833333333'),
    ).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /^Message/ }));
    const message = await screen.findByRole('dialog', { name: 'Message the patron' });
    expect(
      within(message).getByText(/^To \+9779833333333 about Medicine Buddha Puja on/),
    ).toBeInTheDocument();
    await user.click(within(message).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Message the patron' })).not.toBeInTheDocument(),
    );

    await user.click(within(row).getByRole('button', { name: /^Update Date/ }));
    const redate = await screen.findByRole('dialog', { name: 'Update Puja Date' });
    expect(
      await within(redate).findByText(/^Medicine Buddha Puja for \+9779833333333, now on/),
    ).toBeInTheDocument();
    await user.click(within(redate).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Puja Date' })).not.toBeInTheDocument(),
    );

    await user.click(await screen.findByText('White Tara Long-Life Puja: +9779833333333 (PJ-H2B6RT)'));
    const panel = await screen.findByRole('dialog', { name: 'Puja details' });
    expect(within(panel).getByText('Name', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '+9779833333333',
    );
  });
});
