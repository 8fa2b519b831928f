import { DELETED_ACCOUNT_NAME } from '@puja/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { messages, orderNames, orders, sessions, signInCodes, users } from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';

/** The patron's own account: a new phone number, and deleting the account (account.service.ts). */

export async function setUserPhone(tx: Transaction, userId: number, phone: string) {
  const [row] = await tx
    .update(users)
    .set({ phone, version: nextVersion(users.version) })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/**
 * The patron's orders that might still hold their money, locked (as `lockOrder` does, in id order so two
 * transactions cannot deadlock) so that no payment settles or state changes on them until the deletion
 * commits or gives up: every order still pending or approved, every order with a refund not yet made, and
 * every order a payment was started for within the hour (the patron may be paying right now).
 */
export async function lockOrdersInProgress(tx: Transaction, userId: number) {
  return tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        sql`(${orders.status} IN ('pending', 'approved')
          OR EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = ${orders.id}
            AND ((a.status = 'Pending' AND a.created_at > now() - interval '1 hour')
              OR EXISTS (SELECT 1 FROM refunds r WHERE r.payment_attempt_id = a.id
                AND r.state IN ('due', 'requested')))))`,
      ),
    )
    .orderBy(orders.id)
    .for('no key update');
}

/**
 * Of these orders, what is still owed back on each (refunds due or requested, in paisa) and whether a
 * payment started within the hour is still unsettled.
 */
export async function findMoneyInProgress(tx: Transaction, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const result = await tx.execute<{ order_id: number; refund_paisa: number; paying: boolean }>(sql`
    SELECT order_id,
      coalesce(sum((SELECT sum(r.amount_paisa) FROM refunds r WHERE r.payment_attempt_id = a.id
        AND r.state IN ('due', 'requested'))), 0)::int AS refund_paisa,
      bool_or(status = 'Pending' AND created_at > now() - interval '1 hour') AS paying
    FROM payment_attempts a
    WHERE order_id IN (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY order_id`);
  return result.rows;
}

/** Unpaid pending orders of a deleted account: nobody is left to pay them, and no puja is owed. */
export async function cancelOrders(tx: Transaction, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ status: 'cancelled', closedAt: new Date() })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'pending')));
}

/**
 * What the patron wrote on their orders goes with them: the names they asked prayers for, their
 * intentions, and their messages. The orders themselves, their payments and refunds, and the monastery's
 * own messages and photos stay.
 */
export async function removeWordsOfPatron(tx: Transaction, userId: number): Promise<void> {
  await tx.update(orders).set({ beneficiary: null, intention: null }).where(eq(orders.userId, userId));
  await tx
    .delete(orderNames)
    .where(
      inArray(orderNames.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
    );
  await tx.delete(messages).where(eq(messages.senderId, userId));
}

/**
 * The account keeps its row, so its orders, payments and audit entries still point at someone, but not
 * the person: no name (the row is called DELETED_ACCOUNT_NAME wherever its orders are listed), e-mail,
 * phone or password, and archived, so nobody can sign in to it or find it among the accounts.
 */
export async function anonymiseUser(tx: Transaction, userId: number, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ name: DELETED_ACCOUNT_NAME, email: null, phone: null, passwordHash: null, archivedAt: at })
    .where(eq(users.id, userId));
}

/** Every session of the account, live or ended: the devices it was used from go too. */
export async function deleteSessionsOfUser(tx: Transaction, userId: number): Promise<number> {
  const deleted = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}

export async function deleteSignInCodesOfPhone(tx: Transaction, phone: string): Promise<void> {
  await tx.delete(signInCodes).where(eq(signInCodes.phone, phone));
}
