import {
  ADMIN_STATS_MONTHS,
  ADMIN_STATS_WEEKS,
  type AdminStatsResponse,
  addDays,
  adminStatsResponseSchema,
  orderSchema,
  todayIn,
} from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { insertOrder, insertPaymentAttempt, insertPerson, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/test-app.ts';
import { refunds, users } from '../../db/schema/index.ts';
import { postEntry, postPaymentReceived, postRefundDue } from '../ledger/ledger.service.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { createAdminStatsService } from './admin-stats.service.ts';

const TIME_ZONE = 'Asia/Kathmandu';
/**
 * Sunday 1 March 2026, half past midnight in Nepal: still Saturday 28 February in UTC. Months and weeks
 * must follow Nepal's calendar, so this moment tells a UTC computation apart from the right one.
 */
const NOW = new Date('2026-03-01T00:30:00+05:45');
const nepal = (local: string) => new Date(`${local}+05:45`);

describe('the dashboard figures, from a known set of orders, payments and people', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let stats: AdminStatsResponse;
  const orderIds: Record<string, number> = {};
  const monasteryIds: Record<string, number> = {};
  const pujaIds: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    // A payment the provider confirmed, in the books as the payments module posts it (docs/decisions/031):
    // the dashboard's money is read from the ledger, never from the orders.
    const paid = async (...args: Parameters<typeof insertPaymentAttempt>) => {
      const attempt = await insertPaymentAttempt(...args);
      await db.transaction((tx) => postPaymentReceived(tx, attempt));
      return attempt;
    };

    // People: patrons (role user) by when they joined, in Nepal's time.
    const patron1 = await insertPerson(db, { createdAt: nepal('2026-03-01T00:10:00') }); // week of 1 Mar (UTC: 28 Feb)
    const patron2 = await insertPerson(db, { createdAt: nepal('2026-02-28T23:00:00') }); // Saturday: week of 22 Feb
    const patron3 = await insertPerson(db, { createdAt: nepal('2026-02-22T09:00:00') }); // Sunday: week of 22 Feb
    const patron4 = await insertPerson(db, { createdAt: nepal('2025-12-14T00:00:00') }); // first charted week
    const patron5 = await insertPerson(db, { createdAt: nepal('2025-12-13T23:59:00') }); // before the chart
    await insertPerson(db, { createdAt: nepal('2026-01-05T10:00:00'), archivedAt: new Date() }); // archived
    const alpha = await insertMonastery(db, { slug: 'alpha', name: 'Alpha Gompa' });
    await insertPerson(db, {
      role: 'monastery',
      monasteryId: alpha.id,
      createdAt: nepal('2026-02-23T10:00:00'),
    });
    await insertPerson(db, { role: 'admin', createdAt: nepal('2026-02-24T10:00:00') });

    // Catalogue: seven current monasteries (one without orders) and an archived one.
    const beta = await insertMonastery(db, { slug: 'beta', name: 'Beta Gompa' });
    await insertMonastery(db, { slug: 'gamma', name: 'Gamma Gompa' });
    const small = await Promise.all(
      ['Delta', 'Epsilon', 'Zeta', 'Eta'].map((name) =>
        insertMonastery(db, { slug: name.toLowerCase(), name: `${name} Gompa` }),
      ),
    );
    await insertMonastery(db, { slug: 'closed-for-good', archivedAt: new Date() });
    const tara = await insertPuja(db, { slug: 'tara', name: 'Tara Puja' });
    const lamp = await insertPuja(db, { slug: 'lamp', name: 'Lamp Offering' });
    Object.assign(monasteryIds, { alpha: alpha.id, beta: beta.id });
    for (const monastery of small) monasteryIds[monastery.slug] = monastery.id;
    Object.assign(pujaIds, { tara: tara.id, lamp: lamp.id });
    const alphaTara = await offer(db, alpha.id, tara.id, 1500);
    const alphaLamp = await offer(db, alpha.id, lamp.id, 1000.5);
    const betaTara = await offer(db, beta.id, tara.id, 2000);

    // Paid (payment_status Completed) counts in the Nepal month its payment was first confirmed.
    const o1 = await insertOrder(db, alphaTara, {
      userId: patron1.id,
      paymentStatus: 'Completed',
      status: 'completed',
      createdAt: new Date('2026-02-28T18:00:00Z'),
    });
    const o1Payment = await paid(db, o1, { completedAt: nepal('2026-03-01T00:05:00') }); // UTC: still February
    // A concern's part refund of Rs. 500 takes that much out of the month the payment came in.
    await db.transaction(async (tx) => {
      const [refund] = await tx
        .insert(refunds)
        .values({
          paymentAttemptId: o1Payment.id,
          amountPaisa: 50_000,
          idempotencyKey: `test:part-refund:${o1Payment.id}`,
          state: 'due',
          reason: 'concern',
          dueAt: nepal('2026-03-01T00:10:00'),
        })
        .returning();
      await postRefundDue(tx, o1Payment, refund!, 0);
    });
    const o2 = await insertOrder(db, alphaLamp, {
      userId: patron2.id,
      paymentType: 'khalti',
      paymentStatus: 'Completed',
      status: 'completed',
      createdAt: new Date('2026-02-14T10:00:00Z'),
    });
    // Ordered with Khalti in mind, paid by card at the payment step (docs/decisions/052): revenue by card,
    // in its rupees (Rs. 1,000.50 as US$ 7.53 at Rs. 133 a dollar).
    await paid(db, o2, {
      completedAt: nepal('2026-02-15T12:00:00'),
      provider: 'stripe',
      presentmentCurrency: 'USD',
      presentmentAmountMinor: 753,
      ratePaisa: 13_300,
      rateUnit: 1,
    });
    // Not paid: pending, failed, refunded.
    const o3 = await insertOrder(db, betaTara, {
      userId: patron3.id,
      paymentType: 'khalti',
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    await insertPaymentAttempt(db, o3);
    const o4 = await insertOrder(db, betaTara, {
      userId: patron3.id,
      paymentStatus: 'Failed',
      status: 'declined',
      createdAt: new Date('2026-01-10T10:00:00Z'),
    });
    await insertPaymentAttempt(db, o4, { status: 'Failed' });
    const o5 = await insertOrder(db, alphaTara, {
      userId: patron4.id,
      paymentStatus: 'Refunded',
      status: 'declined',
      createdAt: new Date('2025-12-20T10:00:00Z'),
    });
    await paid(db, o5, {
      completedAt: new Date('2025-12-20T11:00:00Z'),
      refund: {
        state: 'refunded',
        reason: 'declined',
        dueAt: new Date('2025-12-21T11:00:00Z'),
        refundedAt: new Date('2025-12-22T11:00:00Z'),
      },
    });
    // Confirmed at midnight starting 1 April in Nepal, still 31 March in UTC: April's.
    const o6 = await insertOrder(db, alphaTara, {
      userId: patron4.id,
      paymentType: 'khalti',
      paymentStatus: 'Completed',
      status: 'completed',
      createdAt: nepal('2025-03-31T22:00:00'),
    });
    await paid(db, o6, { completedAt: nepal('2025-04-01T00:00:00') });
    // Paid before the charted months: in the total only.
    const o7 = await insertOrder(db, betaTara, {
      userId: patron1.id,
      paymentStatus: 'Completed',
      status: 'completed',
      createdAt: new Date('2025-03-30T10:00:00Z'),
    });
    await paid(db, o7, { completedAt: nepal('2025-03-31T23:00:00') });
    // Paid twice by mistake: the order still counts once.
    const o8 = await insertOrder(db, alphaTara, {
      userId: patron2.id,
      paymentStatus: 'Completed',
      createdAt: new Date('2026-02-28T18:30:00Z'),
    });
    await paid(db, o8, { completedAt: nepal('2026-03-01T00:20:00') });
    // The second is a refund due: an order keeps one payment (docs/decisions/010).
    await paid(db, o8, {
      completedAt: nepal('2026-03-01T00:25:00'),
      refund: { state: 'due', reason: 'duplicate', dueAt: nepal('2026-03-01T00:25:00') },
    });
    Object.assign(orderIds, {
      o1: o1.id,
      o2: o2.id,
      o3: o3.id,
      o4: o4.id,
      o5: o5.id,
      o6: o6.id,
      o7: o7.id,
      o8: o8.id,
    });
    // One order at each small monastery, on 15-18 January; Zeta's is paid (Rs. 100 through eSewa).
    for (const [index, monastery] of small.entries()) {
      const offering = await offer(db, monastery.id, lamp.id, 100);
      const order = await insertOrder(db, offering, {
        userId: patron5.id,
        paymentStatus: monastery.name === 'Zeta Gompa' ? 'Completed' : 'Pending',
        createdAt: new Date(`2026-01-${15 + index}T10:00:00Z`),
      });
      orderIds[monastery.slug] = order.id;
      if (monastery.name === 'Zeta Gompa') await paid(db, order, { completedAt: order.createdAt });
      // Only Zeta's puja was performed, as far as the books know: the ranking's money is earned money
      // (docs/decisions/034), so the other paid orders, which posted nothing, earn nothing there.
      if (monastery.name === 'Zeta Gompa')
        await db.transaction((tx) =>
          postEntry(tx, {
            key: `test:order-completed:${order.id}`,
            kind: 'order_completed',
            orderId: order.id,
            postings: [
              { account: 'held_for_orders', amountPaisa: 10_000 },
              { account: 'monastery_payable', monasteryId: monastery.id, amountPaisa: -9_000 },
              { account: 'platform_commission', amountPaisa: -1_000 },
            ],
          }),
        );
    }

    const service = createAdminStatsService({
      db,
      ordersService: createOrdersService({
        db,
        businessTimeZone: TIME_ZONE,
        paymentWindowHours: 24,
        notices: { tell: async () => undefined, tellStaff: async () => undefined },
        imageUrl: () => '',
        concernWindowDays: 14,
        orderDays: { claimDay: async () => undefined },
        gifts: { checkGift: () => undefined, addGift: async () => undefined },
      }),
      businessTimeZone: TIME_ZONE,
      now: () => NOW,
    });
    stats = adminStatsResponseSchema.parse(await service.read());
  });
  afterAll(() => database.drop());

  it('totals every order, the rupees actually received, current patrons and current monasteries', () => {
    // Kept, by the ledger: 1500 − 500 + 1000.50 + 1500 + 2000 + 1500 + 100; pending, failed and refunded
    // payments, and a duplicate owed back, are not revenue.
    expect(stats.totals).toEqual({ orders: 12, paidRevenue: 7100.5, patrons: 5, monasteries: 7 });
  });

  it('counts orders by status, every status present, zeros included', () => {
    expect(stats.ordersByStatus).toEqual([
      { status: 'pending', count: 6 },
      { status: 'approved', count: 0 },
      { status: 'declined', count: 2 },
      { status: 'completed', count: 4 },
      { status: 'cancelled', count: 0 },
      { status: 'expired', count: 0 },
    ]);
  });

  it('charts paid revenue per Nepal month and provider, oldest first, zero-filled', () => {
    const months = [
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ];
    expect(months).toHaveLength(ADMIN_STATS_MONTHS);
    const paid: Record<string, number> = {
      '2025-04 khalti': 1500, // confirmed 1 April in Nepal, still 31 March in UTC
      '2026-01 esewa': 100,
      '2026-02 stripe': 1000.5,
      '2026-03 esewa': 2500, // both confirmed after midnight in Nepal on 1 March (February in UTC), less a part refund
    };
    expect(stats.revenueByMonth).toEqual(
      months.flatMap((month) =>
        (['esewa', 'khalti', 'stripe'] as const).map((provider) => ({
          month,
          provider,
          paidRevenue: paid[`${month} ${provider}`] ?? 0,
        })),
      ),
    );
  });

  it('ranks monasteries and pujas by orders, then what performed pujas earned, then name, keeping the top five', () => {
    expect(stats.topMonasteries).toEqual([
      { id: monasteryIds.alpha, name: 'Alpha Gompa', orders: 5, performedRevenue: 0 },
      { id: monasteryIds.beta, name: 'Beta Gompa', orders: 3, performedRevenue: 0 },
      { id: monasteryIds.zeta, name: 'Zeta Gompa', orders: 1, performedRevenue: 100 },
      { id: monasteryIds.delta, name: 'Delta Gompa', orders: 1, performedRevenue: 0 },
      { id: monasteryIds.epsilon, name: 'Epsilon Gompa', orders: 1, performedRevenue: 0 },
    ]);
    expect(stats.topPujas).toEqual([
      { id: pujaIds.tara, name: 'Tara Puja', orders: 7, performedRevenue: 0 },
      { id: pujaIds.lamp, name: 'Lamp Offering', orders: 5, performedRevenue: 100 },
    ]);
  });

  it('counts new patrons per Sunday-to-Saturday week in Nepal, oldest first, zero-filled', () => {
    const joined: Record<string, number> = {
      '2025-12-14': 1,
      '2026-01-04': 1,
      '2026-02-22': 2,
      '2026-03-01': 1,
    };
    const weeks = Array.from({ length: ADMIN_STATS_WEEKS }, (_, index) => addDays('2025-12-14', index * 7));
    expect(weeks.at(-1)).toBe('2026-03-01');
    expect(stats.newUsersByWeek).toEqual(
      weeks.map((weekStart) => ({ weekStart, count: joined[weekStart] ?? 0 })),
    );
  });

  it('lists the ten newest orders, newest first, in the order shape the other pages use', () => {
    expect(stats.latestOrders.map((order) => order.id)).toEqual([
      orderIds.o8,
      orderIds.o1,
      orderIds.o2,
      orderIds.o3,
      orderIds.eta,
      orderIds.zeta,
      orderIds.epsilon,
      orderIds.delta,
      orderIds.o4,
      orderIds.o5,
    ]);
    expect(stats.latestOrders[1]).toMatchObject({
      amount: 1500,
      payment_type: 'esewa',
      payment_status: 'Completed',
      status: 'completed',
      date: '2026-01-01T00:00:00+05:45',
      monastery_puja: { monastery: { name: 'Alpha Gompa', slug: 'alpha' }, puja: { name: 'Tara Puja' } },
    });
  });
});

describe('GET /api/admin/stats', () => {
  let harness: TestApp;
  const tokens = { admin: '', patron: '', staff: '' };
  const catalogue = { monastery: 0, puja: 0 };

  beforeAll(async () => {
    harness = await createTestApp();
    const { db } = harness.database;
    const gompa = await insertMonastery(db, { slug: 'stats-gompa', name: 'Stats Gompa' });
    const puja = await insertPuja(db, { slug: 'stats-puja', name: 'Stats Puja' });
    await offer(db, gompa.id, puja.id, 1250.75);
    Object.assign(catalogue, { monastery: gompa.id, puja: puja.id });
    const admin = await signInByPhone(harness, '9814000001');
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const staff = await signInByPhone(harness, '9814000002');
    await db
      .update(users)
      .set({ role: 'monastery', monasteryId: gompa.id })
      .where(eq(users.id, staff.user.id));
    const patron = await signInByPhone(harness, '9814000003');
    Object.assign(tokens, { admin: admin.token, staff: staff.token, patron: patron.token });
  });
  afterAll(() => harness.close());

  it('is for administrators only: visitors 401, patrons and staff 403', async () => {
    expect((await harness.app.inject('/api/admin/stats')).statusCode).toBe(401);
    for (const token of [tokens.patron, tokens.staff])
      expect((await harness.app.inject({ url: '/api/admin/stats', headers: bearer(token) })).statusCode).toBe(
        403,
      );
  });

  it('answers today’s figures in the contract’s shape, this Nepal month and week last', async () => {
    const placed = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(tokens.patron),
      payload: { ...catalogue, cost: 1250.75, date: addDays(todayIn(TIME_ZONE), 3), payment: 'khalti' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId: number = placed.json().order.id;
    // Paid as the provider's confirming look-up pays it, with its ledger entry.
    await payOrder(harness.database.db, orderId);

    const response = await harness.app.inject({ url: '/api/admin/stats', headers: bearer(tokens.admin) });
    expect(response.statusCode).toBe(200);
    const body = adminStatsResponseSchema.parse(response.json());
    const today = todayIn(TIME_ZONE);
    const thisWeek = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
    expect(body.totals).toEqual({ orders: 1, paidRevenue: 1250.75, patrons: 1, monasteries: 1 });
    expect(body.revenueByMonth).toHaveLength(ADMIN_STATS_MONTHS * 3);
    expect(body.revenueByMonth.slice(-3)).toEqual([
      { month: today.slice(0, 7), provider: 'esewa', paidRevenue: 0 },
      { month: today.slice(0, 7), provider: 'khalti', paidRevenue: 1250.75 },
      { month: today.slice(0, 7), provider: 'stripe', paidRevenue: 0 },
    ]);
    expect(body.newUsersByWeek).toHaveLength(ADMIN_STATS_WEEKS);
    expect(body.newUsersByWeek.at(-1)).toEqual({ weekStart: thisWeek, count: 1 });
    expect(body.latestOrders).toHaveLength(1);
    expect(orderSchema.parse(body.latestOrders[0])).toMatchObject({ id: orderId, amount: 1250.75 });
  });
});
