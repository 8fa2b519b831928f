import { hash } from '@node-rs/argon2';
import { addDays, todayIn } from '@puja/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { resolveJwtSecret } from '../../src/config/secrets.ts';
import {
  messages,
  monasteryPayoutDetails,
  monasteryPujas,
  orderConcerns,
  orderGifts,
  orderNames,
  paymentAttempts,
  payoutRuns,
  payouts,
  refunds,
  sessions,
  users,
} from '../../src/db/schema/index.ts';
import { signSessionToken } from '../../src/modules/session/session-tokens.ts';
import { insertMonastery, insertPuja, offer } from '../catalogue-fixtures.ts';
import { createMoneyHarness, PUJA_PRICE } from '../money-harness.ts';
import { insertOrder, insertPerson, payOrder } from '../order-fixtures.ts';
import { instrumentationOf } from './instrument.ts';

/**
 * The people the security tests act as. `patron` placed the orders; `staff` work at the monastery that
 * received them (`otherStaff` at another one); `visitor` sends no token.
 */
export const VIEWERS = ['visitor', 'patron', 'otherPatron', 'staff', 'otherStaff', 'admin'] as const;
export type ViewerName = (typeof VIEWERS)[number];

/** A small real picture, as a phone would upload one. */
export async function pictureBytes(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#aa6633' } })
    .png()
    .toBuffer();
}

/**
 * The real app (listening, so the payment adapters reach the built-in simulator) on a fresh database with
 * real rows for every id a route takes: a monastery offering a puja, the patron's orders in each state a
 * route needs, paid through the payments module, payments whose refund is due, a special puja, and spare
 * rows for the administrator's deletes. Each route's table entry points at one of these.
 */
export async function createSecurityWorld() {
  const money = await createMoneyHarness();
  const { app, db } = money;
  const instrumented = instrumentationOf(app as unknown as FastifyInstance);
  const routes: RouteOptions[] = instrumented.routes;

  const idOfPhone = async (phone: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
  const [patronId, otherPatronId, staffId, adminId] = await Promise.all(
    ['+9779818000001', '+9779818000002', '+9779818000003', '+9779818000004'].map(idOfPhone),
  );
  const monasteryId = money.monasteryId;
  const [offering] = await db
    .select()
    .from(monasteryPujas)
    .where(eq(monasteryPujas.monasteryId, monasteryId));
  const pujaId = offering!.pujaId;

  const otherMonastery = await insertMonastery(db, { slug: 'other-gompa', name: 'Other Gompa' });
  await offer(db, otherMonastery.id, pujaId, 3000);
  const otherStaff = await insertPerson(db, {
    role: 'monastery',
    monasteryId: otherMonastery.id,
    name: 'Other Staff',
  });
  // A catalogue puja neither monastery offers yet, one only to be withdrawn, and a special puja.
  const newPuja = await insertPuja(db, { slug: 'new-puja', name: 'Medicine Buddha Puja' });
  const sparePuja = await insertPuja(db, { slug: 'withdrawn-puja', name: 'Withdrawn Puja' });
  const spareOffer = await offer(db, monasteryId, sparePuja.id, 1200);
  const special = await insertPuja(db, { slug: 'gompa-special', name: 'Gompa Special', monasteryId });
  const specialOffer = await offer(db, monasteryId, special.id, 1800);
  // What administrators may edit and delete without touching what the rest of the table uses.
  const adminMonastery = await insertMonastery(db, { slug: 'admin-gompa', name: 'Admin Gompa' });
  const adminPuja = await insertPuja(db, { slug: 'admin-puja', name: 'Admin Puja' });
  // Archived rows for administrators to restore (`restore` archives them again after each restore).
  const archivedAt = new Date('2026-01-01T00:00:00Z');
  const archivedMonastery = await insertMonastery(db, {
    slug: 'archived-gompa',
    name: 'Archived Gompa',
    archivedAt,
  });
  const archivedPuja = await insertPuja(db, { slug: 'archived-puja', name: 'Archived Puja', archivedAt });
  const spareUser = await insertPerson(db, { name: 'Spare Person' });
  const revokedUser = await insertPerson(db, { name: 'Revoked Person' });
  await insertPerson(db, {
    name: 'Password Staff',
    email: 'password.staff@security.test',
    passwordHash: await hash('correct horse battery'),
  });

  // The patron's orders: two paid ones for staff to approve and complete (through POST with `_method` and
  // through PATCH), one unpaid to pay, one to cancel, and two paid then cancelled whose payments are
  // refunds due (one through Khalti, one through eSewa). The two to complete are today's: a puja is
  // completed on its day, never before (docs/decisions/039).
  const paidOrder = await money.placeOrder({ daysAhead: 0 });
  await payOrder(db, paidOrder);
  const secondPaidOrder = await money.placeOrder({ daysAhead: 0 });
  await payOrder(db, secondPaidOrder);
  const unpaidOrder = await money.placeOrder();
  const orderToCancel = await money.placeOrder();
  const khaltiRefundOrder = await money.placeOrder();
  const khaltiPaid = await money.pay(khaltiRefundOrder, 'khalti');
  if (!khaltiPaid.landing?.includes('status=success')) throw new Error(`Khalti: ${khaltiPaid.landing}`);
  const esewaRefundOrder = await money.placeOrder();
  await payOrder(db, esewaRefundOrder);
  for (const order of [khaltiRefundOrder, esewaRefundOrder]) {
    const cancelled = await money.cancel(order);
    if (cancelled.statusCode !== 200) throw new Error(`cancel: ${cancelled.body}`);
  }
  // Dedication plans (docs/decisions/055): one of the patron's to read, pay, skip in and end.
  const placedPlan = await money.placePlan({ diedDaysAgo: 0 });
  if (placedPlan.statusCode !== 200) throw new Error(`plan: ${placedPlan.body}`);
  const plan = placedPlan.json<{ plan: { id: number; occurrences: { order: { id: number } }[] } }>().plan;
  // And one paid each (docs/decisions/058), to pause and resume.
  const placedPayEach = await money.placePlan({ kind: 'monthly', day_of_month: 1, count: 3, pay_each: true });
  if (placedPayEach.statusCode !== 200) throw new Error(`pay-each plan: ${placedPayEach.body}`);
  const payEachPlan = placedPayEach.json<{ plan: { id: number } }>().plan.id;
  // Everyone the tests act as has history, so an administrator deleting one of them archives the row
  // (which `restore` undoes) instead of removing it.
  await money.placeOrder({ token: money.tokens.otherPatron });
  // So is the special puja's offering: removing it archives it rather than deleting it.
  await insertOrder(db, specialOffer, { userId: otherPatronId! });
  await db.insert(messages).values([
    { orderId: paidOrder, senderId: staffId!, body: 'We have received your order.' },
    { orderId: paidOrder, senderId: otherStaff.id, body: 'A note from another monastery.' },
  ]);
  // An approved puja of today with one name, for the run sheet's ticks.
  const todaysOrder = await insertOrder(db, offering!, {
    userId: patronId!,
    status: 'approved',
    pujaDate: todayIn('Asia/Kathmandu'),
  });
  const [prayerName] = await db
    .insert(orderNames)
    .values({ orderId: todaysOrder.id, position: 0, name: 'Ama Dolma', departed: true })
    .returning({ id: orderNames.id });
  // Gifts (docs/decisions/059): two of the patron's orders dedicated to someone not yet told, one to
  // change and one to withdraw.
  const giftOrders = [];
  for (let index = 0; index < 2; index++) {
    const giftOrder = await insertOrder(db, offering!, {
      userId: patronId!,
      pujaDate: addDays(todayIn('Asia/Kathmandu'), 5),
    });
    await db.insert(orderGifts).values({
      orderId: giftOrder.id,
      recipientName: 'Tenzin Norbu',
      recipientEmail: 'tenzin@security.test',
      recipientLanguage: 'en',
      tellOn: addDays(todayIn('Asia/Kathmandu'), 3),
    });
    giftOrders.push(giftOrder.id);
  }
  // Concerns (docs/decisions/036): a performed puja of the patron's to raise one about, and another with a
  // concern open for an administrator to resolve (a rejection: no money moves, so the rows alone do).
  const performed = { userId: patronId!, status: 'completed' as const, closedAt: new Date() };
  const concernOrder = await insertOrder(db, offering!, performed);
  const concernedOrder = await insertOrder(db, offering!, performed);
  const [concern] = await db
    .insert(orderConcerns)
    .values({ orderId: concernedOrder.id, raisedBy: patronId!, kind: 'no_proof', message: 'No photo.' })
    .returning({ id: orderConcerns.id });
  const refundDue = async (orderId: number) =>
    (
      await db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .innerJoin(refunds, eq(refunds.paymentAttemptId, paymentAttempts.id))
        .where(and(eq(paymentAttempts.orderId, orderId), eq(refunds.state, 'due')))
    )[0]!.id;

  const people: Record<Exclude<ViewerName, 'visitor'>, number> = {
    patron: patronId!,
    otherPatron: otherPatronId!,
    staff: staffId!,
    otherStaff: otherStaff.id,
    admin: adminId!,
  };
  // Payouts (docs/decisions/033): the monastery's payout details, today's run with a transfer to record,
  // and yesterday's with one to mark failed (the rows alone: the routes' own posts balance by themselves).
  const [payoutDetails] = await db
    .insert(monasteryPayoutDetails)
    .values({
      monasteryId,
      method: 'esewa',
      accountHolder: 'Matrix Gompa',
      accountNumber: '9800000099',
      createdBy: people.admin,
    })
    .returning();
  const payoutOf = async (runOn: string) => {
    const [run] = await db.insert(payoutRuns).values({ runOn, trigger: 'schedule' }).returning();
    const [payout] = await db
      .insert(payouts)
      .values({
        runId: run!.id,
        monasteryId,
        amountPaisa: 100_000,
        payoutDetailsId: payoutDetails!.id,
        method: 'esewa',
        accountMasked: '••••0099',
      })
      .returning();
    return { run: run!.id, payout: payout!.id };
  };
  const todaysPayout = await payoutOf(todayIn('Asia/Kathmandu'));
  const yesterdaysPayout = await payoutOf(addDays(todayIn('Asia/Kathmandu'), -1));

  const secret = resolveJwtSecret(app.config);
  const mintedSessions: string[] = [];
  const tokens = new Map<ViewerName, string>();
  async function mint(viewer: Exclude<ViewerName, 'visitor'>): Promise<string> {
    const expiresAt = new Date(Date.now() + 3600_000);
    const [row] = await db
      .insert(sessions)
      .values({ userId: people[viewer], expiresAt, userAgent: 'security-test' })
      .returning({ id: sessions.id });
    mintedSessions.push(row!.id);
    return signSessionToken(secret, { userId: people[viewer], sessionId: row!.id }, expiresAt);
  }

  const world = {
    money,
    app,
    db,
    routes,
    /** Every error a request raised so far, even those answered 4xx. */
    errors: instrumented.errors,
    people,
    ids: {
      monastery: monasteryId,
      otherMonastery: otherMonastery.id,
      puja: pujaId,
      offering: offering!.id,
      newPuja: newPuja.id,
      spareOffer: spareOffer.id,
      special: special.id,
      specialOffer: specialOffer.id,
      adminMonastery: adminMonastery.id,
      adminPuja: adminPuja.id,
      archivedMonastery: archivedMonastery.id,
      archivedPuja: archivedPuja.id,
      spareUser: spareUser.id,
      revokedUser: revokedUser.id,
      paidOrder,
      secondPaidOrder,
      unpaidOrder,
      orderToCancel,
      giftOrder: giftOrders[0]!,
      giftToWithdraw: giftOrders[1]!,
      plan: plan.id,
      payEachPlan,
      planOccurrence: plan.occurrences[0]!.order.id,
      prayerName: prayerName!.id,
      concernOrder: concernOrder.id,
      concern: concern!.id,
      khaltiRefund: await refundDue(khaltiRefundOrder),
      esewaRefund: await refundDue(esewaRefundOrder),
      payoutRun: todaysPayout.run,
      payoutToRecord: todaysPayout.payout,
      payoutToFail: yesterdaysPayout.payout,
    },
    passwordLogin: { email: 'password.staff@security.test', password: 'correct horse battery' },
    price: PUJA_PRICE,
    orderDate: addDays(todayIn('Asia/Kathmandu'), 5),
    today: todayIn('Asia/Kathmandu'),
    picture: await pictureBytes(),

    /**
     * A token of this person: a session row of its own, as signing in makes one. `fresh` makes a new one
     * each time, so a route that signs out or revokes sessions cannot spoil the cases after it; otherwise
     * one per person, which `restore` keeps valid.
     */
    async tokenOf(viewer: ViewerName, { fresh = false } = {}): Promise<string | undefined> {
      if (viewer === 'visitor') return undefined;
      if (fresh) return mint(viewer);
      const token = tokens.get(viewer) ?? (await mint(viewer));
      tokens.set(viewer, token);
      return token;
    },

    /**
     * Puts back what the next requests rely on, after a request that succeeded: the acting people (an
     * administrator may have archived, demoted or signed out one of them), and the monasteries, pujas and
     * offerings the route table names (archived, closed or re-priced), so the next requests still reach
     * real, open rows.
     */
    async restore(): Promise<void> {
      await db.execute(sql`
        UPDATE users SET archived_at = NULL,
          role = CASE id WHEN ${people.admin} THEN 'admin'
                         WHEN ${people.staff} THEN 'monastery'
                         WHEN ${people.otherStaff} THEN 'monastery' ELSE 'user' END,
          monastery_id = CASE id WHEN ${people.staff} THEN ${monasteryId}::integer
                                 WHEN ${people.otherStaff} THEN ${otherMonastery.id}::integer END
        WHERE id IN (${sql.join(Object.values(people), sql`, `)})
          AND (archived_at IS NOT NULL OR role <> CASE id WHEN ${people.admin} THEN 'admin'
                 WHEN ${people.staff} THEN 'monastery' WHEN ${people.otherStaff} THEN 'monastery'
                 ELSE 'user' END
               OR monastery_id IS DISTINCT FROM CASE id WHEN ${people.staff} THEN ${monasteryId}::integer
                 WHEN ${people.otherStaff} THEN ${otherMonastery.id}::integer END)`);
      await db.execute(sql`
        UPDATE monasteries SET archived_at = NULL, status = 1
        WHERE id IN (${monasteryId}, ${otherMonastery.id}) AND (archived_at IS NOT NULL OR status <> 1)`);
      await db.execute(sql`
        UPDATE pujas SET archived_at = NULL, status = 1
        WHERE id IN (${pujaId}, ${special.id}) AND (archived_at IS NOT NULL OR status <> 1)`);
      await db.execute(sql`
        UPDATE monastery_pujas SET archived_at = NULL,
          cost_paisa = CASE id WHEN ${offering!.id} THEN ${offering!.costPaisa}::integer
                               ELSE ${specialOffer.costPaisa}::integer END
        WHERE id IN (${offering!.id}, ${specialOffer.id})
          AND (archived_at IS NOT NULL OR cost_paisa <> CASE id WHEN ${offering!.id} THEN ${offering!.costPaisa}::integer
                                                             ELSE ${specialOffer.costPaisa}::integer END)`);
      await db.execute(sql`
        UPDATE monasteries SET archived_at = ${archivedAt} WHERE id = ${archivedMonastery.id} AND archived_at IS NULL`);
      await db.execute(sql`
        UPDATE pujas SET archived_at = ${archivedAt} WHERE id = ${archivedPuja.id} AND archived_at IS NULL`);
      if (mintedSessions.length > 0)
        await db
          .update(sessions)
          .set({ revokedAt: null })
          .where(and(inArray(sessions.id, mintedSessions), sql`${sessions.revokedAt} IS NOT NULL`));
    },

    close: () => money.close(),
  };
  return world;
}
export type SecurityWorld = Awaited<ReturnType<typeof createSecurityWorld>>;

/**
 * Columns that change legitimately on a refused request or on any request: a session's `last_seen_at`
 * (written by the sign-in check of every request) and a sign-in code's `failed_attempts` (a wrong code is
 * counted: that is the guard against guessing).
 */
const MAY_CHANGE: Record<string, string[]> = {
  'public.sessions': ['last_seen_at'],
  'public.sign_in_codes': ['failed_attempts'],
};

/**
 * A fingerprint of everything a request may change, for "a refused request changed nothing": every table
 * of the app (found in the catalogue, so a new table is covered without being listed) and of the job
 * queue, row by row, without the columns above.
 */
export async function databaseFingerprint(world: SecurityWorld): Promise<Record<string, string>> {
  tablesQuery ??= (async () => {
    const tables = await world.db.execute<{ name: string }>(sql`
      SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'graphile_worker')
      ORDER BY 1`);
    return sql.join(
      tables.rows.map(({ name }) => {
        const row = sql.raw(
          ['to_jsonb(t)', ...(MAY_CHANGE[name] ?? []).map((column) => `'${column}'`)].join(' - '),
        );
        return sql`SELECT ${name} AS name, md5(coalesce(string_agg((${row})::text, ',' ORDER BY (${row})::text), '')) AS fingerprint FROM ${sql.raw(name)} t`;
      }),
      sql` UNION ALL `,
    );
  })();
  const result = await world.db.execute<{ name: string; fingerprint: string }>(await tablesQuery);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.fingerprint]));
}
let tablesQuery: Promise<SQL> | undefined;

/**
 * Tells which tables a request changed, cheaply enough to ask around every request. Any write takes a
 * transaction id, so when the next unassigned id (the snapshot's xmax) has not moved, nothing was written
 * and the fingerprint of the last look still holds; only when it moved is the database fingerprinted again.
 */
export function watchChanges(world: SecurityWorld) {
  let known: { xmax: string; fingerprint: Record<string, string> } | undefined;
  const nextTransactionId = async () =>
    (
      await world.db.execute<{ xmax: string }>(
        sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
      )
    ).rows[0]!.xmax;
  async function look() {
    // The id first: a write landing while the fingerprint is taken only causes one more look later.
    const xmax = await nextTransactionId();
    if (known?.xmax !== xmax) known = { xmax, fingerprint: await databaseFingerprint(world) };
    return known;
  }
  return {
    /** The state before a request. */
    look,
    /** The tables whose rows differ from `before`. */
    async changedSince(before: { fingerprint: Record<string, string> }): Promise<string[]> {
      const now = await look();
      return Object.keys(now.fingerprint).filter(
        (table) => now.fingerprint[table] !== before.fingerprint[table],
      );
    },
  };
}
