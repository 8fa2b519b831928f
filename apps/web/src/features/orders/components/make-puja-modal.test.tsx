import { notifications } from '@mantine/notifications';
import { addDays, DEFAULT_BUSINESS_TIME_ZONE, type SessionUser, todayIn } from '@puja/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../../app/root-layout.tsx';
import { signIn } from '../../../lib/session.ts';
import { monasteryFixture, pujaFixture } from '../../../test/catalogue-fixtures.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { MonasteryPage } from '../../catalogue/routes/monastery-page.tsx';
import { PujaPage } from '../../catalogue/routes/puja-page.tsx';
import {
  calendarDayName,
  orderDateField,
  orderDateText,
  pickOrderDate,
  typeOrderDate,
} from '../test/order-date.ts';
import { goToPaymentPage, postPaymentForm } from '../utils/leave-for-payment.ts';

// jsdom cannot leave the page: these stand in for the form post to eSewa and the move to Khalti.
vi.mock('../utils/leave-for-payment.ts', () => ({ postPaymentForm: vi.fn(), goToPaymentPage: vi.fn() }));

const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
};

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/monastery/:slug', element: <MonasteryPage /> },
      { path: '/puja/:id', element: <PujaPage /> },
      { path: '/orders', element: <h1>Orders</h1> },
    ],
  },
];

const catalogueAnswers = {
  '/api/me': { body: { user: patron } },
  '/api/monastery/kopan-monastery/edit': { body: { monastery: monasteryFixture } },
  '/api/puja/green-tara-puja/edit': { body: { puja: pujaFixture } },
};

const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);
const nextWeek = addDays(today, 7);
const esewaForm = {
  action: 'http://127.0.0.1/simulator/esewa/api/epay/main/v2/form',
  fields: { amount: '1500', total_amount: '1500', transaction_uuid: '41-abc', signature: 'sig' },
};

type FetchMock = ReturnType<typeof stubApi>;

function callsTo(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls.filter(([input]) => String(input) === path);
}

function bodyOf(call: Parameters<FetchMock>) {
  return Object.fromEntries((call[1]!.body as FormData).entries());
}

function toasts(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([toast]) => {
    const { title, message, color } = toast as { title?: string; message: string; color: string };
    return `${color}: ${title ? `${title}: ` : ''}${message}`;
  });
}

/** Opens the Make Puja modal on the first card of the monastery (or puja) page. */
async function openModal(path = '/monastery/kopan-monastery') {
  const user = userEvent.setup();
  const view = renderRoutes(routes, path);
  await user.click((await screen.findAllByRole('button', { name: /^Make Puja: / }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Make Puja' });
  return { ...view, user, dialog };
}

async function fillOrder(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  { payment = 'eSewa' as 'eSewa' | 'Khalti' | null, date = nextWeek } = {},
) {
  await typeOrderDate(user, dialog, date);
  if (payment) await user.click(within(dialog).getByRole('radio', { name: payment }));
}

beforeEach(() => {
  signIn({ token: 'patron-token', user: patron });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(postPaymentForm).mockReset();
  vi.mocked(goToPaymentPage).mockReset();
});

describe('the Make Puja modal', () => {
  it('names the puja and monastery, shows the cost, and offers dates from today in Nepal', async () => {
    stubApi(catalogueAnswers);
    const { dialog } = await openModal();

    expect(within(dialog).getByText('Green Tara Puja at Kopan Monastery')).toBeInTheDocument();
    expect(within(dialog).getByText('Cost: Rs. 1,500')).toBeInTheDocument();
    expect(orderDateField(dialog)).toBeRequired();
    // It opens on what is being ordered, not on the date field with its calendar over the form.
    await waitFor(() => expect(within(dialog).getByText('Green Tara Puja at Kopan Monastery')).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: /Payment method/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Names to pray for' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name 1' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("opens the calendar on today's month in Nepal, with no earlier day to pick", async () => {
    stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();

    await user.click(orderDateField(dialog));

    const day = (isoDay: string) =>
      within(dialog)
        .getAllByRole('button', { name: calendarDayName(isoDay) })
        .find((button) => !button.hasAttribute('data-outside'));
    expect(day(today)).toBeEnabled();
    // The calendar cannot go back to a month before today's.
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeDisabled();
    const yesterday = within(dialog).queryByRole('button', { name: calendarDayName(addDays(today, -1)) });
    if (yesterday) expect(yesterday).toBeDisabled();
  });

  it('takes the last day of the year ahead, and not the day after', async () => {
    stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();
    const lastDay = addDays(today, 365);

    await typeOrderDate(user, dialog, addDays(lastDay, 1));
    expect(await within(dialog).findByText('Choose a date within the next year.')).toBeInTheDocument();
    // The field keeps what was typed, to be corrected.
    expect(orderDateField(dialog)).toHaveValue(addDays(lastDay, 1));

    await typeOrderDate(user, dialog, lastDay);
    expect(within(dialog).queryByText('Choose a date within the next year.')).not.toBeInTheDocument();
    expect(orderDateField(dialog)).toHaveValue(orderDateText(lastDay));
  });

  it('says when typed text is not a date it can read', async () => {
    stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();

    // A two-digit year could be read three ways.
    await typeOrderDate(user, dialog, '12/1/26');

    // In the browser's order (jsdom: en-US), with the year the calendar starts in.
    expect(
      await within(dialog).findByText(
        `Type the date as 11/28/${today.slice(0, 4)} or pick it in the calendar.`,
      ),
    ).toBeInTheDocument();
    expect(orderDateField(dialog)).toHaveValue('12/1/26');
    expect(orderDateField(dialog)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a typed date before today without sending anything', async () => {
    const fetchMock = stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog, { date: addDays(today, -1) });

    expect(await within(dialog).findByText('The date cannot be earlier than today.')).toBeInTheDocument();
    expect(orderDateField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(orderDateField(dialog)).toHaveValue(addDays(today, -1));
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
    expect(await within(dialog).findByText('Choose a date.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
  });

  it('refuses a day that became the past while the modal was open', async () => {
    const fetchMock = stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();
    await fillOrder(user, dialog, { date: today });

    // Midnight passes in Nepal before the patron sends the order.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
      expect(await within(dialog).findByText('The date cannot be earlier than today.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(orderDateField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
  });

  for (const [page, path] of [
    ['monastery', '/monastery/kopan-monastery'],
    ['puja', '/puja/green-tara-puja'],
  ] as const) {
    it(`requires the payment method on the ${page} page`, async () => {
      const fetchMock = stubApi(catalogueAnswers);
      const { user, dialog } = await openModal(path);

      await fillOrder(user, dialog, { payment: null });
      await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

      expect(await within(dialog).findByText('Choose how to pay: eSewa or Khalti.')).toBeInTheDocument();
      expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
    });
  }

  it('counts the intention up to 500 characters and refuses a longer one', async () => {
    const fetchMock = stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();
    const intention = within(dialog).getByRole('textbox', { name: /Your intention/ });
    expect(intention).not.toHaveAttribute('maxLength');
    expect(within(dialog).getByText('0/500 characters')).toBeInTheDocument();

    await user.type(intention, 'Peace');
    expect(within(dialog).getByText('5/500 characters')).toBeInTheDocument();

    await fillOrder(user, dialog);
    fireEvent.change(intention, { target: { value: 'a'.repeat(501) } });
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    expect(
      await within(dialog).findByText(
        'That is 501 characters; at most 500 fit. Please shorten it: nothing is cut for you.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
  });

  it('takes the names one per line: a pasted list becomes lines, each living or departed with a note', async () => {
    const fetchMock = stubApi({
      ...catalogueAnswers,
      '/api/order': { body: { order: orderFixture({ id: 41 }) } },
    });
    const { user, dialog } = await openModal();
    await fillOrder(user, dialog);

    await user.click(within(dialog).getByRole('textbox', { name: 'Name 1' }));
    await user.paste('Pema Dolma\n\n陳淑華\r\nराम बहादुर');
    expect(within(dialog).getByRole('textbox', { name: 'Name 1' })).toHaveValue('Pema Dolma');
    expect(within(dialog).getByRole('textbox', { name: 'Name 2' })).toHaveValue('陳淑華');
    expect(within(dialog).getByRole('textbox', { name: 'Name 3' })).toHaveValue('राम बहादुर');
    expect(within(dialog).getByText('3/30 names')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Departed: Name 2' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note for name 2 (optional)' }),
      'died 3 March 2025',
    );
    // A line added and left empty is not a name: it is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add a name' }));
    expect(within(dialog).getByText('4/30 names')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/order')).toHaveLength(1));
    expect(JSON.parse(String(bodyOf(callsTo(fetchMock, '/api/order')[0]!).names))).toEqual([
      { name: 'Pema Dolma', departed: false },
      { name: '陳淑華', departed: true, note: 'died 3 March 2025' },
      { name: 'राम बहादुर', departed: false },
    ]);
  });

  it('counts the names live, never drops one, and sends nothing while there are too many or one is too long', async () => {
    const fetchMock = stubApi(catalogueAnswers);
    const { user, dialog } = await openModal();
    await fillOrder(user, dialog);
    const first = within(dialog).getByRole('textbox', { name: 'Name 1' });
    expect(first).not.toHaveAttribute('maxLength');

    await user.click(first);
    await user.paste(Array.from({ length: 32 }, (_, index) => `Name ${index + 1}`).join('\n'));
    expect(within(dialog).getByText('32/30 names')).toBeInTheDocument();
    expect(
      within(dialog).getByText('That is 32 names; at most 30 fit. Please remove 2: none is dropped for you.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name 32' })).toHaveValue('Name 32');
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
    expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove name 32' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove name 31' }));
    expect(within(dialog).getByText('30/30 names')).toBeInTheDocument();
    expect(within(dialog).queryByText(/at most 30 fit/)).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name 1' }), {
      target: { value: 'x'.repeat(101) },
    });
    expect(
      within(dialog).getByText('That is 101 characters; a name can have at most 100.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
    expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
  });

  it('places the order, says so, closes, and posts the eSewa form', async () => {
    const order = orderFixture({ id: 41, payment_type: 'esewa' });
    const fetchMock = stubApi({
      ...catalogueAnswers,
      '/api/order': { body: { order } },
      '/api/esewa-process': { body: esewaForm },
    });
    const toast = vi.spyOn(notifications, 'show');
    const { user, dialog } = await openModal();

    // Picked from the calendar this time; the other tests type the day.
    await pickOrderDate(user, dialog, nextWeek);
    expect(orderDateField(dialog)).toHaveValue(orderDateText(nextWeek));
    await user.click(within(dialog).getByRole('radio', { name: 'eSewa' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name 1' }), 'Tenzin Norbu');
    await user.type(within(dialog).getByRole('textbox', { name: /Your intention/ }), 'A safe journey');
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    await waitFor(() => expect(postPaymentForm).toHaveBeenCalledWith(esewaForm.action, esewaForm.fields));
    const [orderCall] = callsTo(fetchMock, '/api/order');
    expect(orderCall?.[1]?.method).toBe('POST');
    const sent = bodyOf(orderCall!);
    expect(sent).toMatchObject({
      monastery: '1',
      puja: '11',
      cost: '1500',
      date: nextWeek,
      payment: 'esewa',
      names: JSON.stringify([{ name: 'Tenzin Norbu', departed: false }]),
      intention: 'A safe journey',
    });
    expect(sent.idempotency_key).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(bodyOf(callsTo(fetchMock, '/api/esewa-process')[0]!)).toEqual({ order: '41' });
    expect(toasts(toast)).toContain('green: Order Placed Successfully');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make Puja' })).not.toBeInTheDocument());
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  describe('for a patron who has just signed up, with no name yet (issue 29)', () => {
    const newcomer: SessionUser = { ...patron, id: 9, name: '', email: null };
    beforeEach(() => signIn({ token: 'new-token', user: newcomer }));
    const newcomerAnswers = { ...catalogueAnswers, '/api/me': { body: { user: newcomer } } };

    it('asks for the name in the order form, with the order’s own messages, and sends nothing', async () => {
      const fetchMock = stubApi(newcomerAnswers);
      const { user, dialog } = await openModal();

      const name = within(dialog).getByRole('textbox', { name: /Your full name/ });
      expect(name).toBeRequired();
      await user.type(name, 'Tenzin');
      await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

      await waitFor(() => expect(name).toHaveAccessibleDescription(/Oops, can you give us your full name\?/));
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByText('Choose a date.')).toBeInTheDocument();

      await fillOrder(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
      await waitFor(() => expect(name).toHaveAccessibleDescription(/Oops, can you give us your full name\?/));
      expect(callsTo(fetchMock, '/api/update-user-details')).toHaveLength(0);
      expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
    });

    it('saves the name, then places the order and starts the payment', async () => {
      const order = orderFixture({ id: 41, payment_type: 'esewa' });
      const fetchMock = stubApi({
        ...newcomerAnswers,
        '/api/update-user-details': { body: { user: { ...newcomer, name: 'Dawa Sherpa' } } },
        '/api/order': { body: { order } },
        '/api/esewa-process': { body: esewaForm },
      });
      const { user, dialog } = await openModal();

      await user.type(within(dialog).getByRole('textbox', { name: /Your full name/ }), 'Dawa Sherpa');
      await fillOrder(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

      await waitFor(() => expect(postPaymentForm).toHaveBeenCalledWith(esewaForm.action, esewaForm.fields));
      const [saved] = callsTo(fetchMock, '/api/update-user-details');
      expect(bodyOf(saved!)).toMatchObject({ name: 'Dawa Sherpa' });
      expect(bodyOf(saved!)).not.toHaveProperty('email');
      // The name first: the order is the patron's, named.
      const paths = fetchMock.mock.calls.map(([input]) => String(input));
      expect(paths.indexOf('/api/update-user-details')).toBeLessThan(paths.indexOf('/api/order'));
    });

    it('does not place the order when the name cannot be saved, and says why on the field', async () => {
      const fetchMock = stubApi({
        ...newcomerAnswers,
        '/api/update-user-details': {
          status: 422,
          body: { message: 'Invalid input', errors: { name: ['Oops, can you give us your full name?'] } },
        },
      });
      const { user, dialog } = await openModal();

      const name = within(dialog).getByRole('textbox', { name: /Your full name/ });
      await user.type(name, 'Dawa Sherpa');
      await fillOrder(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

      await waitFor(() => expect(name).toHaveAccessibleDescription(/Oops, can you give us your full name\?/));
      expect(callsTo(fetchMock, '/api/order')).toHaveLength(0);
    });
  });

  it('asks no name of a patron who has one', async () => {
    stubApi(catalogueAnswers);
    const { dialog } = await openModal();
    expect(within(dialog).queryByRole('textbox', { name: /Your full name/ })).not.toBeInTheDocument();
  });

  it('sends the patron to Khalti when they chose Khalti, with an empty form next time', async () => {
    const order = orderFixture({ id: 42, payment_type: 'khalti' });
    stubApi({
      ...catalogueAnswers,
      '/api/order': { body: { order } },
      '/api/khalti-process': {
        body: {
          response: {
            pidx: 'pidx-1',
            payment_url: 'http://127.0.0.1/simulator/khalti/pay?pidx=pidx-1',
            expires_at: '2026-12-01T00:00:00Z',
          },
        },
      },
    });
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog, { payment: 'Khalti' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('http://127.0.0.1/simulator/khalti/pay?pidx=pidx-1'),
    );
    expect(postPaymentForm).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: /^Make Puja: / })[0]!);
    const reopened = await screen.findByRole('dialog', { name: 'Make Puja' });
    expect(orderDateField(reopened)).toHaveValue('');
    expect(within(reopened).getByRole('radio', { name: 'Khalti' })).not.toBeChecked();
  });

  it("shows the server's reason in a toast and by its field, and keeps the form open", async () => {
    const reason = 'The price of this puja is now Rs. 1,800. Please check and order again.';
    const fetchMock = stubApi({
      ...catalogueAnswers,
      '/api/order': { status: 422, body: { message: reason, errors: { cost: [reason] } } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(toasts(toast)).toEqual([`red: Order Placed Unsuccessful: ${reason}`]);
    expect(screen.getByRole('dialog', { name: 'Make Puja' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/esewa-process')).toHaveLength(0);
  });

  it('shows per-field errors of a 422 under their fields', async () => {
    stubApi({
      ...catalogueAnswers,
      '/api/order': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            date: ['Choose a date within the next year.'],
            'names.0.name': ['A name can be at most 100 characters.'],
          },
        },
      },
    });
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name 1' }), 'Dawa');
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    expect(await within(dialog).findByText('Choose a date within the next year.')).toBeInTheDocument();
    expect(within(dialog).getByText('A name can be at most 100 characters.')).toBeInTheDocument();
    expect(orderDateField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Name 1' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('places one order for a double click', async () => {
    const fetchMock = stubApi({ ...catalogueAnswers, '/api/esewa-process': { body: esewaForm } });
    const answered = fetchMock.getMockImplementation()!;
    let answerOrder: (response: Response) => void = () => {};
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/order'
        ? new Promise<Response>((resolve) => {
            answerOrder = resolve;
          })
        : answered(input, init),
    );
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Make Puja' }));
    answerOrder(new Response(JSON.stringify({ order: orderFixture() }), { status: 200 }));

    await waitFor(() => expect(postPaymentForm).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, '/api/order')).toHaveLength(1);
  });

  it('sends a new idempotency key with each new submission', async () => {
    const fetchMock = stubApi({
      ...catalogueAnswers,
      '/api/order': [
        { status: 422, body: { message: 'Nope.', errors: { puja: ['Not offered at the moment.'] } } },
        { body: { order: orderFixture() } },
      ],
      '/api/esewa-process': { body: esewaForm },
    });
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not offered at the moment.');
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    await waitFor(() => expect(postPaymentForm).toHaveBeenCalled());
    const keys = callsTo(fetchMock, '/api/order').map((call) => bodyOf(call).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends the same key again after an answer was lost, so the order cannot be placed twice', async () => {
    const fetchMock = stubApi({
      ...catalogueAnswers,
      '/api/esewa-process': { body: esewaForm },
    });
    const answered = fetchMock.getMockImplementation()!;
    let orderAttempts = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/order' && orderAttempts++ === 0) throw new TypeError('Failed to fetch');
      if (String(input) === '/api/order') {
        return new Response(JSON.stringify({ order: orderFixture() }), { status: 200 });
      }
      return answered(input, init);
    });
    const toast = vi.spyOn(notifications, 'show');
    const { user, dialog } = await openModal();

    await fillOrder(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));
    await waitFor(() =>
      expect(toasts(toast)).toContain(
        'red: Order Placed Unsuccessful: We could not reach the server. Check your connection and try again.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    await waitFor(() => expect(postPaymentForm).toHaveBeenCalled());
    const keys = callsTo(fetchMock, '/api/order').map((call) => bodyOf(call).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('takes the patron to the order when the payment cannot start', async () => {
    stubApi({
      ...catalogueAnswers,
      '/api/order': { body: { order: orderFixture({ id: 43, payment_type: 'khalti' }) } },
      '/api/khalti-process': { status: 503, body: { message: 'Khalti could not start the payment.' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const { user, dialog, router } = await openModal();

    await fillOrder(user, dialog, { payment: 'Khalti' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Puja' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?oid=43');
    expect(toasts(toast)).toContain(
      'red: The payment could not be started: Something went wrong on our side. Please try again.',
    );
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });
});
