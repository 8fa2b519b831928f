import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { CardColumns } from '../payments/payment-record.ts';

/**
 * A monastery's money, read from the ledger's postings on its accounts (docs/decisions/031, 034): never
 * recomputed from orders. Amounts are paisa, signed in the monastery's direction (what it is owed is
 * positive): the ledger stores credits negative, so they are negated here.
 */

/** `YYYY-MM-DD 00:00` of a Nepal day as the instant it starts. */
const startOf = (day: string, timeZone: string) => sql`(${day}::timestamp AT TIME ZONE ${timeZone})`;

/**
 * The monastery's payable balance up to an instant (all of it without one), and what is in transit to it
 * (both credits: owed to the monastery).
 */
export async function selectMonasteryBalance(
  db: Executor,
  monasteryId: number,
  before?: { day: string; timeZone: string },
) {
  const until = before ? sql`AND e.created_at < ${startOf(before.day, before.timeZone)}` : sql``;
  const result = await db.execute<{ payable: string; transit: string }>(sql`
    SELECT coalesce(-sum(p.amount_paisa) FILTER (WHERE p.account = 'monastery_payable'), 0) AS payable,
           coalesce(-sum(p.amount_paisa) FILTER (WHERE p.account = 'payouts_in_transit'), 0) AS transit
    FROM ledger_postings p
    JOIN ledger_entries e ON e.id = p.entry_id
    WHERE p.monastery_id = ${monasteryId} AND p.currency = 'NPR' ${until}
  `);
  const row = result.rows[0]!;
  return { payablePaisa: Number(row.payable), inTransitPaisa: Number(row.transit) };
}

/** Held for the monastery's paid orders whose puja is not performed yet: paisa and orders. */
export async function selectHeldForMonastery(db: Executor, monasteryId: number) {
  const result = await db.execute<{ held: string; orders: number }>(sql`
    SELECT coalesce(sum(held), 0) AS held, count(*) FILTER (WHERE held <> 0)::int AS orders
    FROM (
      SELECT -sum(p.amount_paisa) AS held
      FROM ledger_postings p
      JOIN ledger_entries e ON e.id = p.entry_id
      JOIN orders o ON o.id = e.order_id
      WHERE o.monastery_id = ${monasteryId} AND p.account = 'held_for_orders'
      GROUP BY e.order_id
    ) AS per_order
  `);
  const row = result.rows[0]!;
  return { heldPaisa: Number(row.held), orders: row.orders };
}

export interface StatementLineRow {
  entryId: number;
  kind: string;
  at: Date;
  /** The Nepal day. */
  day: string;
  orderNumber: string | null;
  puja: string | null;
  payoutId: number | null;
  reference: string | null;
  failureReason: string | null;
  /** Movement of the monastery's payable balance (+ owed more). */
  netPaisa: number;
  /** The commission of the line (+ taken, − given back by a clawback). */
  commissionPaisa: number;
  /** What left payouts in transit (a payout recorded paid). */
  sentPaisa: number;
  /** The line's payment when it came by card (docs/decisions/057): its columns, else null. */
  card: CardColumns | null;
}

/**
 * Every ledger entry of the month (Nepal time, `[from, to)`) that touched the monastery's accounts, oldest
 * first, with its postings summed per account. At most `limit` (a month of one monastery is hundreds).
 */
export async function selectStatementLines(
  db: Executor,
  options: { monasteryId: number; from: string; to: string; timeZone: string; limit: number },
): Promise<StatementLineRow[]> {
  const { monasteryId, from, to, timeZone, limit } = options;
  const result = await db.execute<{
    entry_id: number;
    kind: string;
    at: Date | string;
    day: string;
    order_number: string | null;
    puja: string | null;
    payout_id: number | null;
    reference: string | null;
    failure_reason: string | null;
    net: string;
    commission: string;
    sent: string;
    card_paisa: string | null;
    presentment_currency: string | null;
    presentment_amount_minor: number | null;
    rate_paisa: number | null;
    rate_unit: number | null;
    fee_currency: string | null;
    fee_minor: number | null;
    fee_paisa: number | null;
  }>(sql`
    SELECT e.id AS entry_id, e.kind, e.created_at AS at,
      to_char(e.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day,
      o.number AS order_number, pu.name AS puja, e.payout_id, po.reference, po.failure_reason,
      coalesce(-sum(p.amount_paisa) FILTER (
        WHERE p.account = 'monastery_payable' AND p.monastery_id = ${monasteryId}), 0) AS net,
      coalesce(-sum(p.amount_paisa) FILTER (WHERE p.account = 'platform_commission'), 0) AS commission,
      coalesce(sum(p.amount_paisa) FILTER (
        WHERE p.account = 'payouts_in_transit' AND p.monastery_id = ${monasteryId} AND e.kind = 'payout_paid'), 0) AS sent,
      card.amount_paisa AS card_paisa, card.presentment_currency, card.presentment_amount_minor,
      card.rate_paisa, card.rate_unit, card.fee_currency, card.fee_minor, card.fee_paisa
    FROM ledger_entries e
    JOIN ledger_postings p ON p.entry_id = e.id
    LEFT JOIN orders o ON o.id = e.order_id
    LEFT JOIN monastery_pujas mp ON mp.id = o.monastery_puja_id
    LEFT JOIN pujas pu ON pu.id = mp.puja_id
    LEFT JOIN payouts po ON po.id = e.payout_id
    -- The payment an order's entry is about (the one it kept, or refunded), when it came by card.
    LEFT JOIN payment_attempts card ON card.id = e.payment_attempt_id AND card.provider = 'stripe'
    WHERE e.created_at >= ${startOf(from, timeZone)} AND e.created_at < ${startOf(to, timeZone)}
      AND EXISTS (SELECT 1 FROM ledger_postings mine WHERE mine.entry_id = e.id AND mine.monastery_id = ${monasteryId})
    GROUP BY e.id, o.number, pu.name, po.id, card.id
    ORDER BY e.created_at, e.id
    LIMIT ${limit}
  `);
  return result.rows.map((row) => ({
    entryId: row.entry_id,
    kind: row.kind,
    at: new Date(row.at),
    day: row.day,
    orderNumber: row.order_number,
    puja: row.puja,
    payoutId: row.payout_id,
    reference: row.reference,
    failureReason: row.failure_reason,
    netPaisa: Number(row.net),
    commissionPaisa: Number(row.commission),
    sentPaisa: Number(row.sent),
    card:
      row.card_paisa === null
        ? null
        : {
            amountPaisa: Number(row.card_paisa),
            presentmentCurrency: row.presentment_currency,
            presentmentAmountMinor: row.presentment_amount_minor,
            ratePaisa: row.rate_paisa,
            rateUnit: row.rate_unit,
            feeCurrency: row.fee_currency,
            feeMinor: row.fee_minor,
            feePaisa: row.fee_paisa,
          },
  }));
}

/** A page of the monastery's payouts, newest first, with the moment each started. */
export async function selectMonasteryPayouts(
  db: Executor,
  options: { monasteryId: number; limit: number; offset: number },
) {
  const result = await db.execute<{
    id: number;
    amount_paisa: string;
    status: 'in_transit' | 'paid' | 'failed';
    reference: string | null;
    paid_on: string | null;
    failure_reason: string | null;
    created_at: Date | string;
  }>(sql`
    SELECT id, amount_paisa, status, reference, to_char(paid_on, 'YYYY-MM-DD') AS paid_on, failure_reason,
      created_at
    FROM payouts
    WHERE monastery_id = ${options.monasteryId}
    ORDER BY id DESC
    LIMIT ${options.limit} OFFSET ${options.offset}
  `);
  return result.rows.map((row) => ({
    id: row.id,
    amountPaisa: Number(row.amount_paisa),
    status: row.status,
    reference: row.reference,
    paidOn: row.paid_on,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at),
  }));
}

export async function countMonasteryPayouts(db: Executor, monasteryId: number): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM payouts WHERE monastery_id = ${monasteryId}`,
  );
  return result.rows[0]!.total;
}

/** Any monastery, archived or not (an administrator may read a removed monastery's books). */
export async function findMonasteryName(db: Executor, monasteryId: number) {
  const result = await db.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM monasteries WHERE id = ${monasteryId}`,
  );
  return result.rows[0];
}
