import { notifications } from '@mantine/notifications';
import {
  addDays,
  DEFAULT_BUSINESS_TIME_ZONE,
  type Monastery,
  type Plan,
  planDays,
  type SessionUser,
  todayIn,
} from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../../app/root-layout.tsx';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { signIn } from '../../../lib/session.ts';
import { monasteryFixture } from '../../../test/catalogue-fixtures.ts';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { chooseOption, renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { MonasteryPage } from '../../catalogue/routes/monastery-page.tsx';
import { postPaymentForm } from '../utils/leave-for-payment.ts';

// jsdom cannot leave the page: these stand in for the form post to eSewa and the move to Khalti.
vi.mock('../utils/leave-for-payment.ts', () => ({ postPaymentForm: vi.fn(), goToPaymentPage: vi.fn() }));

/**
 * The Make Puja modal's plan choice (docs/decisions/056): one puja or a plan the monastery offers, each
 * kind's fields, the days from `planDays` and the total before ordering, and ordering the plan then paying
 * it whole.
 */
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
      { path: '/plans/:planId', element: <h1>Plan</h1> },
    ],
  },
];

const [tara] = monasteryFixture.pujas;
/** Green Tara at Rs. 1,500, offered as the 49 days and a Tibetan day each month. */
const offeringPlans: Monastery = {
  ...monasteryFixture,
  pujas: [{ ...tara!, pivot: { ...tara!.pivot, plan_kinds: ['forty_nine_days', 'tibetan_day'] } }],
};
const today = todayIn(DEFAULT_BUSINESS_TIME_ZONE);
const esewaForm = {
  action: 'http://127.0.0.1/simulator/esewa/api/epay/main/v2/form',
  fields: { amount: '10500', total_amount: '10500', transaction_uuid: 'P9-abc', signature: 'sig' },
};

function planFixture(): Plan {
  const order = orderFixture({ id: 41 });
  return {
    id: 9,
    kind: 'forty_nine_days',
    status: 'active',
    monastery_puja: order.monastery_puja,
    departed: { name: 'Tenzin Dorje', date_of_death: addDays(today, -7) },
    day_of_month: null,
    anniversary: null,
    lunar_day: null,
    amount_each: 1500,
    amount_to_pay: 10_500,
    created_at: '2026-11-28T06:00:00Z',
    occurrences: [{ occurrence: 1, day_unavailable: false, order }],
  };
}

function answers(monastery: Monastery = offeringPlans) {
  return {
    '/api/me': { body: { user: patron } },
    '/api/monastery/kopan-monastery/edit': { body: { monastery } },
    '/api/plans': { body: { plan: planFixture() } },
    '/api/plans/9/esewa-process': { body: esewaForm },
  };
}

type FetchMock = ReturnType<typeof stubApi>;
const callsTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === path);
const bodyOf = (call: Parameters<FetchMock>) => Object.fromEntries((call[1]!.body as FormData).entries());

async function openModal() {
  const user = userEvent.setup();
  renderRoutes(routes, '/monastery/kopan-monastery');
  await user.click((await screen.findAllByRole('button', { name: /^Make Puja: / }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Make Puja' });
  return { user, dialog };
}

beforeEach(() => {
  signIn({ token: 'patron-token', user: patron });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(postPaymentForm).mockReset();
});

describe('ordering a dedication plan', () => {
  it('offers the plans the monastery offers beside one puja, one puja chosen at first', async () => {
    stubApi(answers());
    const { dialog } = await openModal();
    const choice = within(dialog).getByRole('radiogroup', { name: 'What to order' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['once', 'forty_nine_days', 'tibetan_day']);
    expect(within(choice).getByRole('radio', { name: 'One puja' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^Date/ })).toBeInTheDocument();
  });

  it('shows no choice for an offering the monastery offers only as one puja', async () => {
    stubApi(answers(monasteryFixture));
    const { dialog } = await openModal();
    expect(within(dialog).queryByRole('radiogroup', { name: 'What to order' })).not.toBeInTheDocument();
  });

  it('shows the 49 days from the date of death and their total, then places the plan and pays it whole', async () => {
    const fetchMock = stubApi(answers());
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: '49 days after a death' }));
    expect(
      within(dialog).getByText("The days show here once the plan's details are chosen."),
    ).toBeInTheDocument();

    // Nothing is sent without the departed's name.
    await user.click(within(dialog).getByRole('radio', { name: 'eSewa' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order the plan' }));
    expect(await within(dialog).findByText('Write the name of the person who died.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/plans')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Name of the person who died/ }),
      'Tenzin Dorje',
    );
    const died = addDays(today, -7);
    const deathField = within(dialog).getByRole('textbox', { name: /^Date of death/ });
    await user.type(deathField, died);
    await user.tab();
    const days = within(within(dialog).getByTestId('plan-days')).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(
      planDays({ kind: 'forty_nine_days', dateOfDeath: died }, today).map((day) => formatPujaDate(day)),
    );
    expect(days).toHaveLength(7);
    expect(within(dialog).getByTestId('plan-total')).toHaveTextContent('7 pujas at Rs. 1,500: Rs. 10,500');

    await user.click(within(dialog).getByRole('button', { name: 'Order the plan' }));
    await waitFor(() => expect(postPaymentForm).toHaveBeenCalledWith(esewaForm.action, esewaForm.fields));
    const sent = bodyOf(callsTo(fetchMock, '/api/plans')[0]!);
    expect(sent).toMatchObject({
      monastery: '1',
      puja: '11',
      cost: '1500',
      kind: 'forty_nine_days',
      payment: 'esewa',
    });
    expect(JSON.parse(String(sent.departed))).toEqual({ name: 'Tenzin Dorje', date_of_death: died });
    expect(sent.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    // The plan's own payment route, with the plan's id.
    expect(callsTo(fetchMock, '/api/plans/9/esewa-process')).toHaveLength(1);
  });

  it('shows the monastery’s own days after a death when it keeps them (docs/decisions/059)', async () => {
    const ownDays: Monastery = {
      ...offeringPlans,
      pujas: [
        {
          ...offeringPlans.pujas[0]!,
          pivot: { ...offeringPlans.pujas[0]!.pivot, plan_schedule: [1, 7, 14] },
        },
      ],
    };
    stubApi(answers(ownDays));
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: '49 days after a death' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Name of the person who died/ }),
      'Tenzin Dorje',
    );
    // Died two days ago: the 1st day has passed; the 7th and the 14th are to come.
    await user.type(within(dialog).getByRole('textbox', { name: /^Date of death/ }), addDays(today, -2));
    await user.tab();
    const days = within(within(dialog).getByTestId('plan-days')).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(
      [addDays(today, 5), addDays(today, 12)].map((day) => formatPujaDate(day)),
    );
    expect(within(dialog).getByTestId('plan-total')).toHaveTextContent('2 pujas at Rs. 1,500: Rs. 3,000');
  });

  it('places a Tibetan-day plan on the chosen lunar day of each month', async () => {
    stubApi(answers());
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: 'A Tibetan calendar day each month' }));
    // Guru Rinpoche day by default; twelve months unless fewer are chosen.
    expect(within(dialog).getByRole('textbox', { name: /^Lunar day/ })).toHaveValue(
      'Day 10: Guru Rinpoche day',
    );
    await chooseOption(
      user,
      within(dialog).getByRole('textbox', { name: /^Lunar day/ }),
      'Day 15: Full moon',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'How many months' }), '3');
    const days = within(within(dialog).getByTestId('plan-days')).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(
      planDays({ kind: 'tibetan_day', lunarDay: 15, count: 3 }, today).map((day) => formatPujaDate(day)),
    );
    expect(within(dialog).getByTestId('plan-total')).toHaveTextContent('3 pujas at Rs. 1,500: Rs. 4,500');
  });

  /** The 49 days' fields filled for a father who died a week ago, with his photo chosen. */
  async function fillWithPhoto(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.click(within(dialog).getByRole('radio', { name: '49 days after a death' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Name of the person who died/ }),
      'Tenzin Dorje',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Date of death/ }), addDays(today, -7));
    await user.tab();
    await user.click(within(dialog).getByRole('radio', { name: 'eSewa' }));
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'father.jpg', { type: 'image/jpeg' }),
    );
  }

  it('sends the departed’s photo to the placed plan before its payment starts (docs/decisions/060)', async () => {
    const fetchMock = stubApi({
      ...answers(),
      '/api/plans/9/departed-photo': { body: { plan: planFixture() } },
    });
    const { user, dialog } = await openModal();
    await fillWithPhoto(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Order the plan' }));
    await waitFor(() => expect(postPaymentForm).toHaveBeenCalledWith(esewaForm.action, esewaForm.fields));
    const paths = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((path) => path.startsWith('/api/plans'));
    expect(paths).toEqual(['/api/plans', '/api/plans/9/departed-photo', '/api/plans/9/esewa-process']);
    const photo = bodyOf(callsTo(fetchMock, '/api/plans/9/departed-photo')[0]!).photo;
    expect(photo).toBeInstanceOf(File);
    expect((photo as File).name).toBe('father.jpg');
    // The plan's own request carries no file.
    expect(Object.keys(bodyOf(callsTo(fetchMock, '/api/plans')[0]!))).not.toContain('photo');
  });

  it('keeps the plan but does not leave for the wallet when its photo is refused', async () => {
    const fetchMock = stubApi({
      ...answers(),
      '/api/plans/9/departed-photo': {
        status: 422,
        body: { message: 'Each file must be a photo (JPEG, PNG, WebP or HEIC).' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    const { user, dialog } = await openModal();
    await fillWithPhoto(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Order the plan' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'The photo could not be added',
          message: 'Each file must be a photo (JPEG, PNG, WebP or HEIC).',
        }),
      ),
    );
    // The plan's page opens (where the photo can be added again and the plan paid); nothing is paid yet.
    expect(await screen.findByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/plans/9/esewa-process')).toHaveLength(0);
    expect(postPaymentForm).not.toHaveBeenCalled();
  });
});
