import type { ConcernKind, ConcernStatus } from '@puja/contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { orderConcerns, orderNames } from '../../db/schema/index.ts';

export type ConcernRow = typeof orderConcerns.$inferSelect;

export async function insertConcern(
  tx: Transaction,
  values: { orderId: number; raisedBy: number; kind: ConcernKind; message: string },
): Promise<ConcernRow> {
  const [row] = await tx.insert(orderConcerns).values(values).returning();
  return row!;
}

export async function findConcernById(db: Executor, concernId: number) {
  const [row] = await db.select().from(orderConcerns).where(eq(orderConcerns.id, concernId)).limit(1);
  return row;
}

export async function findOpenConcern(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(orderConcerns)
    .where(and(eq(orderConcerns.orderId, orderId), eq(orderConcerns.status, 'open')))
    .limit(1);
  return row;
}

/** The concerns of these orders, oldest first (an order has a few at most). */
export function listConcernsOfOrders(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([] as ConcernRow[]);
  return db
    .select()
    .from(orderConcerns)
    .where(inArray(orderConcerns.orderId, orderIds))
    .orderBy(asc(orderConcerns.createdAt), asc(orderConcerns.id));
}

/** The administrators' queue: open concerns oldest first, or resolved ones newest first; `limit` at most. */
export function listConcernsByStatus(db: Executor, which: 'open' | 'resolved', limit: number) {
  const query = db.select().from(orderConcerns);
  return which === 'open'
    ? query
        .where(eq(orderConcerns.status, 'open'))
        .orderBy(asc(orderConcerns.createdAt), asc(orderConcerns.id))
        .limit(limit)
    : query
        .where(ne(orderConcerns.status, 'open'))
        .orderBy(desc(orderConcerns.resolvedAt), desc(orderConcerns.id))
        .limit(limit);
}

export async function countOpenConcerns(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderConcerns)
    .where(eq(orderConcerns.status, 'open'));
  return row?.count ?? 0;
}

/** Resolves a concern if it is still open (a guarded update): nothing when another resolution came first. */
export async function resolveConcernIfOpen(
  tx: Transaction,
  concernId: number,
  resolution: {
    status: Exclude<ConcernStatus, 'open'>;
    resolvedBy: number;
    resolutionNote: string | null;
    refundAmountPaisa?: number;
    refundPaymentId?: number;
    redoDate?: string;
  },
): Promise<ConcernRow | undefined> {
  const [row] = await tx
    .update(orderConcerns)
    .set({ ...resolution, resolvedAt: new Date() })
    .where(and(eq(orderConcerns.id, concernId), eq(orderConcerns.status, 'open')))
    .returning();
  return row;
}

/** A redo: the names are to be read again at the new performance, so their ticks are taken back. */
export async function clearNameTicks(tx: Transaction, orderId: number): Promise<void> {
  await tx.update(orderNames).set({ readAt: null, readBy: null }).where(eq(orderNames.orderId, orderId));
}

/**
 * The monastery's performed orders with a concern open, each with what it earned the monastery and has
 * not given back: its postings on the monastery's payable (completion, clawback, redo), in credit.
 */
export async function selectOrdersHeldByConcerns(db: Executor, monasteryId: number) {
  const result = await db.execute<{ order_id: number; held: string }>(sql`
    SELECT c.order_id, (-sum(l.amount_paisa))::text AS held
    FROM order_concerns c
    JOIN orders o ON o.id = c.order_id
    JOIN ledger_entries e ON e.order_id = c.order_id
    JOIN ledger_postings l ON l.entry_id = e.id
      AND l.account = 'monastery_payable' AND l.monastery_id = o.monastery_id
    WHERE c.status = 'open' AND o.monastery_id = ${monasteryId}
    GROUP BY c.order_id
    HAVING -sum(l.amount_paisa) > 0
    ORDER BY c.order_id
  `);
  return result.rows.map((row) => ({
    orderId: row.order_id,
    reason: 'concern' as const,
    heldPaisa: Number(row.held),
  }));
}
