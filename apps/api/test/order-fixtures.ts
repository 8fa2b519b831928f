import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { type monasteryPujas, orders, paymentAttempts, refunds, users } from '../src/db/schema/index.ts';
import { newOrderNumber } from '../src/modules/orders/orders.service.ts';
import { receivePaymentMoney } from '../src/modules/payments/money-events.ts';
import {
  lockOrder,
  recordOrderPayment,
  refreshOrderPaymentStatus,
} from '../src/modules/payments/payments.queries.ts';

/** People, orders and payments with explicit dates, for tests that need exact figures. */

let nextPhone = 9_800_000_000;
export async function insertPerson(
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  nextPhone += 1;
  const [row] = await db
    .insert(users)
    .values({ phone: `+977${nextPhone}`, role: 'user', ...values })
    .returning();
  return row!;
}

/** An order of a offering at its current price, as placing it would have stored it. */
export async function insertOrder(
  db: Database,
  offering: typeof monasteryPujas.$inferSelect,
  values: Partial<typeof orders.$inferInsert> & { userId: number },
): Promise<typeof orders.$inferSelect> {
  const [row] = await db
    .insert(orders)
    .values({
      monasteryPujaId: offering.id,
      monasteryId: offering.monasteryId,
      pujaDate: '2026-01-01',
      amountPaisa: offering.costPaisa,
      paymentType: 'esewa',
      idempotencyKey: randomBytes(8).toString('hex'),
      number: newOrderNumber(),
      ...values,
    })
    .returning();
  return row!;
}

/** A payment try of an order; `completedAt` makes it a confirmed payment. */
export async function insertPaymentAttempt(
  db: Database,
  order: typeof orders.$inferSelect,
  {
    refund,
    ...values
  }: Partial<typeof paymentAttempts.$inferInsert> & {
    /** A refund of all of it: the order no longer keeps it (docs/decisions/044). */
    refund?: Pick<
      typeof refunds.$inferInsert,
      'state' | 'reason' | 'dueAt' | 'refundedAt' | 'providerReference'
    >;
  } = {},
) {
  const [row] = await db
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      provider: order.paymentType,
      reference: randomBytes(8).toString('hex'),
      amountPaisa: order.amountPaisa,
      status: values.completedAt ? 'Completed' : 'Pending',
      ...(refund ? { releasedAt: refund.dueAt } : {}),
      ...values,
    })
    .returning();
  if (refund)
    await db.insert(refunds).values({
      paymentAttemptId: row!.id,
      amountPaisa: row!.amountPaisa,
      idempotencyKey: `release:${row!.id}`,
      ...refund,
    });
  return row!;
}

/**
 * Pays a payable order as a provider's confirming look-up does: a try for the stored amount, received and
 * kept through the payments module's own functions (with its ledger entry), so the order's payment_status becomes Completed. Only
 * a paid order can be approved (docs/decisions/009).
 */
export async function payOrder(db: Database, orderId: number): Promise<typeof orders.$inferSelect> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId} to pay`);
  const attempt = await insertPaymentAttempt(db, order);
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const received = await receivePaymentMoney(tx, attempt.id, {
      transactionCode: `TEST-${attempt.reference}`,
      providerResponse: { status: 'Completed', fixture: true },
    });
    await recordOrderPayment(tx, orderId, received!);
    await refreshOrderPaymentStatus(tx, orderId);
  });
  const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
  return paid!;
}

/**
 * The order's version as stored now: what a staff member's page shows and sends with a change
 * (docs/decisions/040), for tests that change an order as staff do.
 */
export async function orderVersion(db: Database, orderId: number): Promise<number> {
  const [row] = await db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`No order ${orderId}`);
  return row.version;
}
