import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { insertOrder, insertPerson, payOrder } from '../../../test/order-fixtures.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { ledgerEntries, ledgerPostings, orders, paymentAttempts, refunds } from '../../db/schema/index.ts';
import { makeRefundDue, recordRefundPaid, refundKeys } from '../payments/money-events.ts';
import { findKeptPayment, findOpenRefund, refreshOrderPaymentStatus } from '../payments/payments.queries.ts';
import {
  commissionOf,
  ledgerBalances,
  ledgerDifferences,
  postEntry,
  postOrderCompleted,
} from './ledger.service.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The cause's message of a failed query (drizzle wraps PostgreSQL's error). */
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: Error & { cause?: Error }) => caught,
  );
  expect(error, 'the database should have refused').toBeDefined();
  return `${error!.message} ${error!.cause?.message ?? ''}`;
};

const balanced = (key: string) => ({
  key,
  kind: 'payment_received' as const,
  postings: [
    { account: 'esewa_clearing' as const, amountPaisa: 1000 },
    { account: 'held_for_orders' as const, amountPaisa: -1000 },
  ],
});

describe('the journal', () => {
  it('posts an entry once: the same event again answers the first entry and adds nothing', async () => {
    const { db } = database;
    const first = await db.transaction((tx) => postEntry(tx, balanced('test:once')));
    const again = await db.transaction((tx) => postEntry(tx, balanced('test:once')));
    expect(first.posted).toBe(true);
    expect(again).toEqual({ entry: first.entry, posted: false });
    const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, first.entry.id));
    expect(postings.map((posting) => posting.amountPaisa).sort()).toEqual([-1000, 1000]);
  });

  it('refuses a key used again for other postings, so none are lost without a word', async () => {
    const { db } = database;
    await db.transaction((tx) => postEntry(tx, balanced('test:reused')));
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          ...balanced('test:reused'),
          postings: [
            { account: 'esewa_clearing', amountPaisa: 5 },
            { account: 'held_for_orders', amountPaisa: -5 },
          ],
        }),
      ),
    ).rejects.toThrow(/posted before with other postings/);
  });

  it('refuses postings added to an entry another transaction wrote, even balanced ones', async () => {
    const { db } = database;
    const { entry } = await db.transaction((tx) => postEntry(tx, balanced('test:closed')));
    const message = await failure(
      db.insert(ledgerPostings).values([
        { entryId: entry.id, account: 'held_for_orders', amountPaisa: 300 },
        { entryId: entry.id, account: 'refunds_payable', amountPaisa: -300 },
      ]),
    );
    expect(message).toMatch(/its postings are final/);
    expect(await db.$count(ledgerPostings, eq(ledgerPostings.entryId, entry.id))).toBe(2);
  });

  it('is refused by the database at commit when an entry’s postings do not sum to zero', async () => {
    const { db } = database;
    const message = await failure(
      db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(ledgerEntries)
          .values({ idempotencyKey: 'test:unbalanced', kind: 'refund_paid' })
          .returning();
        await tx.insert(ledgerPostings).values([
          { entryId: entry!.id, account: 'refunds_payable', amountPaisa: 700 },
          { entryId: entry!.id, account: 'khalti_clearing', amountPaisa: -699 },
        ]);
      }),
    );
    expect(message).toMatch(/does not balance/);
    expect(await db.$count(ledgerEntries, eq(ledgerEntries.idempotencyKey, 'test:unbalanced'))).toBe(0);
  });

  it('balances per currency: rupees cannot pay for dollars', async () => {
    const message = await failure(
      database.db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(ledgerEntries)
          .values({ idempotencyKey: 'test:currencies', kind: 'refund_paid' })
          .returning();
        await tx.insert(ledgerPostings).values([
          { entryId: entry!.id, account: 'refunds_payable', amountPaisa: 700, currency: 'NPR' },
          { entryId: entry!.id, account: 'khalti_clearing', amountPaisa: -700, currency: 'USD' },
        ]);
      }),
    );
    expect(message).toMatch(/does not balance/);
  });

  it('refuses an unbalanced entry before it reaches the database too', async () => {
    await expect(
      database.db.transaction((tx) =>
        postEntry(tx, {
          key: 'test:lopsided',
          kind: 'refund_due',
          postings: [{ account: 'held_for_orders', amountPaisa: 10 }],
        }),
      ),
    ).rejects.toThrow(/do not sum to zero/);
  });

  it('never updates or deletes an entry or a posting', async () => {
    const { db } = database;
    const { entry } = await db.transaction((tx) => postEntry(tx, balanced('test:fixed')));
    for (const statement of [
      sql`UPDATE ledger_entries SET kind = 'refund_due' WHERE id = ${entry.id}`,
      sql`DELETE FROM ledger_entries WHERE id = ${entry.id}`,
      sql`UPDATE ledger_postings SET amount_paisa = amount_paisa * 2 WHERE entry_id = ${entry.id}`,
      sql`DELETE FROM ledger_postings WHERE entry_id = ${entry.id}`,
      sql`TRUNCATE ledger_postings`,
    ])
      expect(await failure(db.execute(statement))).toMatch(/append-only/);
    expect(await db.$count(ledgerPostings, eq(ledgerPostings.entryId, entry.id))).toBe(2);
  });

  it('keeps a monastery’s accounts apart and refuses a monastery account without its monastery', async () => {
    const message = await failure(
      database.db.transaction((tx) =>
        postEntry(tx, {
          key: 'test:nobody',
          kind: 'order_completed',
          postings: [
            { account: 'held_for_orders', amountPaisa: 10 },
            { account: 'monastery_payable', amountPaisa: -10 },
          ],
        }),
      ),
    );
    expect(message).toMatch(/ledger_postings_monastery_check/);
  });
});

describe('commission', () => {
  it('is rounded half up to the paisa, and the monastery gets the rest', () => {
    expect(commissionOf(250_000, 1000)).toBe(25_000);
    expect(commissionOf(1005, 1000)).toBe(101); // 100.5 paisa
    expect(commissionOf(1004, 1000)).toBe(100); // 100.4 paisa
    expect(commissionOf(1001, 250)).toBe(25); // 25.025 paisa
    expect(commissionOf(999, 0)).toBe(0);
    expect(commissionOf(999, 10_000)).toBe(999);
  });
});

describe('the books of an order', () => {
  it('agree with the payments through payment, performance, a clawback and its refund', async () => {
    const { db } = database;
    const monastery = await insertMonastery(db, { slug: 'ledger-gompa', name: 'Ledger Gompa' });
    const puja = await insertPuja(db, { slug: 'ledger-puja', name: 'Ledger Puja' });
    const offering = await offer(db, monastery.id, puja.id, 1000.05);
    const patron = await insertPerson(db);
    const order = await insertOrder(db, offering, { userId: patron.id, status: 'approved' });
    await payOrder(db, order.id);
    expect(await ledgerDifferences(db)).toEqual([]);

    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
      const kept = (await findKeptPayment(tx, order.id))!;
      await postOrderCompleted(tx, order, kept, 1000);
    });
    const balance = async (account: string) =>
      (await ledgerBalances(db))
        .filter((row) => row.account === account && (row.monasteryId ?? monastery.id) === monastery.id)
        .reduce((total, row) => total + row.balancePaisa, 0);
    // Rs. 1000.05 = 100005 paisa: 10 % is 10000.5, rounded up to 10001.
    expect(await balance('monastery_payable')).toBe(-90_004);
    expect(await balance('platform_commission')).toBe(-10_001);
    expect(await ledgerDifferences(db)).toEqual([]);

    // A refund after the puja was performed takes back what it earned.
    const kept = (await findKeptPayment(db, order.id))!;
    await db.transaction(async (tx) => {
      await makeRefundDue(tx, kept.id, { reason: 'cancelled', key: refundKeys.release(kept.id) });
      await refreshOrderPaymentStatus(tx, order.id);
    });
    expect(await balance('monastery_payable')).toBe(0);
    expect(await balance('refunds_payable')).toBe(-100_005);
    expect(await ledgerDifferences(db)).toEqual([]);
    const due = (await findOpenRefund(db, kept.id))!;
    await db.transaction((tx) => recordRefundPaid(tx, kept, due.id, { reference: 'R-1' }));
    expect(await ledgerDifferences(db)).toEqual([]);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(entries.map((entry) => entry.kind).sort()).toEqual([
      'clawback',
      'order_completed',
      'payment_received',
      'refund_paid',
    ]);
  });

  it('claw back a puja whose whole price was commission, where the monastery earned nothing', async () => {
    const { db } = database;
    const monastery = await insertMonastery(db, { slug: 'tithe-gompa', name: 'Tithe Gompa' });
    const puja = await insertPuja(db, { slug: 'tithe-puja', name: 'Tithe Puja' });
    const order = await insertOrder(db, await offer(db, monastery.id, puja.id, 30), {
      userId: (await insertPerson(db)).id,
      status: 'approved',
    });
    await payOrder(db, order.id);
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
      await postOrderCompleted(tx, order, (await findKeptPayment(tx, order.id))!, 10_000);
    });
    const kept = (await findKeptPayment(db, order.id))!;
    await db.transaction(async (tx) => {
      await makeRefundDue(tx, kept.id, { reason: 'cancelled', key: refundKeys.release(kept.id) });
      await refreshOrderPaymentStatus(tx, order.id);
    });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(entries.map((entry) => entry.kind).sort()).toEqual([
      'clawback',
      'order_completed',
      'payment_received',
    ]);
  });

  it('are reported when a payment changes without its entry', async () => {
    const { db } = database;
    const monastery = await insertMonastery(db, { slug: 'silent-gompa', name: 'Silent Gompa' });
    const puja = await insertPuja(db, { slug: 'silent-puja', name: 'Silent Puja' });
    const order = await insertOrder(db, await offer(db, monastery.id, puja.id, 20), {
      userId: (await insertPerson(db)).id,
    });
    await payOrder(db, order.id);
    // A refund recorded behind the ledger's back.
    const [payment] = await db
      .update(paymentAttempts)
      .set({ releasedAt: new Date() })
      .where(eq(paymentAttempts.orderId, order.id))
      .returning();
    await db.insert(refunds).values({
      paymentAttemptId: payment!.id,
      amountPaisa: payment!.amountPaisa,
      reason: 'cancelled',
      idempotencyKey: `release:${payment!.id}`,
    });
    expect(await ledgerDifferences(db)).toEqual([
      {
        orderId: order.id,
        orderNumber: order.number,
        account: 'held_for_orders',
        expectedPaisa: 0,
        actualPaisa: -2000,
      },
      {
        orderId: order.id,
        orderNumber: order.number,
        account: 'refunds_payable',
        expectedPaisa: -2000,
        actualPaisa: 0,
      },
    ]);
  });
});
