import { notifications } from '@mantine/notifications';
import { addDays, DEFAULT_BUSINESS_TIME_ZONE, type SessionUser, todayIn } from '@puja/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { monasteryFixture, pujaFixture } from '../../../test/catalogue-fixtures.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { chooseOption, renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { orderDateField, orderDateText, pickOrderDate, typeOrderDate } from '../test/order-date.ts';
import { postPaymentForm } from '../utils/leave-for-payment.ts';
import { DirectOrderPage } from './direct-order-page.tsx';

vi.mock('../utils/leave-for-payment.ts', () => ({ postPaymentForm: vi.fn(), goToPaymentPage: vi.fn() }));

const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
};

const shechen = {
  ...monasteryFixture,
  id: 2,
  slug: 'shechen-monastery',
  name: 'Shechen Monastery',
  pujas: [{ ...monasteryFixture.pujas[0]!, pivot: { id: 201, cost: 2200 } }],
};

const options = { body: { monasteries: [monasteryFixture, shechen], pujas: [pujaFixture] } };
const nextWeek = addDays(todayIn(DEFAULT_BUSINESS_TIME_ZONE), 7);

function renderPage() {
  return renderRoutes(
    [
      { path: '/direct-order', element: <DirectOrderPage /> },
      { path: '/orders', element: <h1>Orders</h1> },
    ],
    '/direct-order',
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

beforeEach(() => {
  signIn({ token: 'patron-token', user: patron });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(postPaymentForm).mockReset();
});

describe('DirectOrderPage', () => {
  it("offers the chosen monastery's pujas with their prices, and shows the cost", async () => {
    const user = userEvent.setup();
    stubApi({ '/api/get-monastery-puja': options });
    renderPage();

    expect(await screen.findByRole('heading', { name: "Let's Start your puja" })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Monastery/ })).toBeInTheDocument();
    expect(field(/^Puja/)).toBeDisabled();
    expect(screen.queryByText(/^Cost:/)).not.toBeInTheDocument();

    await chooseOption(user, field(/^Monastery/), 'Shechen Monastery');
    await user.click(field(/^Puja/));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Green Tara Puja (Rs. 2,200)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Green Tara Puja (Rs. 2,200)' }));

    expect(screen.getByText('Cost: Rs. 2,200')).toBeInTheDocument();
    // The calendar starts at today in Nepal: nothing before this month.
    await user.click(orderDateField(document.body));
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  });

  it('requires the monastery, the puja, the date and the payment method', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ '/api/get-monastery-puja': options });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Choose a monastery.')).toBeInTheDocument();
    expect(screen.getByText('Choose a puja.')).toBeInTheDocument();
    expect(screen.getByText('Choose a date.')).toBeInTheDocument();
    expect(screen.getByText('Choose how to pay: eSewa or Khalti.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => input)).not.toContain('/api/order');
  });

  it('places the order and starts the payment, like the Make Puja modal', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      '/api/get-monastery-puja': options,
      '/api/order': { body: { order: orderFixture({ id: 50 }) } },
      '/api/esewa-process': { body: { action: 'http://127.0.0.1/pay', fields: { a: '1' } } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await chooseOption(user, await screen.findByRole('textbox', { name: /^Monastery/ }), 'Kopan Monastery');
    await chooseOption(user, field(/^Puja/), 'Medicine Buddha Puja (Rs. 500)');
    await pickOrderDate(user, document.body, nextWeek);
    expect(orderDateField(document.body)).toHaveValue(orderDateText(nextWeek));
    await user.click(screen.getByRole('radio', { name: 'eSewa' }));
    await user.type(field(/Your intention/), 'Good health');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(postPaymentForm).toHaveBeenCalledWith('http://127.0.0.1/pay', { a: '1' }));
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/order')!;
    expect(Object.fromEntries((init!.body as FormData).entries())).toMatchObject({
      monastery: '1',
      puja: '12',
      cost: '500',
      date: nextWeek,
      payment: 'esewa',
      intention: 'Good health',
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order Placed Successfully' }));
    // The form starts again, empty.
    expect(field(/^Monastery/)).toHaveValue('');
    expect(orderDateField(document.body)).toHaveValue('');
    expect(field(/Your intention/)).toHaveValue('');
  });

  it('takes a typed day as the patron wrote it, and sends it as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      '/api/get-monastery-puja': options,
      '/api/order': { body: { order: orderFixture({ id: 51 }) } },
      '/api/esewa-process': { body: { action: 'http://127.0.0.1/pay', fields: { a: '1' } } },
    });
    renderPage();

    await chooseOption(user, await screen.findByRole('textbox', { name: /^Monastery/ }), 'Kopan Monastery');
    await chooseOption(user, field(/^Puja/), 'Medicine Buddha Puja (Rs. 500)');
    // As the field itself writes a day, which is how it reads back after a day is chosen.
    await typeOrderDate(user, document.body, orderDateText(nextWeek));
    expect(orderDateField(document.body)).toHaveValue(orderDateText(nextWeek));
    await user.click(screen.getByRole('radio', { name: 'eSewa' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(postPaymentForm).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/order')!;
    expect((init!.body as FormData).get('date')).toBe(nextWeek);
  });
});
