import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  monasteries,
  monasteryCommissionRates,
  monasteryPayoutDetails,
  payoutRuns,
  payouts,
  users,
} from '../../db/schema/index.ts';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutRunRow = typeof payoutRuns.$inferSelect;
export type PayoutDetailsRow = typeof monasteryPayoutDetails.$inferSelect;

export async function findMonastery(db: Executor, monasteryId: number) {
  const [row] = await db
    .select({ id: monasteries.id, name: monasteries.name })
    .from(monasteries)
    .where(eq(monasteries.id, monasteryId))
    .limit(1);
  return row;
}

// ---- Commission ----

const rateColumns = {
  id: monasteryCommissionRates.id,
  basisPoints: monasteryCommissionRates.basisPoints,
  effectiveFrom: monasteryCommissionRates.effectiveFrom,
  createdAt: monasteryCommissionRates.createdAt,
  createdBy: users.name,
};

/** The newest rates first: latest effective day, and the latest set of one day first. */
export function selectCommissionRates(db: Executor, monasteryId: number, limit: number) {
  return db
    .select(rateColumns)
    .from(monasteryCommissionRates)
    .innerJoin(users, eq(users.id, monasteryCommissionRates.createdBy))
    .where(eq(monasteryCommissionRates.monasteryId, monasteryId))
    .orderBy(desc(monasteryCommissionRates.effectiveFrom), desc(monasteryCommissionRates.id))
    .limit(limit);
}

/** The monastery's own rate in force on a day (latest effective day on or before it), if any. */
export async function findRateInForce(db: Executor, monasteryId: number, day: string) {
  const [row] = await db
    .select({
      basisPoints: monasteryCommissionRates.basisPoints,
      effectiveFrom: monasteryCommissionRates.effectiveFrom,
    })
    .from(monasteryCommissionRates)
    .where(
      and(
        eq(monasteryCommissionRates.monasteryId, monasteryId),
        lte(monasteryCommissionRates.effectiveFrom, day),
      ),
    )
    .orderBy(desc(monasteryCommissionRates.effectiveFrom), desc(monasteryCommissionRates.id))
    .limit(1);
  return row;
}

/** The soonest rate set to take effect after a day (the latest set for that day). */
export async function findUpcomingRate(db: Executor, monasteryId: number, day: string) {
  const [row] = await db
    .select(rateColumns)
    .from(monasteryCommissionRates)
    .innerJoin(users, eq(users.id, monasteryCommissionRates.createdBy))
    .where(
      and(
        eq(monasteryCommissionRates.monasteryId, monasteryId),
        gt(monasteryCommissionRates.effectiveFrom, day),
      ),
    )
    .orderBy(monasteryCommissionRates.effectiveFrom, desc(monasteryCommissionRates.id))
    .limit(1);
  return row;
}

export async function insertCommissionRate(
  tx: Transaction,
  rate: { monasteryId: number; basisPoints: number; effectiveFrom: string; createdBy: number },
) {
  const [row] = await tx.insert(monasteryCommissionRates).values(rate).returning();
  return row!;
}

// ---- Payout details ----

export function selectPayoutDetails(db: Executor, monasteryId: number, limit: number) {
  return db
    .select({ details: monasteryPayoutDetails, createdBy: users.name })
    .from(monasteryPayoutDetails)
    .innerJoin(users, eq(users.id, monasteryPayoutDetails.createdBy))
    .where(eq(monasteryPayoutDetails.monasteryId, monasteryId))
    .orderBy(desc(monasteryPayoutDetails.id))
    .limit(limit);
}

export async function insertPayoutDetails(
  tx: Transaction,
  details: Omit<typeof monasteryPayoutDetails.$inferInsert, 'id' | 'createdAt'>,
) {
  const [row] = await tx.insert(monasteryPayoutDetails).values(details).returning();
  return row!;
}

// ---- What each monastery is owed ----

export interface MonasteryMoneyRow {
  monasteryId: number;
  name: string;
  earnedPaisa: number;
  clawedBackPaisa: number;
  paidOutPaisa: number;
  inTransitPaisa: number;
  balancePaisa: number;
  /** The current payout details: their row, method and when they were set; null without any. */
  detailsId: number | null;
  method: PayoutDetailsRow['method'] | null;
  account: string | null;
  detailsSetAt: Date | null;
  /** Whether the current details replaced earlier ones (a change, which holds payouts; a first entry does not). */
  detailsChanged: boolean;
  /** The monastery's own rate in force on the day asked, or null: the default applies. */
  basisPoints: number | null;
}

/**
 * Each monastery's money from the ledger (credits negative, as stored, turned into amounts owed): what its
 * completed orders earned it, what was clawed back, paid out and is in transit, and its payable balance;
 * with its current payout details and rate in force on `day`. Monasteries that are archived are listed
 * while the ledger still holds money of theirs. Sorted by name; `limit`/`offset` page it.
 */
export async function selectMonasteryMoney(
  db: Executor,
  options: { day: string; limit: number; offset: number; monasteryId?: number },
): Promise<{ rows: MonasteryMoneyRow[]; total: number }> {
  const only = options.monasteryId === undefined ? sql`TRUE` : sql`m.id = ${options.monasteryId}`;
  const result = await db.execute<{
    monastery_id: number;
    name: string;
    earned: string;
    clawed_back: string;
    paid_out: string;
    in_transit: string;
    balance: string;
    details_id: number | null;
    method: PayoutDetailsRow['method'] | null;
    account_number: string | null;
    details_set_at: string | null;
    details_changed: boolean;
    basis_points: number | null;
    total: string;
  }>(sql`
    WITH money AS (
      SELECT l.monastery_id,
        -- Net of redos (docs/decisions/036): a redone puja earns again only when performed again.
        sum(-l.amount_paisa) FILTER (WHERE e.kind IN ('order_completed', 'order_redone')) AS earned,
        sum(l.amount_paisa) FILTER (WHERE e.kind = 'clawback') AS clawed_back,
        sum(l.amount_paisa) FILTER (WHERE e.kind = 'payout_paid') AS paid_out,
        sum(-l.amount_paisa) FILTER (WHERE l.account = 'payouts_in_transit') AS in_transit,
        sum(-l.amount_paisa) FILTER (WHERE l.account = 'monastery_payable') AS balance
      FROM ledger_postings l
      JOIN ledger_entries e ON e.id = l.entry_id
      WHERE l.monastery_id IS NOT NULL
      GROUP BY l.monastery_id
    ),
    listed AS (
      SELECT m.id, m.name, money.*
      FROM monasteries m
      LEFT JOIN money ON money.monastery_id = m.id
      WHERE ${only} AND (m.archived_at IS NULL OR coalesce(money.balance, 0) <> 0
        OR coalesce(money.in_transit, 0) <> 0)
    )
    SELECT listed.id AS monastery_id, listed.name,
      coalesce(listed.earned, 0)::text AS earned,
      coalesce(listed.clawed_back, 0)::text AS clawed_back,
      coalesce(listed.paid_out, 0)::text AS paid_out,
      coalesce(listed.in_transit, 0)::text AS in_transit,
      coalesce(listed.balance, 0)::text AS balance,
      d.id AS details_id, d.method, d.account_number, d.created_at AS details_set_at,
      EXISTS (
        SELECT 1 FROM monastery_payout_details earlier
        WHERE earlier.monastery_id = listed.id AND earlier.id < d.id
      ) AS details_changed,
      r.basis_points,
      count(*) OVER ()::text AS total
    FROM listed
    LEFT JOIN LATERAL (
      SELECT id, method, account_number, created_at FROM monastery_payout_details
      WHERE monastery_id = listed.id ORDER BY id DESC LIMIT 1
    ) d ON TRUE
    LEFT JOIN LATERAL (
      SELECT basis_points FROM monastery_commission_rates
      WHERE monastery_id = listed.id AND effective_from <= ${options.day}
      ORDER BY effective_from DESC, id DESC LIMIT 1
    ) r ON TRUE
    ORDER BY lower(listed.name), listed.id
    LIMIT ${options.limit} OFFSET ${options.offset}
  `);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    rows: result.rows.map((row) => ({
      monasteryId: row.monastery_id,
      name: row.name,
      earnedPaisa: Number(row.earned),
      clawedBackPaisa: Number(row.clawed_back),
      paidOutPaisa: Number(row.paid_out),
      inTransitPaisa: Number(row.in_transit),
      balancePaisa: Number(row.balance),
      detailsId: row.details_id,
      method: row.method,
      account: row.account_number,
      detailsSetAt: row.details_set_at === null ? null : new Date(row.details_set_at),
      detailsChanged: row.details_changed,
      basisPoints: row.basis_points,
    })),
  };
}

// ---- Runs and payouts ----

/** One run at a time: held until the transaction ends, so two runs never read the same balances. */
export async function lockPayoutRuns(tx: Transaction) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payout-runs'))`);
}

/** The latest run made on or after `day`, if any. */
export async function findRunOnOrAfter(db: Executor, day: string) {
  const [row] = await db
    .select()
    .from(payoutRuns)
    .where(sql`${payoutRuns.runOn} >= ${day}`)
    .orderBy(desc(payoutRuns.id))
    .limit(1);
  return row;
}

export async function insertRun(tx: Transaction, run: typeof payoutRuns.$inferInsert) {
  const [row] = await tx.insert(payoutRuns).values(run).returning();
  return row!;
}

export async function insertPayout(tx: Transaction, payout: typeof payouts.$inferInsert) {
  const [row] = await tx.insert(payouts).values(payout).returning();
  return row!;
}

/** A run is closed once none of its transfers is still in transit. */
export async function closeRunIfSettled(tx: Transaction, runId: number) {
  await tx
    .update(payoutRuns)
    .set({ status: 'closed' })
    .where(
      and(
        eq(payoutRuns.id, runId),
        eq(payoutRuns.status, 'open'),
        sql`NOT EXISTS (SELECT 1 FROM ${payouts} WHERE ${payouts.runId} = ${runId} AND ${payouts.status} = 'in_transit')`,
      ),
    );
}

export interface RunSummaryRow {
  run: PayoutRunRow;
  createdBy: string | null;
  payouts: number;
  amountPaisa: number;
  inTransit: number;
  paid: number;
  failed: number;
}

function runSummaries(db: Executor) {
  return db
    .select({
      run: payoutRuns,
      createdBy: users.name,
      payouts: sql<number>`count(${payouts.id})::int`,
      amountPaisa: sql<string>`coalesce(sum(${payouts.amountPaisa}), 0)::text`,
      inTransit: sql<number>`(count(*) FILTER (WHERE ${payouts.status} = 'in_transit'))::int`,
      paid: sql<number>`(count(*) FILTER (WHERE ${payouts.status} = 'paid'))::int`,
      failed: sql<number>`(count(*) FILTER (WHERE ${payouts.status} = 'failed'))::int`,
    })
    .from(payoutRuns)
    .leftJoin(users, eq(users.id, payoutRuns.createdBy))
    .leftJoin(payouts, eq(payouts.runId, payoutRuns.id))
    .groupBy(payoutRuns.id, users.name)
    .$dynamic();
}

const toSummary = (row: Awaited<ReturnType<typeof runSummaries>>[number]): RunSummaryRow => ({
  ...row,
  amountPaisa: Number(row.amountPaisa),
});

export async function selectRuns(db: Executor, limit: number, offset: number) {
  const rows = await runSummaries(db).orderBy(desc(payoutRuns.runOn)).limit(limit).offset(offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(payoutRuns);
  return { rows: rows.map(toSummary), total: count?.total ?? 0 };
}

export async function findRunSummary(db: Executor, runId: number) {
  const [row] = await runSummaries(db).where(eq(payoutRuns.id, runId));
  return row && toSummary(row);
}

const payoutColumns = {
  payout: payouts,
  runOn: payoutRuns.runOn,
  monastery: monasteries.name,
};

/** A run's payouts, one per monastery (so bounded by the monasteries), by monastery name. */
export function selectRunPayouts(db: Executor, runId: number) {
  return db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .innerJoin(monasteries, eq(monasteries.id, payouts.monasteryId))
    .where(eq(payouts.runId, runId))
    .orderBy(sql`lower(${monasteries.name})`, payouts.id)
    .limit(10_000);
}

export async function findPayout(db: Executor, payoutId: number) {
  const [row] = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .innerJoin(monasteries, eq(monasteries.id, payouts.monasteryId))
    .where(eq(payouts.id, payoutId))
    .limit(1);
  return row;
}

/** The row, locked for the change that follows (the audited "before" stays true). */
export async function lockPayout(tx: Transaction, payoutId: number) {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('no key update');
  return row;
}

export async function updatePayout(
  tx: Transaction,
  payoutId: number,
  changes: Pick<Partial<PayoutRow>, 'status' | 'reference' | 'paidOn' | 'failureReason'>,
) {
  await tx.update(payouts).set(changes).where(eq(payouts.id, payoutId));
}

/** The transfers of a run still to be made, with the whole details they go to: the transfer file. */
export function selectRunTransfers(db: Executor, runId: number) {
  return db
    .select({
      payoutId: payouts.id,
      amountPaisa: payouts.amountPaisa,
      runOn: payoutRuns.runOn,
      monastery: monasteries.name,
      details: monasteryPayoutDetails,
    })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .innerJoin(monasteries, eq(monasteries.id, payouts.monasteryId))
    .innerJoin(monasteryPayoutDetails, eq(monasteryPayoutDetails.id, payouts.payoutDetailsId))
    .where(and(eq(payouts.runId, runId), eq(payouts.status, 'in_transit')))
    .orderBy(sql`lower(${monasteries.name})`, payouts.id)
    .limit(10_000);
}

export async function findRun(db: Executor, runId: number) {
  const [row] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).limit(1);
  return row;
}
