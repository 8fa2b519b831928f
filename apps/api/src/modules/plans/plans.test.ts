import { addDays, type Plan, tibetanDayOf, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness, PUJA_PRICE } from '../../../test/money-harness.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { monasteryClosures, monasteryPujas, paymentAttempts, planPayments } from '../../db/schema/index.ts';
import { ledgerDifferences } from '../ledger/ledger.service.ts';

/**
 * Dedication plans through the HTTP API (docs/decisions/055): placed with an order per occurrence, paid
 * whole in one payment that becomes a share per order, skipped and ended with each share refunded, against
 * the payment simulator and PostgreSQL, the ledger checked after the money moved.
 */
let money: MoneyHarness;
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  money = await createMoneyHarness();
});
afterAll(() => money.close());

async function placed(options: Parameters<MoneyHarness['placePlan']>[0] = {}): Promise<Plan> {
  const response = await money.placePlan(options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().plan;
}

const current = (planId: number) => money.planNow(planId);

describe('the 49 days after a death', () => {
  it('places an order on each 7th day from the date of death, for the departed, paid whole in one payment', async () => {
    const plan = await placed({ diedDaysAgo: 0 });
    expect(plan.kind).toBe('forty_nine_days');
    expect(plan.status).toBe('active');
    expect(plan.departed).toEqual({ name: 'Tenzin Dorje', date_of_death: today, photo_url: null });
    expect(plan.occurrences.map((occurrence) => occurrence.order.date.slice(0, 10))).toEqual(
      [7, 14, 21, 28, 35, 42, 49].map((days) => addDays(today, days)),
    );
    for (const [index, { occurrence, order, day_unavailable }] of plan.occurrences.entries()) {
      expect(occurrence).toBe(index + 1);
      expect(day_unavailable).toBe(false);
      expect(order.status).toBe('pending');
      expect(order.amount).toBe(PUJA_PRICE);
      expect(order.plan).toEqual({
        id: plan.id,
        kind: 'forty_nine_days',
        occurrence: index + 1,
        occurrences: 7,
        departed_name: 'Tenzin Dorje',
      });
      // The departed is the first name the monks read.
      expect(order.names[0]).toMatchObject({ name: 'Tenzin Dorje', departed: true });
    }
    expect(plan.amount_to_pay).toBe(7 * PUJA_PRICE);

    const { started, landing } = await money.payPlan(plan.id, 'esewa');
    expect(started.statusCode).toBe(200);
    expect(started.json().fields.total_amount).toBe(String(7 * PUJA_PRICE));
    expect(landing).toBe(`/plans/${plan.id}?status=success`);

    const paid = await current(plan.id);
    expect(paid.amount_to_pay).toBe(0);
    for (const { order } of paid.occurrences) {
      expect(order.payment_status).toBe('Completed');
      expect(order.payments).toHaveLength(1);
      expect(order.payments[0]!.amount).toBe(PUJA_PRICE);
    }
    const [planPayment] = await money.db.select().from(planPayments).where(eq(planPayments.planId, plan.id));
    expect(planPayment).toMatchObject({ status: 'Completed', amountPaisa: 7 * PUJA_PRICE * 100 });
    const shares = await money.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.planPaymentId, planPayment!.id));
    expect(shares.map((share) => share.amountPaisa)).toEqual(Array(7).fill(PUJA_PRICE * 100));
    expect(await ledgerDifferences(money.db)).toEqual([]);
    // One text for the plan, not one per occurrence.
    const texts = (await money.patronTexts()).filter((text) => /7 pujas/.test(text));
    expect(texts).toHaveLength(1);

    // Nothing is left to pay: a second payment is not started.
    expect((await money.startPlanPayment(plan.id, 'khalti')).statusCode).toBe(409);

    // Skipping the third: its order is cancelled and its share is owed back; the others keep theirs.
    const third = paid.occurrences[2]!.order;
    const skipped = await money.skipOccurrence(plan.id, third.id);
    expect(skipped.statusCode).toBe(200);
    const afterSkip: Plan = skipped.json().plan;
    const skippedOrder = afterSkip.occurrences[2]!.order;
    expect(skippedOrder.status).toBe('cancelled');
    expect(skippedOrder.payment_status).toBe('Refund due');
    expect(skippedOrder.payments[0]!.refunds).toMatchObject([{ amount: PUJA_PRICE, state: 'due' }]);
    expect(afterSkip.occurrences.filter(({ order }) => order.payment_status === 'Completed')).toHaveLength(6);
    expect(await ledgerDifferences(money.db)).toEqual([]);
    // Skipping it again is refused: it is closed.
    expect((await money.skipOccurrence(plan.id, third.id)).statusCode).toBe(409);

    // The first is approved and performed by the staff, with its own proof.
    const first = afterSkip.occurrences[0]!.order;
    expect((await money.approve(first.id)).statusCode).toBe(200);
    expect((await money.complete(first.id)).statusCode).toBe(200);

    // Ending the plan part-way: the approved second stays, the rest are cancelled and refunded.
    const second = afterSkip.occurrences[1]!.order;
    expect((await money.approve(second.id)).statusCode).toBe(200);
    const ended = await money.cancelPlan(plan.id);
    expect(ended.statusCode).toBe(200);
    const afterCancel: Plan = ended.json().plan;
    expect(afterCancel.status).toBe('cancelled');
    expect(afterCancel.occurrences.map(({ order }) => order.status)).toEqual([
      'completed',
      'approved',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(afterCancel.occurrences.slice(2).every(({ order }) => order.payment_status === 'Refund due')).toBe(
      true,
    );
    expect((await money.cancelPlan(plan.id)).statusCode).toBe(409);
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('refunds a share through Khalti as a part of the plan’s payment', async () => {
    const plan = await placed({ diedDaysAgo: 35 });
    expect(plan.occurrences.map(({ order }) => order.date.slice(0, 10))).toEqual([
      today,
      addDays(today, 7),
      addDays(today, 14),
    ]);
    const { landing } = await money.payPlan(plan.id, 'khalti');
    expect(landing).toBe(`/plans/${plan.id}?status=success`);
    const last = plan.occurrences[2]!.order;
    expect((await money.skipOccurrence(plan.id, last.id)).statusCode).toBe(200);
    const [share] = await money.attempts(last.id);
    const refunded = await money.refundThroughKhalti(share!.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [after] = await money.attempts(last.id);
    expect(after!.refunds).toMatchObject([{ amountPaisa: PUJA_PRICE * 100, state: 'refunded' }]);
    const others = await Promise.all(plan.occurrences.slice(0, 2).map(({ order }) => money.order(order.id)));
    expect(others.map((order) => order.paymentStatus)).toEqual(['Completed', 'Completed']);
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('refunds at once a share whose occurrence was skipped while the patron was paying', async () => {
    const plan = await placed({ diedDaysAgo: 35 });
    const started = await money.startPlanPayment(plan.id, 'esewa');
    expect(started.statusCode).toBe(200);
    expect((await money.skipOccurrence(plan.id, plan.occurrences[1]!.order.id)).statusCode).toBe(200);
    const location = await money.decideAtProvider('esewa', started.json(), 'pay');
    expect(await money.returnFromProvider(location)).toBe(`/plans/${plan.id}?status=success`);
    const after = await current(plan.id);
    expect(after.occurrences.map(({ order }) => order.payment_status)).toEqual([
      'Completed',
      'Refund due',
      'Completed',
    ]);
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('keeps an occurrence on a day the monastery is closed, for its staff to re-date', async () => {
    await money.db.insert(monasteryClosures).values({
      monasteryId: money.monasteryId,
      firstDay: addDays(today, 14),
      lastDay: addDays(today, 14),
      message: 'Losar retreat',
    });
    const plan = await placed({ diedDaysAgo: 0 });
    expect(plan.occurrences.map(({ day_unavailable }) => day_unavailable)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('places the pujas on the monastery’s own days after a death when it keeps them (docs/decisions/059)', async () => {
    const offering = eq(monasteryPujas.monasteryId, money.monasteryId);
    await money.db
      .update(monasteryPujas)
      .set({ planSchedule: [1, 7, 14] })
      .where(offering);
    try {
      // Died two days ago: the 1st day has passed, the 7th and the 14th are to come.
      const plan = await placed({ diedDaysAgo: 2 });
      expect(plan.occurrences.map((occurrence) => occurrence.order.date.slice(0, 10))).toEqual([
        addDays(today, 5),
        addDays(today, 12),
      ]);
      expect(plan.occurrences[0]!.order.plan?.occurrences).toBe(2);
    } finally {
      await money.db.update(monasteryPujas).set({ planSchedule: null }).where(offering);
    }
  });

  it('places the same plan once for a repeated request', async () => {
    const first = await placed({ idempotency_key: 'plan-form-0001' });
    const again = await placed({ idempotency_key: 'plan-form-0001' });
    expect(again.id).toBe(first.id);
    expect(again.occurrences).toHaveLength(first.occurrences.length);
  });
});

describe('monthly and yearly plans', () => {
  it('places a monthly plan on a chosen day, the last of a shorter month', async () => {
    const plan = await placed({ kind: 'monthly', day_of_month: 31, count: 3, departed: undefined });
    const days = plan.occurrences.map(({ order }) => order.date.slice(0, 10));
    expect(days).toHaveLength(3);
    for (const day of days) {
      const next = addDays(day, 1);
      // Each is the last day of its month.
      expect(next.slice(8)).toBe('01');
    }
    expect(plan.departed).toBeNull();
  });

  it('places a yearly plan on the anniversaries still ahead', async () => {
    const anniversary = addDays(today, -300);
    const plan = await placed({ kind: 'yearly', anniversary, count: 2, departed: undefined });
    const days = plan.occurrences.map(({ order }) => order.date.slice(0, 10));
    expect(days).toHaveLength(2);
    expect(
      days.every((day) => day.slice(5) === anniversary.slice(5) || anniversary.slice(5) === '02-29'),
    ).toBe(true);
    expect(days[0]! >= today).toBe(true);
  });
});

describe('a Tibetan calendar day each month (docs/decisions/056)', () => {
  it('places a plan on the chosen lunar day of each Tibetan month, and says which day it is', async () => {
    const plan = await placed({ kind: 'tibetan_day', lunar_day: 10, count: 3, departed: undefined });
    expect(plan.kind).toBe('tibetan_day');
    expect(plan.lunar_day).toBe(10);
    const days = plan.occurrences.map(({ order }) => order.date.slice(0, 10));
    expect(days).toHaveLength(3);
    expect(days[0]! >= today).toBe(true);
    // One a Tibetan month: each about a lunar month after the one before.
    for (const [index, day] of days.slice(1).entries()) {
      const gap = (Date.parse(day) - Date.parse(days[index]!)) / 86_400_000;
      expect(gap).toBeGreaterThanOrEqual(28);
      expect(gap).toBeLessThanOrEqual(31);
    }
    // The day carries the 10th (or, where the 10th is skipped, the 9th, during which the 10th passes).
    for (const day of days) expect([9, 10]).toContain(tibetanDayOf(day).lunarDay);
    expect(plan.amount_to_pay).toBe(3 * PUJA_PRICE);
  });

  it('refuses it without a lunar day, or with one past 30', async () => {
    for (const lunar_day of [undefined, 31, 0]) {
      const response = await money.placePlan({ kind: 'tibetan_day', lunar_day, departed: undefined });
      expect(response.statusCode, String(lunar_day)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain('lunar_day');
    }
  });
});

describe('what is refused', () => {
  it('answers 422 on the field to put right, and stores nothing', async () => {
    const refusals: [Parameters<MoneyHarness['placePlan']>[0], string][] = [
      [{ departed: undefined }, 'departed'],
      [{ diedDaysAgo: -1 }, 'departed'],
      [{ diedDaysAgo: 60 }, 'departed'],
      [{ kind: 'monthly', departed: undefined }, 'day_of_month'],
      [{ kind: 'monthly', day_of_month: 5, count: 13, departed: undefined }, 'count'],
      [{ kind: 'yearly', departed: undefined }, 'anniversary'],
      [{ cost: PUJA_PRICE + 1 }, 'cost'],
    ];
    for (const [options, field] of refusals) {
      const response = await money.placePlan(options);
      expect(response.statusCode, JSON.stringify(options)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });

  it('refuses a plan the monastery does not offer for this puja', async () => {
    await money.db
      .update(monasteryPujas)
      .set({ planKinds: ['monthly'] })
      .where(eq(monasteryPujas.monasteryId, money.monasteryId));
    const response = await money.placePlan();
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.kind).toBeDefined();
    await money.db
      .update(monasteryPujas)
      .set({ planKinds: ['forty_nine_days', 'monthly', 'yearly', 'tibetan_day'] })
      .where(eq(monasteryPujas.monasteryId, money.monasteryId));
  });

  it('shows, pays, skips and ends a plan only for its patron', async () => {
    const plan = await placed();
    const other = money.tokens.otherPatron;
    expect((await money.plan(plan.id, other)).statusCode).toBe(403);
    expect((await money.startPlanPayment(plan.id, 'esewa', other)).statusCode).toBe(403);
    expect((await money.skipOccurrence(plan.id, plan.occurrences[0]!.order.id, other)).statusCode).toBe(403);
    expect((await money.cancelPlan(plan.id, other)).statusCode).toBe(403);
    expect((await money.plan(plan.id, money.tokens.staff)).statusCode).toBe(403);
    expect((await money.plan(999_999)).statusCode).toBe(404);
    // An order of another plan is not this plan's to skip.
    const another = await placed();
    expect((await money.skipOccurrence(plan.id, another.occurrences[0]!.order.id)).statusCode).toBe(404);
    const own = await money.app.inject({
      method: 'GET',
      url: '/api/plans',
      headers: bearer(money.tokens.patron),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().plans.map((row: Plan) => row.id)).toContain(plan.id);
    const others = await money.app.inject({ method: 'GET', url: '/api/plans', headers: bearer(other) });
    expect(others.json().plans).toEqual([]);
  });
});
