import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  type LedgerAccount,
  type LedgerEntryKind,
  ledgerEntries,
  ledgerPostings,
  monasteries,
  refunds,
} from '../../db/schema/index.ts';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export interface NewPosting {
  account: LedgerAccount;
  monasteryId?: number | null;
  amountPaisa: number;
  currency?: string;
  /** What a card payment's posting stands for in the payer's currency (docs/decisions/052). */
  foreign?: { currency: string; amountMinor: number } | undefined;
}

/** Inserts the entry unless its key is taken: answers the new row, or nothing when it already existed. */
export async function insertEntryOnce(
  tx: Transaction,
  entry: {
    idempotencyKey: string;
    kind: LedgerEntryKind;
    orderId?: number;
    paymentAttemptId?: number;
    payoutId?: number;
  },
): Promise<LedgerEntryRow | undefined> {
  const [row] = await tx
    .insert(ledgerEntries)
    .values(entry)
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  return row;
}

export async function findEntryByKey(db: Executor, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

export async function insertPostings(tx: Transaction, entryId: number, postings: NewPosting[]) {
  await tx.insert(ledgerPostings).values(
    postings.map((posting) => ({
      entryId,
      account: posting.account,
      monasteryId: posting.monasteryId ?? null,
      amountPaisa: posting.amountPaisa,
      currency: posting.currency ?? 'NPR',
      foreignCurrency: posting.foreign?.currency ?? null,
      foreignAmountMinor: posting.foreign?.amountMinor ?? null,
    })),
  );
}

/** The order's newest completion or redo entry: which of the two came last says whether it stands performed. */
export async function findLatestPerformanceEntry(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderId, orderId),
        inArray(ledgerEntries.kind, ['order_completed', 'order_redone']),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row;
}

/** How many times the order's puja was sent back to be performed again (its `order_redone` entries). */
export async function countRedos(db: Executor, orderId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'order_redone')));
  return row?.count ?? 0;
}

/** An entry's posting on one account (the entries that are read back post once per account). */
export async function findEntryPosting(db: Executor, entryId: number, account: LedgerAccount) {
  const [row] = await db
    .select({ monasteryId: ledgerPostings.monasteryId, amountPaisa: ledgerPostings.amountPaisa })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.entryId, entryId), eq(ledgerPostings.account, account)))
    .limit(1);
  return row;
}

/** Every account's balance (debits positive, credits negative), per monastery where it has one. */
export async function selectBalances(db: Executor) {
  const rows = await db
    .select({
      account: ledgerPostings.account,
      monasteryId: ledgerPostings.monasteryId,
      monasteryName: monasteries.name,
      currency: ledgerPostings.currency,
      balancePaisa: sql<string>`sum(${ledgerPostings.amountPaisa})`,
    })
    .from(ledgerPostings)
    .leftJoin(monasteries, eq(monasteries.id, ledgerPostings.monasteryId))
    .groupBy(ledgerPostings.account, ledgerPostings.monasteryId, monasteries.name, ledgerPostings.currency)
    .orderBy(ledgerPostings.account, ledgerPostings.monasteryId, ledgerPostings.currency)
    // Seven accounts, two of them per monastery: bounded by the monasteries, which are few.
    .limit(10_000);
  return rows.map((row) => ({ ...row, balancePaisa: Number(row.balancePaisa) }));
}

export interface LedgerDifference {
  orderId: number;
  orderNumber: string;
  /**
   * An account; `earned` for the monastery's payable and the commission of one order together;
   * `elsewhere` for what the order put on another monastery's account or on payouts (nothing should).
   */
  account: LedgerAccount | 'earned' | 'elsewhere';
  expectedPaisa: number;
  actualPaisa: number;
}

/**
 * Per order, what the payments and the order's state say each account should hold for it, against the
 * ledger's postings for it; the rows that disagree (at most `limit`). Credits are negative, as stored.
 * `earned` is the monastery's payable plus the commission of a performed order: the split itself is the
 * rate of the day it was performed, which the payments tables do not know.
 */
export async function selectLedgerDifferences(db: Executor, limit: number): Promise<LedgerDifference[]> {
  const result = await db.execute<{
    order_id: number;
    number: string;
    account: LedgerDifference['account'];
    expected: string;
    actual: string;
  }>(sql`
    WITH money AS (
      SELECT o.id, o.number, o.status = 'completed' AS performed, o.monastery_id,
        coalesce(sum(p.amount_paisa - p.refund), 0) AS kept,
        coalesce(sum(p.open), 0) AS due,
        coalesce(sum(p.amount_paisa - p.refunded) FILTER (WHERE p.provider = 'esewa'), 0) AS esewa,
        coalesce(sum(p.amount_paisa - p.refunded) FILTER (WHERE p.provider = 'khalti'), 0) AS khalti,
        -- Stripe keeps its fee, also when the payment is refunded (docs/decisions/052).
        coalesce(sum(p.amount_paisa - p.refunded - coalesce(p.fee_paisa, 0)) FILTER (WHERE p.provider = 'stripe'), 0) AS stripe,
        coalesce(sum(p.fee_paisa), 0) AS fees
      FROM orders o
      -- What each received payment's refunds return (all of it, or concerns' parts: decisions 036, 044),
      -- of that what is still to be returned, and what was already returned.
      LEFT JOIN LATERAL (
        SELECT pa.*,
          coalesce(r.refund, 0) AS refund, coalesce(r.open, 0) AS open, coalesce(r.refunded, 0) AS refunded
        FROM payment_attempts pa
        LEFT JOIN LATERAL (
          SELECT sum(amount_paisa) AS refund,
            sum(amount_paisa) FILTER (WHERE state IN ('due', 'requested')) AS open,
            sum(amount_paisa) FILTER (WHERE state = 'refunded') AS refunded
          FROM refunds WHERE refunds.payment_attempt_id = pa.id
        ) r ON true
        WHERE pa.order_id = o.id AND pa.status = 'Completed'
      ) p ON true
      GROUP BY o.id
    ),
    books AS (
      SELECT e.order_id,
        coalesce(sum(l.amount_paisa) FILTER (WHERE l.account = 'esewa_clearing'), 0) AS esewa,
        coalesce(sum(l.amount_paisa) FILTER (WHERE l.account = 'khalti_clearing'), 0) AS khalti,
        coalesce(sum(l.amount_paisa) FILTER (WHERE l.account = 'stripe_clearing'), 0) AS stripe,
        coalesce(sum(l.amount_paisa) FILTER (WHERE l.account = 'provider_fees'), 0) AS fees,
        coalesce(sum(l.amount_paisa) FILTER (WHERE l.account = 'held_for_orders'), 0) AS held,
        coalesce(sum(l.amount_paisa) FILTER (WHERE l.account = 'refunds_payable'), 0) AS refunds,
        coalesce(sum(l.amount_paisa) FILTER (
          WHERE (l.account = 'monastery_payable' AND l.monastery_id = o.monastery_id)
             OR l.account = 'platform_commission'), 0) AS earned,
        coalesce(sum(l.amount_paisa) FILTER (
          WHERE l.account = 'payouts_in_transit'
             OR (l.account = 'monastery_payable' AND l.monastery_id <> o.monastery_id)), 0) AS elsewhere
      FROM ledger_entries e
      JOIN ledger_postings l ON l.entry_id = e.id
      JOIN orders o ON o.id = e.order_id
      GROUP BY e.order_id
    )
    SELECT m.id AS order_id, m.number, c.account, c.expected::text, c.actual::text
    FROM money m
    LEFT JOIN books b ON b.order_id = m.id
    CROSS JOIN LATERAL (VALUES
      ('esewa_clearing', m.esewa, coalesce(b.esewa, 0)),
      ('khalti_clearing', m.khalti, coalesce(b.khalti, 0)),
      ('stripe_clearing', m.stripe, coalesce(b.stripe, 0)),
      ('provider_fees', m.fees, coalesce(b.fees, 0)),
      ('held_for_orders', CASE WHEN m.performed THEN 0 ELSE -m.kept END, coalesce(b.held, 0)),
      ('refunds_payable', -m.due, coalesce(b.refunds, 0)),
      ('earned', CASE WHEN m.performed THEN -m.kept ELSE 0 END, coalesce(b.earned, 0)),
      ('elsewhere', 0, coalesce(b.elsewhere, 0))
    ) AS c(account, expected, actual)
    WHERE c.expected <> c.actual
    ORDER BY m.id, c.account
    LIMIT ${limit}
  `);
  return result.rows.map((row) => ({
    orderId: row.order_id,
    orderNumber: row.number,
    account: row.account,
    expectedPaisa: Number(row.expected),
    actualPaisa: Number(row.actual),
  }));
}

/** Every posting of an entry, as it was posted. */
export async function findEntryPostings(db: Executor, entryId: number): Promise<NewPosting[]> {
  const rows = await db
    .select({
      account: ledgerPostings.account,
      monasteryId: ledgerPostings.monasteryId,
      amountPaisa: ledgerPostings.amountPaisa,
      currency: ledgerPostings.currency,
      foreignCurrency: ledgerPostings.foreignCurrency,
      foreignAmountMinor: ledgerPostings.foreignAmountMinor,
    })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entryId));
  return rows.map(({ foreignCurrency, foreignAmountMinor, ...row }) => ({
    ...row,
    monasteryId: row.monasteryId ?? undefined,
    foreign:
      foreignCurrency !== null && foreignAmountMinor !== null
        ? { currency: foreignCurrency, amountMinor: foreignAmountMinor }
        : undefined,
  }));
}

/** The entries that earn money for a performed puja, or give it back after (the refund of a performed puja). */
const EARNING_KINDS: LedgerEntryKind[] = ['order_completed', 'clawback', 'order_redone'];

/**
 * Per order, what its performed puja earned (the monastery's share and the commission together), net of
 * a clawback: positive paisa. A subquery for reports that rank by money actually earned.
 */
export function earnedByOrder(db: Executor) {
  return db
    .select({
      orderId: sql<number>`${ledgerEntries.orderId}`.as('earned_order_id'),
      earnedPaisa: sql<string>`-sum(${ledgerPostings.amountPaisa})`.as('earned_paisa'),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        inArray(ledgerEntries.kind, EARNING_KINDS),
        inArray(ledgerPostings.account, ['monastery_payable', 'platform_commission']),
      ),
    )
    .groupBy(ledgerEntries.orderId)
    .as('earned_by_order');
}

/**
 * Where the money patrons paid stands, in paisa, each figure positive: received (debits to the providers'
 * clearing by payments), refunds (every credit to refunds payable), held (the balance held for orders),
 * the monasteries' earnings (their payable from completions net of clawbacks; payouts left out) and the
 * commission (its balance). By the postings of each event, received = refunds + held + earnings + commission.
 */
export async function selectMoneySplit(db: Executor) {
  const result = await db.execute<{
    received: string;
    refunds: string;
    held: string;
    earnings: string;
    commission: string;
  }>(sql`
    SELECT
      coalesce(sum(p.amount_paisa) FILTER (
        WHERE p.account IN ('esewa_clearing', 'khalti_clearing', 'stripe_clearing') AND e.kind = 'payment_received'), 0) AS received,
      coalesce(-sum(p.amount_paisa) FILTER (WHERE p.account = 'refunds_payable' AND p.amount_paisa < 0), 0) AS refunds,
      coalesce(-sum(p.amount_paisa) FILTER (WHERE p.account = 'held_for_orders'), 0) AS held,
      coalesce(-sum(p.amount_paisa) FILTER (
        WHERE p.account = 'monastery_payable' AND e.kind IN ('order_completed', 'clawback', 'order_redone')), 0) AS earnings,
      coalesce(-sum(p.amount_paisa) FILTER (WHERE p.account = 'platform_commission'), 0) AS commission
    FROM ledger_postings p
    JOIN ledger_entries e ON e.id = p.entry_id
    WHERE p.currency = 'NPR'
  `);
  const row = result.rows[0]!;
  return {
    receivedPaisa: Number(row.received),
    refundsPaisa: Number(row.refunds),
    heldPaisa: Number(row.held),
    monasteryEarningsPaisa: Number(row.earnings),
    commissionPaisa: Number(row.commission),
  };
}

/**
 * What patrons paid and the platform keeps, per business-time-zone month and provider, for the `months`
 * months ending with the one `now` falls in, oldest first, every provider in every month (0 when nothing
 * came). Each payment counts in the month its provider confirmed it (its attempt's `completed_at`), net of
 * everything owed back from it since (a duplicate owed back at once, a refund, a concern's part refund):
 * the debit its `payment_received` made to the provider's clearing, less its credits to refunds payable.
 * Rupees only: a card payment counts in the rupees it was booked at.
 */
export async function selectKeptByMonth(
  db: Executor,
  options: { now: Date; timeZone: string; months: number; providers: readonly string[] },
) {
  const { now, timeZone, months, providers } = options;
  const result = await db.execute<{ month: string; provider: string; kept_paisa: string }>(sql`
    WITH this_month AS (
      SELECT date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS start
    ),
    months AS (
      SELECT this_month.start - make_interval(months => step) AS start
      FROM this_month, generate_series(0, ${months - 1}::int) AS step
    ),
    providers AS (
      SELECT provider, position
      FROM unnest(${sql.param([...providers])}::text[]) WITH ORDINALITY AS p(provider, position)
    ),
    per_payment AS (
      SELECT
        e.payment_attempt_id,
        min(e.created_at) FILTER (WHERE e.kind = 'payment_received') AS booked_at,
        coalesce(sum(p.amount_paisa) FILTER (WHERE e.kind = 'payment_received' AND p.account IN ('esewa_clearing', 'khalti_clearing', 'stripe_clearing')), 0)
          + coalesce(sum(p.amount_paisa) FILTER (WHERE p.account = 'refunds_payable' AND p.amount_paisa < 0), 0)
          AS kept_paisa
      FROM ledger_postings p
      JOIN ledger_entries e ON e.id = p.entry_id
      WHERE p.currency = 'NPR' AND e.payment_attempt_id IS NOT NULL
      GROUP BY e.payment_attempt_id
      HAVING bool_or(e.kind = 'payment_received')
    ),
    kept AS (
      SELECT
        date_trunc('month', coalesce(a.completed_at, per_payment.booked_at) AT TIME ZONE ${timeZone}) AS month,
        a.provider,
        sum(per_payment.kept_paisa) AS paisa
      FROM per_payment
      JOIN payment_attempts a ON a.id = per_payment.payment_attempt_id
      GROUP BY 1, 2
    )
    SELECT to_char(months.start, 'YYYY-MM') AS month, providers.provider, coalesce(kept.paisa, 0)::bigint AS kept_paisa
    FROM months
    CROSS JOIN providers
    LEFT JOIN kept ON kept.month = months.start AND kept.provider = providers.provider
    ORDER BY months.start, providers.position
  `);
  return result.rows.map((row) => ({
    month: row.month,
    provider: row.provider,
    keptPaisa: Number(row.kept_paisa),
  }));
}

/** The id of the payment's first refund (docs/decisions/044: its ledger keys are those of before). */
export async function findFirstRefundId(db: Executor, paymentAttemptId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: sql<number>`min(${refunds.id})` })
    .from(refunds)
    .where(eq(refunds.paymentAttemptId, paymentAttemptId));
  return row?.id ?? undefined;
}
