import { notifications } from '@mantine/notifications';
import type { Order, Plan, SessionUser } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { orderFixture, paymentFixture } from '../../../test/order-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { goToPaymentPage } from '../utils/leave-for-payment.ts';
import { PlanPage } from './plan-page.tsx';

vi.mock('../utils/leave-for-payment.ts', () => ({ postPaymentForm: vi.fn(), goToPaymentPage: vi.fn() }));

/** `/plans/{id}` (docs/decisions/056): the plan, its occurrences, paying, skipping and ending it. */
const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
};

const PLAN = { id: 9, kind: 'forty_nine_days', occurrences: 3, departed_name: 'Tenzin Dorje' } as const;

function occurrence(index: number, overrides: Partial<Order> = {}): Plan['occurrences'][number] {
  return {
    occurrence: index,
    day_unavailable: false,
    order: orderFixture({
      id: 40 + index,
      number: `PJ-PLAN0${index}`,
      date: `2026-12-0${index}T00:00:00+05:45`,
      plan: { ...PLAN, occurrence: index },
      ...overrides,
    }),
  };
}

function planFixture(overrides: Partial<Plan> = {}): Plan {
  const occurrences = [occurrence(1), occurrence(2), occurrence(3)];
  return {
    id: 9,
    kind: 'forty_nine_days',
    status: 'active',
    monastery_puja: occurrences[0]!.order.monastery_puja,
    departed: { name: 'Tenzin Dorje', date_of_death: '2026-11-24' },
    day_of_month: null,
    anniversary: null,
    lunar_day: null,
    amount_each: 1500,
    amount_to_pay: 4500,
    created_at: '2026-11-28T06:00:00Z',
    occurrences,
    ...overrides,
  };
}

/** The same plan paid whole: each occurrence's share received. */
function paidPlan(): Plan {
  const paid = (index: number) =>
    occurrence(index, {
      payment_status: 'Completed',
      payments: [paymentFixture({ id: 500 + index, amount: 1500 })],
    });
  return planFixture({ amount_to_pay: 0, occurrences: [paid(1), paid(2), paid(3)] });
}

function toasts(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([toast]) => {
    const { title, message, color } = toast as { title?: string; message: string; color: string };
    return `${color}: ${title ? `${title}: ` : ''}${message}`;
  });
}

const renderPlan = () => renderRoutes([{ path: '/plans/:planId', element: <PlanPage /> }], '/plans/9');

beforeEach(() => {
  signIn({ token: 'patron-token', user: patron });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(goToPaymentPage).mockReset();
});

describe('a patron’s plan', () => {
  it('shows the plan and each occurrence with its day, where it stands and its order', async () => {
    stubApi({ '/api/plans/9': { body: { plan: paidPlan() } } });
    renderPlan();
    expect(
      await screen.findByRole('heading', { name: '49 days after a death · Tenzin Dorje' }),
    ).toBeInTheDocument();
    const occurrences = screen.getAllByTestId('plan-occurrence');
    expect(occurrences).toHaveLength(3);
    expect(occurrences[1]).toHaveTextContent('2 of 3');
    expect(occurrences[1]).toHaveTextContent('Paid – waiting for the monastery to confirm');
    expect(within(occurrences[1]!).getByRole('link', { name: 'Order PJ-PLAN02' })).toHaveAttribute(
      'href',
      '/orders?oid=42',
    );
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Under way');
    // Paid whole: nothing to pay.
    expect(screen.queryByTestId('plan-to-pay')).not.toBeInTheDocument();
  });

  it('pays what is unpaid in one payment, with the wallet chosen', async () => {
    const fetchMock = stubApi({
      '/api/plans/9': { body: { plan: planFixture() } },
      '/api/plans/9/khalti-process': {
        body: {
          response: {
            pidx: 'P9',
            payment_url: 'http://127.0.0.1/simulator/khalti/P9',
            expires_at: '2026-11-28T07:00:00Z',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPlan();
    expect(await screen.findByTestId('plan-to-pay')).toHaveTextContent('To pay: Rs. 4,500');
    await user.click(screen.getByRole('radio', { name: 'Khalti' }));
    await user.click(screen.getByRole('button', { name: 'Pay Rs. 4,500' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://127.0.0.1/simulator/khalti/P9'));
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input) === '/api/plans/9/khalti-process'),
    ).toHaveLength(1);
  });

  it('skips an occurrence after asking, saying what is refunded', async () => {
    const skipped = paidPlan();
    skipped.occurrences[1] = occurrence(2, {
      status: 'cancelled',
      payment_status: 'Refund due',
      payments: [paymentFixture({ id: 502, amount: 1500, refund_reason: 'cancelled' })],
    });
    const fetchMock = stubApi({
      // Read again after the change: the server's plan as it now is.
      '/api/plans/9': [{ body: { plan: paidPlan() } }, { body: { plan: skipped } }],
      '/api/plans/9/occurrences/42/skip': { body: { plan: skipped } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPlan();
    const second = (await screen.findAllByTestId('plan-occurrence'))[1]!;
    await user.click(within(second).getByRole('button', { name: /^Skip/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip this puja?' });
    expect(dialog).toHaveTextContent('What you paid for it, Rs. 1,500, will be refunded to you.');
    // Keeping it is the safe choice: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/skip'))).toBe(false);

    await user.click(within(second).getByRole('button', { name: /^Skip/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Skip this puja?' })).getByRole('button', {
        name: 'Skip this puja',
      }),
    );
    await waitFor(() =>
      expect(toasts(toast)).toEqual([
        expect.stringMatching(/^green: Puja of .+ skipped: Rs\. 1,500 will be refunded to you\.$/),
      ]),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('plan-occurrence')[1]).toHaveTextContent(
        'Cancelled – your payment will be refunded',
      ),
    );
    const after = screen.getAllByTestId('plan-occurrence')[1]!;
    expect(within(after).queryByRole('button', { name: /^Skip/ })).not.toBeInTheDocument();
  });

  it('ends the plan after asking', async () => {
    const ended = planFixture({
      status: 'cancelled',
      amount_to_pay: 0,
      occurrences: [1, 2, 3].map((index) => occurrence(index, { status: 'cancelled' })),
    });
    stubApi({
      '/api/plans/9': [{ body: { plan: planFixture() } }, { body: { plan: ended } }],
      '/api/plans/9/cancel': { body: { plan: ended } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPlan();
    await user.click(await screen.findByRole('button', { name: 'End the plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'End the plan' }));
    await waitFor(() => expect(toasts(toast)).toEqual(['green: The plan was ended']));
    await waitFor(() => expect(screen.getByTestId('plan-status')).toHaveTextContent('Ended'));
    expect(screen.queryByRole('button', { name: 'End the plan' })).not.toBeInTheDocument();
  });

  it('adds the departed’s photo, replaces it and removes it (docs/decisions/060)', async () => {
    const link = (name: string) => `/api/departed-photos/9/${name.repeat(32)}?expires=1&signature=s`;
    const withPhoto = (name: string): Plan => ({
      ...paidPlan(),
      departed: { name: 'Tenzin Dorje', date_of_death: '2026-11-24', photo_url: link(name) },
    });
    const fetchMock = stubApi({
      // Read again after each change: the server's plan as it now is.
      '/api/plans/9': [
        { body: { plan: paidPlan() } },
        { body: { plan: withPhoto('a') } },
        { body: { plan: withPhoto('b') } },
        { body: { plan: paidPlan() } },
      ],
      '/api/plans/9/departed-photo': [
        { body: { plan: withPhoto('a') } },
        { body: { plan: withPhoto('b') } },
        { body: { plan: paidPlan() } },
      ],
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPlan();
    const section = await screen.findByTestId('departed-photo');
    expect(section).toHaveTextContent('No photo yet.');
    expect(section).toHaveTextContent('only you and the monastery’s monks see it');
    const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'father.jpg', { type: 'image/jpeg' });
    // Mantine's FileButton keeps its input outside the button, in the same section.
    const input = () => section.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input(), file());
    expect(await within(section).findByRole('img', { name: 'Photo of Tenzin Dorje' })).toHaveAttribute(
      'src',
      link('a'),
    );
    const sent = fetchMock.mock.calls.find(([input]) => String(input) === '/api/plans/9/departed-photo')?.[1];
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect((sent!.body as FormData).get('photo')).toBeInstanceOf(File);

    await user.upload(input(), file());
    await waitFor(() =>
      expect(within(section).getByRole('img', { name: 'Photo of Tenzin Dorje' })).toHaveAttribute(
        'src',
        link('b'),
      ),
    );
    await user.click(within(section).getByRole('button', { name: 'Remove the photo' }));
    await waitFor(() => expect(section).toHaveTextContent('No photo yet.'));
    const methods = fetchMock.mock.calls
      .filter(([input]) => String(input) === '/api/plans/9/departed-photo')
      .map(([, init]) => init?.method);
    expect(methods).toEqual(['POST', 'POST', 'DELETE']);
    expect(toasts(toast)).toEqual(['green: Photo added', 'green: Photo replaced', 'green: Photo removed']);
  });

  it('shows no photo section for a plan for no one who has died', async () => {
    stubApi({ '/api/plans/9': { body: { plan: { ...paidPlan(), kind: 'monthly', departed: null } } } });
    renderPlan();
    expect(await screen.findAllByTestId('plan-occurrence')).toHaveLength(3);
    expect(screen.queryByTestId('departed-photo')).not.toBeInTheDocument();
  });
});

describe('a plan paid each (docs/decisions/058)', () => {
  /** Paid each: the first paid, the others due three days before their day. */
  function payEachPlan(paused = false): Plan {
    const unpaid = (index: number) => ({
      ...occurrence(index, {
        payment_type: 'khalti',
        pay_by: paused ? null : `2026-11-2${index + 5}T18:15:00.000Z`,
      }),
      paused,
    });
    return planFixture({
      pay_each: true,
      paused_at: paused ? '2026-11-28T07:00:00Z' : null,
      amount_to_pay: paused ? 0 : 3000,
      occurrences: [
        occurrence(1, {
          payment_status: 'Completed',
          pay_by: null,
          payments: [paymentFixture({ id: 501, amount: 1500 })],
        }),
        unpaid(2),
        unpaid(3),
      ],
    });
  }

  it('pays one puja through its own order, with the wallet the plan was ordered with', async () => {
    const fetchMock = stubApi({
      '/api/plans/9': { body: { plan: payEachPlan() } },
      '/api/khalti-process': {
        body: {
          response: {
            pidx: 'O42',
            payment_url: 'http://127.0.0.1/simulator/khalti/O42',
            expires_at: '2026-11-28T07:00:00Z',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPlan();
    const occurrences = await screen.findAllByTestId('plan-occurrence');
    // No payment of the whole plan; a button on each unpaid puja, with the last day to pay it.
    expect(screen.queryByTestId('plan-to-pay')).not.toBeInTheDocument();
    expect(within(occurrences[0]!).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(occurrences[1]).toHaveTextContent('Pay by November 27th, 2026');
    await user.click(within(occurrences[1]!).getByRole('button', { name: 'Pay Rs. 1,500' }));
    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('http://127.0.0.1/simulator/khalti/O42'),
    );
    const started = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/khalti-process');
    expect(started).toHaveLength(1);
  });

  it('pauses the plan, its unpaid pujas waiting without a Pay button, and resumes it', async () => {
    const fetchMock = stubApi({
      '/api/plans/9': [{ body: { plan: payEachPlan() } }, { body: { plan: payEachPlan(true) } }],
      '/api/plans/9/pause': { body: { plan: payEachPlan(true) } },
      '/api/plans/9/resume': { body: { plan: payEachPlan() } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPlan();
    await user.click(await screen.findByRole('button', { name: 'Pause the plan' }));
    await waitFor(() => expect(toasts(toast)).toContain('green: The plan is paused'));
    expect(await screen.findByTestId('plan-pay-each')).toHaveTextContent('The plan is paused');
    const occurrences = screen.getAllByTestId('plan-occurrence');
    expect(within(occurrences[1]!).getByTestId('occurrence-paused')).toHaveTextContent(
      'Paused with the plan',
    );
    expect(within(occurrences[1]!).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(within(occurrences[0]!).queryByTestId('occurrence-paused')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume the plan' }));
    await waitFor(() => expect(toasts(toast)).toContain('green: The plan is running again'));
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/plans/9/pause')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/plans/9/resume')).toHaveLength(1);
  });
});
