import { notifications } from '@mantine/notifications';
import type { AdminPayment, AdminPaymentsResponse } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, signInAsAdmin, stubRoutes } from '../../../test/admin-fixtures.ts';
import { captureDownloads, textOf } from '../../../test/downloads.ts';
import { paymentFixture } from '../../../test/order-fixtures.ts';
import { chooseOption, renderRoutes } from '../../../test/render-app.tsx';
import { AdminPaymentsPage } from './admin-payments-page.tsx';

function payment(overrides: Partial<AdminPayment> & { id: number }): AdminPayment {
  return {
    ...paymentFixture({
      reference: `ref-${overrides.id}`,
      transaction_code: `TXN-${overrides.id}`,
      ...overrides,
    }),
    order: {
      id: 41,
      number: 'PJ-7K3M9Q',
      status: 'approved',
      puja_date: '2026-12-01T00:00:00+05:45',
      patron: { name: 'Demo Patron', phone: '+9779800000003' },
      monastery: 'Kopan Monastery',
      puja: 'Green Tara Puja',
    },
    ...overrides,
  };
}

const esewaDue = payment({
  id: 601,
  status: 'Refund due',
  refund_reason: 'cancelled',
  refund_due_at: '2026-11-21T04:15:00.000Z',
  order: {
    id: 42,
    number: 'PJ-4TX8WN',
    status: 'cancelled',
    puja_date: '2026-12-05T00:00:00+05:45',
    patron: { name: 'Sonam Dolma', phone: '+9779822222222' },
    monastery: 'Kopan Monastery',
    puja: 'Butter Lamp Offering',
  },
});
const khaltiDue = payment({
  id: 602,
  provider: 'khalti',
  amount: 2500,
  status: 'Refund due',
  reference: 'pidx-602',
  refund_reason: 'declined',
  refund_due_at: '2026-11-22T05:00:00.000Z',
  order: {
    id: 43,
    number: 'PJ-H2B6RT',
    status: 'declined',
    puja_date: '2026-12-08T00:00:00+05:45',
    patron: { name: 'Pema Lhamo', phone: '+9779811111111' },
    monastery: 'Shechen Monastery',
    puja: 'Medicine Buddha Puja',
  },
});
const kept = payment({ id: 603 });
/** A card payment in US dollars (docs/decisions/052) for a declined order: its refund goes back in dollars. */
const cardDue = payment({
  id: 604,
  provider: 'stripe',
  amount: 2500,
  status: 'Refund due',
  reference: 'cs_test_604',
  transaction_code: 'pi_604',
  refund_reason: 'declined',
  refund_due_at: '2026-11-22T05:00:00.000Z',
  card: {
    currency: 'USD',
    amount: 18.8,
    rupees: 2500,
    rupees_per_unit: 133,
    fee: { currency: 'USD', amount: 0.85, rupees: 113.05 },
  },
  order: {
    id: 44,
    number: 'PJ-C4RD7S',
    status: 'declined',
    puja_date: '2026-12-09T00:00:00+05:45',
    patron: { name: 'Karma Yangchen', phone: '+61412345678' },
    monastery: 'Kopan Monastery',
    puja: 'Green Tara Puja',
  },
});
cardDue.refunds = cardDue.refunds.map((refund) => ({ ...refund, card_amount: 18.8 }));

function page(
  payments: AdminPayment[],
  extra: Partial<AdminPaymentsResponse> = {},
): { body: AdminPaymentsResponse } {
  return {
    body: {
      payments,
      page: 1,
      pageSize: 25,
      total: payments.length,
      refundsDue: { count: 2, amount: 4000 },
      ...extra,
    },
  };
}

function renderPage(path = '/admin/payments') {
  return renderRoutes([{ path: '/admin/payments', element: <AdminPaymentsPage /> }], path);
}

/** The list requests made, with their query strings. */
function listRequests(fetchMock: ReturnType<typeof stubRoutes>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === '/api/admin/payments');
}

async function table() {
  return screen.findByRole('table', { name: 'Payments' });
}

async function rowOf(number: string) {
  const cell = await within(await table()).findByText(number);
  return cell.closest('tr')!;
}

function toasts(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map(([toast]) => {
    const { title, message, color } = toast as { title?: string; message: string; color: string };
    return `${color}: ${title ? `${title}: ` : ''}${message}`;
  });
}

beforeEach(() => {
  signInAsAdmin();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminPaymentsPage', () => {
  it('shows the refunds due, then one payment a row', async () => {
    stubRoutes({ 'GET /api/admin/payments': page([esewaDue, khaltiDue, kept]) });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Refunds due' });
    expect(await within(summary).findByText('2 payments to refund, Rs. 4,000 in all.')).toBeInTheDocument();

    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Order',
      'Patron',
      'Monastery / Puja',
      'Provider',
      'Amount',
      'Status',
      'Dates',
      'References',
      'Actions',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(await rowOf('PJ-4TX8WN'))).toEqual([
      'PJ-4TX8WNCancelledPuja on December 5th, 2026',
      'Sonam Dolma+9779822222222',
      'Kopan MonasteryButter Lamp Offering',
      'eSewa',
      'Rs. 1,500',
      'Refund dueCancelled by the patron',
      'Paid November 20th, 2026 02:01 PMRefund due November 21st, 2026 10:00 AM',
      'Ref. ref-601Txn TXN-601',
      'Record eSewa refund',
    ]);
    expect(cells(await rowOf('PJ-H2B6RT')).slice(3, 9)).toEqual([
      'Khalti',
      'Rs. 2,500',
      'Refund dueOrder declined',
      'Paid November 20th, 2026 02:01 PMRefund due November 22nd, 2026 10:45 AM',
      'Ref. pidx-602Txn TXN-602',
      'Refund through KhaltiRecord refund',
    ]);
    // Money kept for a puja has nothing to act on.
    expect(cells(await rowOf('PJ-7K3M9Q')).slice(5)).toEqual([
      'Completed',
      'Paid November 20th, 2026 02:01 PM',
      'Ref. ref-603Txn TXN-603',
      '—',
    ]);
  });

  it('says when no refund is due, and when no payment matches', async () => {
    stubRoutes({
      'GET /api/admin/payments': page([], { refundsDue: { count: 0, amount: 0 } }),
    });
    renderPage('/admin/payments?provider=khalti');

    expect(await screen.findByText('No refunds due.')).toBeInTheDocument();
    expect(await screen.findByText('No payment matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show refunds due' })).not.toBeInTheDocument();
  });

  // Many steps through real inputs: a busy machine needs more than the default 15 s.
  it('sends the filters and the page as query parameters, and keeps them in the address', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': page([esewaDue, khaltiDue, kept], { total: 60 }),
    });
    const { router } = renderPage();
    await table();
    expect(listRequests(fetchMock)).toEqual(['/api/admin/payments']);

    await chooseOption(user, screen.getByRole('textbox', { name: 'Status' }), 'Refund due');
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toBe('/api/admin/payments?status=Refund+due'));

    await chooseOption(user, screen.getByRole('textbox', { name: 'Provider' }), 'Khalti');
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toBe('/api/admin/payments?status=Refund+due&provider=khalti'),
    );

    const from = screen.getByRole('textbox', { name: 'From' });
    await user.type(from, '2026-11-01');
    await user.tab();
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.type(to, '2026-11-30');
    await user.tab();
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toBe(
        '/api/admin/payments?status=Refund+due&provider=khalti&from=2026-11-01&to=2026-11-30',
      ),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Order number' }), 'PJ-7K');
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toBe(
        '/api/admin/payments?status=Refund+due&provider=khalti&from=2026-11-01&to=2026-11-30&q=PJ-7K',
      ),
    );
    // Typing is sent once it pauses, not letter by letter.
    expect(listRequests(fetchMock).filter((url) => url.includes('q='))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toMatch(/&q=PJ-7K&page=2$/));
    expect(router.state.location.search).toBe(
      '?status=Refund+due&provider=khalti&from=2026-11-01&to=2026-11-30&q=PJ-7K&page=2',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Order number' })).toHaveValue('');
    expect(listRequests(fetchMock).at(-1)).toBe('/api/admin/payments');
  }, 40_000);

  it('shows only the refunds due from the summary', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({ 'GET /api/admin/payments': page([esewaDue, khaltiDue, kept]) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Show refunds due' }));

    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toBe('/api/admin/payments?status=Refund+due'));
    expect(screen.queryByRole('button', { name: 'Show refunds due' })).not.toBeInTheDocument();
  });

  it('exports the filtered payments as CSV, with the token, without the page', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': page([esewaDue]),
      'GET /api/admin/payments/export.csv': {
        body: 'order,amount\nPJ-4TX8WN,1500\n',
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="payments.csv"' },
      },
    });
    renderPage('/admin/payments?status=Refund+due&provider=esewa&page=2');

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['payments.csv']));
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('export.csv'))!;
    expect(url).toBe('/api/admin/payments/export.csv?status=Refund+due&provider=esewa');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
    await expect(textOf(saved[0]!)).resolves.toBe('order,amount\nPJ-4TX8WN,1500\n');
  });

  it('says why an export failed', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    stubRoutes({
      'GET /api/admin/payments': page([esewaDue]),
      'GET /api/admin/payments/export.csv': {
        status: 422,
        body: { message: 'Too many payments: narrow the filters.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'red: The export could not be downloaded: Too many payments: narrow the filters.',
      ]),
    );
    expect(saved).toEqual([]);
  });
});

describe('refunding through Khalti', () => {
  async function confirmKhaltiRefund(user: ReturnType<typeof userEvent.setup>) {
    await user.click(
      within(await rowOf('PJ-H2B6RT')).getByRole('button', { name: 'Refund through Khalti: PJ-H2B6RT' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund through Khalti' });
    expect(
      within(dialog).getByText(
        'Refund Rs. 2,500 to Pema Lhamo for order PJ-H2B6RT through Khalti? Khalti returns the money to the wallet it came from.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund through Khalti' }));
  }

  it("refunds after a confirmation, tells the server's message, and refreshes the list", async () => {
    const user = userEvent.setup();
    const refunded = {
      ...khaltiDue,
      status: 'Refunded' as const,
      refunded_at: '2026-11-23T05:00:00.000Z',
      refunds: [
        { ...khaltiDue.refunds[0]!, state: 'refunded' as const, refunded_at: '2026-11-23T05:00:00.000Z' },
      ],
    };
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': [
        page([esewaDue, khaltiDue, kept]),
        page([esewaDue, refunded, kept], { refundsDue: { count: 1, amount: 1500 } }),
      ],
      'POST /api/admin/payments/602/refund': {
        body: { payment: refunded, message: 'Rs. 2,500 was refunded to Pema Lhamo through Khalti.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await confirmKhaltiRefund(user);

    await waitFor(() =>
      expect(toasts(toast)).toEqual(['green: Rs. 2,500 was refunded to Pema Lhamo through Khalti.']),
    );
    expect(callsTo(fetchMock, 'POST /api/admin/payments/602/refund')).toEqual([{}]);
    expect(await screen.findByText('1 payment to refund, Rs. 1,500 in all.')).toBeInTheDocument();
    expect(within(await rowOf('PJ-H2B6RT')).getByText('Refunded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Refund through Khalti' })).not.toBeInTheDocument();
  });

  it('shows a card payment’s dollars, rate and Stripe’s fee as sent, and refunds it to the card in dollars', async () => {
    const user = userEvent.setup();
    const refunded = {
      ...cardDue,
      status: 'Refunded' as const,
      refunded_at: '2026-11-23T05:00:00.000Z',
      refunds: [
        { ...cardDue.refunds[0]!, state: 'refunded' as const, refunded_at: '2026-11-23T05:00:00.000Z' },
      ],
    };
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': [page([cardDue, kept]), page([refunded, kept])],
      'POST /api/admin/payments/604/refund': {
        body: { payment: refunded, message: 'Refunded through Card (Stripe). The patron has been told.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    const row = await rowOf('PJ-C4RD7S');
    expect(within(row).getByText('Card')).toBeInTheDocument();
    expect(within(row).getByText('Rs. 2,500')).toBeInTheDocument();
    const card = within(row).getByTestId('card-money');
    expect(card).toHaveTextContent('Paid USD 18.80 by card');
    expect(card).toHaveTextContent('at Rs. 133 per USD');
    expect(card).toHaveTextContent("Stripe's fee USD 0.85 (Rs. 113.05)");
    expect(within(row).getByText('Refund of USD 18.80 (Rs. 2,500)')).toBeInTheDocument();
    // A wallet payment has no card figures.
    expect(within(await rowOf('PJ-7K3M9Q')).queryByTestId('card-money')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Refund to the card: PJ-C4RD7S' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund to the card through Stripe' });
    expect(
      within(dialog).getByText(
        'Refund USD 18.80 (Rs. 2,500) to Karma Yangchen for order PJ-C4RD7S through Stripe? Stripe returns it to the card that paid, in the currency it was paid in.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund to the card' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual(['green: Refunded through Card (Stripe). The patron has been told.']),
    );
    expect(callsTo(fetchMock, 'POST /api/admin/payments/604/refund')).toEqual([{}]);
    expect(within(await rowOf('PJ-C4RD7S')).getByText('Refunded')).toBeInTheDocument();

    // Card payments can be listed apart.
    await chooseOption(user, screen.getByRole('textbox', { name: 'Provider' }), 'Card');
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toBe('/api/admin/payments?provider=stripe'));
  });

  it('says when Khalti has not confirmed yet (202), and shows the refund under way', async () => {
    const user = userEvent.setup();
    const underWay = {
      ...khaltiDue,
      refund_requested_at: '2026-11-23T05:00:00.000Z',
      refunds: [
        { ...khaltiDue.refunds[0]!, state: 'requested' as const, requested_at: '2026-11-23T05:00:00.000Z' },
      ],
    };
    stubRoutes({
      'GET /api/admin/payments': [page([esewaDue, khaltiDue, kept]), page([esewaDue, underWay, kept])],
      'POST /api/admin/payments/602/refund': {
        status: 202,
        body: {
          payment: underWay,
          message: 'Khalti did not answer. The refund will be tried again automatically.',
        },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await confirmKhaltiRefund(user);

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'blue: Khalti did not answer. The refund will be tried again automatically.',
      ]),
    );
    const row = await rowOf('PJ-H2B6RT');
    expect(
      await within(row).findByText('Khalti has not confirmed yet; retried automatically.'),
    ).toBeInTheDocument();
    expect(within(row).getByText('Asked of Khalti November 23rd, 2026 10:45 AM')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Refund through Khalti/ })).not.toBeInTheDocument();
  });

  it("tells the server's reason when no refund is due any more (409)", async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': page([esewaDue, khaltiDue, kept]),
      'POST /api/admin/payments/602/refund': {
        status: 409,
        body: { message: 'This payment has been refunded already.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await confirmKhaltiRefund(user);

    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        'red: Refund through Khalti failed: This payment has been refunded already.',
      ]),
    );
    await waitFor(() => expect(listRequests(fetchMock)).toHaveLength(2));
  });

  it('after Khalti refuses (422), the refund made in Khalti’s portal can be recorded', async () => {
    const user = userEvent.setup();
    const recorded = {
      ...khaltiDue,
      status: 'Refunded' as const,
      refund_reference: 'KH-PORTAL-7',
      refunds: [
        {
          ...khaltiDue.refunds[0]!,
          state: 'refunded' as const,
          refunded_at: '2026-11-23T05:00:00.000Z',
          reference: 'KH-PORTAL-7',
        },
      ],
    };
    const refused = { ...khaltiDue, refund_error: 'Transaction already refunded in part.' };
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': [
        page([esewaDue, khaltiDue, kept]),
        page([esewaDue, refused, kept]),
        page([esewaDue, recorded, kept]),
      ],
      'POST /api/admin/payments/602/refund': {
        status: 422,
        body: {
          message: "Khalti refused the refund: refund it in Khalti's merchant portal, then record it here.",
        },
      },
      'POST /api/admin/payments/602/record-refund': {
        body: { payment: recorded, message: 'The refund of Rs. 2,500 is recorded.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await confirmKhaltiRefund(user);
    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        "red: Refund through Khalti failed: Khalti refused the refund: refund it in Khalti's merchant portal, then record it here.",
      ]),
    );

    const row = await rowOf('PJ-H2B6RT');
    expect(
      await within(row).findByText('Khalti refused: Transaction already refunded in part.'),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Record refund: PJ-H2B6RT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund' });
    expect(
      within(dialog).getByText(
        "First refund Rs. 2,500 to Pema Lhamo for order PJ-H2B6RT in Khalti's merchant portal, then enter the reference the portal gives the refund.",
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Refund reference/ }), 'KH-PORTAL-7');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    await waitFor(() => expect(toasts(toast).at(-1)).toBe('green: The refund of Rs. 2,500 is recorded.'));
    expect(callsTo(fetchMock, 'POST /api/admin/payments/602/record-refund')).toEqual([
      { reference: 'KH-PORTAL-7' },
    ]);
  });
});

describe('recording an eSewa refund', () => {
  async function openRecord(user: ReturnType<typeof userEvent.setup>) {
    await user.click(
      within(await rowOf('PJ-4TX8WN')).getByRole('button', { name: 'Record eSewa refund: PJ-4TX8WN' }),
    );
    return screen.findByRole('dialog', { name: 'Record a refund' });
  }

  it('requires the reference, sends it, and refreshes the list', async () => {
    const user = userEvent.setup();
    const recorded = {
      ...esewaDue,
      status: 'Refunded' as const,
      refunded_at: '2026-11-23T05:00:00.000Z',
      refund_reference: 'ESW-RF-991',
      refunds: [
        {
          ...esewaDue.refunds[0]!,
          state: 'refunded' as const,
          refunded_at: '2026-11-23T05:00:00.000Z',
          reference: 'ESW-RF-991',
        },
      ],
    };
    const fetchMock = stubRoutes({
      'GET /api/admin/payments': [
        page([esewaDue, khaltiDue, kept]),
        page([recorded, khaltiDue, kept], { refundsDue: { count: 1, amount: 2500 } }),
      ],
      'POST /api/admin/payments/601/record-refund': {
        body: { payment: recorded, message: 'The refund of Rs. 1,500 to Sonam Dolma is recorded.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    const dialog = await openRecord(user);
    expect(
      within(dialog).getByText(
        "First refund Rs. 1,500 to Sonam Dolma for order PJ-4TX8WN in eSewa's merchant portal, then enter the reference the portal gives the refund.",
      ),
    ).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: /Refund reference/ });
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(
      await within(dialog).findByText("Enter the refund's reference from the merchant portal."),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/admin/payments/601/record-refund')).toHaveLength(0);

    await user.type(field, '  ESW-RF-991 ');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual(['green: The refund of Rs. 1,500 to Sonam Dolma is recorded.']),
    );
    expect(callsTo(fetchMock, 'POST /api/admin/payments/601/record-refund')).toEqual([
      { reference: 'ESW-RF-991' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record a refund' })).not.toBeInTheDocument(),
    );
    const row = await rowOf('PJ-4TX8WN');
    expect(await within(row).findByText('Refund ref. ESW-RF-991')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Record/ })).not.toBeInTheDocument();
    expect(await screen.findByText('1 payment to refund, Rs. 2,500 in all.')).toBeInTheDocument();
  });

  it("shows the server's objection to the reference under the field, keeping the dialog open", async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/admin/payments': page([esewaDue, khaltiDue, kept]),
      'POST /api/admin/payments/601/record-refund': {
        status: 400,
        body: {
          message: 'Invalid.',
          errors: { reference: ['This reference is recorded for another refund.'] },
        },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    const dialog = await openRecord(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Refund reference/ }), 'ESW-RF-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    expect(
      await within(dialog).findByText('This reference is recorded for another refund.'),
    ).toBeInTheDocument();
    expect(toasts(toast)).toEqual([
      'red: Recording the refund failed: This reference is recorded for another refund.',
    ]);
    expect(screen.getByRole('dialog', { name: 'Record a refund' })).toBeInTheDocument();
  });

  it("tells the server's reason and closes when no refund is due any more (409)", async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/admin/payments': page([esewaDue, khaltiDue, kept]),
      'POST /api/admin/payments/601/record-refund': {
        status: 409,
        body: { message: 'No refund is due for this payment.' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    const dialog = await openRecord(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Refund reference/ }), 'ESW-RF-1');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));

    await waitFor(() =>
      expect(toasts(toast)).toEqual(['red: Recording the refund failed: No refund is due for this payment.']),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record a refund' })).not.toBeInTheDocument(),
    );
  });
});
