import { addDays, PAY_EACH_DAYS_BEFORE, type Plan, startOfBusinessDay, todayIn } from '@puja/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness, PUJA_PRICE } from '../../../test/money-harness.ts';
import { monasteryPujas, orders } from '../../db/schema/index.ts';
import { ledgerDifferences } from '../ledger/ledger.service.ts';

/**
 * Plans paid occurrence by occurrence, and pausing them (docs/decisions/058), through the HTTP API against
 * the payment simulator and PostgreSQL: each occurrence paid through its order's own payment, due a few
 * days before its day, reminded before that, expired and freed when unpaid; paused and resumed.
 */
let money: MoneyHarness;
const zone = 'Asia/Kathmandu';
const today = todayIn(zone);

beforeAll(async () => {
  money = await createMoneyHarness();
});
afterAll(() => money.close());

/** The 49 days of a death today, paid each: seven occurrences from a week ahead. */
async function payEachPlan(): Promise<Plan> {
  const response = await money.placePlan({ diedDaysAgo: 0, pay_each: true });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().plan;
}

const current = (planId: number) => money.planNow(planId);

/** When an occurrence on `day` is due: the start of its day PAY_EACH_DAYS_BEFORE days before, in Nepal. */
const dueOf = (day: string) => Date.parse(startOfBusinessDay(addDays(day, -PAY_EACH_DAYS_BEFORE), zone));
const runExpiryJob = () => money.app.jobs.handlers['expire-orders']({});

describe('a plan paid each', () => {
  it('makes each occurrence due a few days before its day, and is paid occurrence by occurrence', async () => {
    const plan = await payEachPlan();
    expect(plan.pay_each).toBe(true);
    expect(plan.paused_at).toBeNull();
    for (const { order } of plan.occurrences) {
      const day = order.date.slice(0, 10);
      expect(Date.parse(order.pay_by!)).toBe(dueOf(day));
    }
    const [first, second] = plan.occurrences;
    const { landing } = await money.pay(first!.order.id, 'esewa');
    expect(landing).toContain('status=success');
    const paid = await current(plan.id);
    expect(paid.occurrences[0]!.order.payment_status).toBe('Completed');
    expect(paid.occurrences[1]!.order.payment_status).toBe('Pending');
    expect(paid.amount_to_pay).toBe(6 * PUJA_PRICE);
    // The second by Khalti, on its own.
    expect((await money.pay(second!.order.id, 'khalti')).landing).toContain('status=success');
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('gives an occurrence close at hand the payment window, as any order', async () => {
    // A death six days ago: the first puja is tomorrow, sooner than the days before it.
    const response = await money.placePlan({ diedDaysAgo: 6, pay_each: true });
    expect(response.statusCode, response.body).toBe(200);
    const [first] = (response.json().plan as Plan).occurrences;
    const due = Date.parse(first!.order.pay_by!);
    const created = Date.parse(first!.order.created_at);
    expect(due - created).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
  });

  it('is refused where the monastery asks for plans to be paid whole', async () => {
    await money.db
      .update(monasteryPujas)
      .set({ planPayEach: false })
      .where(eq(monasteryPujas.monasteryId, money.monasteryId));
    const response = await money.placePlan({ pay_each: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.pay_each).toBeDefined();
    // Paid whole, the same plan is placed.
    expect((await money.placePlan({ pay_each: false })).statusCode).toBe(200);
    await money.db
      .update(monasteryPujas)
      .set({ planPayEach: true })
      .where(eq(monasteryPujas.monasteryId, money.monasteryId));
  });

  it('expires an occurrence unpaid past its due time, not the others', async () => {
    const plan = await payEachPlan();
    const [first, second] = plan.occurrences;
    // A day later than a paid-whole plan's window, the occurrences are still due later.
    await money.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.planId, plan.id));
    await money.db
      .update(orders)
      .set({ payBy: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, first!.order.id));
    await runExpiryJob();
    const after = await current(plan.id);
    expect(after.occurrences[0]!.order.status).toBe('expired');
    expect(after.occurrences.slice(1).every(({ order }) => order.status === 'pending')).toBe(true);
    expect((await money.startPayment(first!.order.id, 'esewa')).statusCode).toBe(409);
    expect((await money.startPayment(second!.order.id, 'esewa')).statusCode).toBe(200);
    expect((await money.patronTexts()).at(-1)).toMatch(/Your order expired unpaid/);
  });

  it('reminds the patron once, in their language, before an occurrence is due', async () => {
    const plan = await payEachPlan();
    const [first] = plan.occurrences;
    // Placed a week ago, due tomorrow: within the reminder's days.
    await money.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '7 days'`, payBy: sql`now() + interval '1 day'` })
      .where(eq(orders.id, first!.order.id));
    await runExpiryJob();
    await runExpiryJob();
    const texts = (await money.patronTexts()).filter((text) => text.startsWith(first!.order.number));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/Please pay your Tara Puja of \d{4}-\d{2}-\d{2} by \d{4}-\d{2}-\d{2}/);
  });
});

describe('pausing a plan paid each', () => {
  it('pauses the unpaid occurrences (not payable, not expiring, no reminder) and resumes them', async () => {
    const plan = await payEachPlan();
    const [first, second] = plan.occurrences;
    await money.pay(first!.order.id, 'esewa');
    const paused = (await money.pausePlan(plan.id)).json().plan as Plan;
    expect(paused.paused_at).not.toBeNull();
    expect(paused.occurrences[0]!.paused).toBe(false);
    expect(paused.occurrences.slice(1).every((occurrence) => occurrence.paused)).toBe(true);
    expect(paused.occurrences[1]!.order.pay_by).toBeNull();
    expect(paused.amount_to_pay).toBe(0);
    // Pausing again changes nothing.
    expect((await money.pausePlan(plan.id)).statusCode).toBe(200);
    expect((await money.startPayment(second!.order.id, 'esewa')).statusCode).toBe(409);

    // Long past its due time and inside a reminder's days, a paused occurrence neither expires nor is
    // reminded of.
    await money.db
      .update(orders)
      .set({ payBy: sql`now() - interval '1 day'`, updatedAt: sql`now() - interval '7 days'` })
      .where(eq(orders.id, second!.order.id));
    const textsBefore = (await money.patronTexts()).length;
    await runExpiryJob();
    expect((await current(plan.id)).occurrences[1]!.order.status).toBe('pending');
    expect((await money.patronTexts()).length).toBe(textsBefore);

    const resumed = (await money.resumePlan(plan.id)).json().plan as Plan;
    expect(resumed.paused_at).toBeNull();
    expect(resumed.occurrences.every((occurrence) => !occurrence.paused)).toBe(true);
    for (const { order } of resumed.occurrences.slice(1)) {
      expect(Date.parse(order.pay_by!)).toBe(dueOf(order.date.slice(0, 10)));
    }
    expect(resumed.amount_to_pay).toBe(6 * PUJA_PRICE);
    expect((await money.pay(second!.order.id, 'khalti')).landing).toContain('status=success');
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('lets a paused occurrence whose day passed expire without a word', async () => {
    const plan = await payEachPlan();
    const last = plan.occurrences.at(-1)!;
    await money.pausePlan(plan.id);
    await money.db
      .update(orders)
      .set({ pujaDate: addDays(today, -1) })
      .where(eq(orders.id, last.order.id));
    const textsBefore = (await money.patronTexts()).length;
    await runExpiryJob();
    expect((await current(plan.id)).occurrences.at(-1)!.order.status).toBe('expired');
    expect((await money.patronTexts()).length).toBe(textsBefore);
    // Resuming leaves it expired; the others are due again.
    const resumed = (await money.resumePlan(plan.id)).json().plan as Plan;
    expect(resumed.occurrences.at(-1)!.order.status).toBe('expired');
    expect(resumed.occurrences[0]!.order.pay_by).not.toBeNull();
  });

  it('refuses to pause a plan paid whole or ended, and anyone else’s', async () => {
    const whole = (await money.placePlan({ diedDaysAgo: 0 })).json().plan as Plan;
    const refused = await money.pausePlan(whole.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Only a plan paid occurrence by occurrence can be paused/);
    const plan = await payEachPlan();
    expect((await money.pausePlan(plan.id, money.tokens.otherPatron)).statusCode).toBe(403);
    expect((await money.resumePlan(plan.id, money.tokens.otherPatron)).statusCode).toBe(403);
    expect((await money.pausePlan(plan.id, money.tokens.staff)).statusCode).toBe(403);
    expect((await money.cancelPlan(plan.id)).statusCode).toBe(200);
    expect((await money.pausePlan(plan.id)).statusCode).toBe(409);
    expect((await money.resumePlan(plan.id)).statusCode).toBe(409);
  });
});
