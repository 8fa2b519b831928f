import {
  type LedgerBalancesResponse,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  paisaToRupees,
} from '@puja/contract';
import type { Executor, Transaction } from '../../db/client.ts';
import type { LedgerAccount, LedgerEntryKind } from '../../db/schema/index.ts';
import type { PaymentAttemptRow, RefundRow } from '../payments/payments.shared-queries.ts';
import {
  findEntryByKey,
  findEntryPosting,
  findEntryPostings,
  findFirstRefundId,
  findLatestPerformanceEntry,
  insertEntryOnce,
  insertPostings,
  type LedgerDifference,
  type LedgerEntryRow,
  type NewPosting,
  selectBalances,
  selectKeptByMonth,
  selectLedgerDifferences,
  selectMoneySplit,
} from './ledger.queries.ts';

/**
 * The double-entry ledger under every money event (docs/decisions/031). Each business event is one entry
 * whose postings sum to zero, posted in the same transaction as the change it records, under a key that
 * names the event: posting it again answers the first entry and changes nothing. Debits are positive and
 * credits negative; the database refuses an entry that does not balance and any update or delete.
 */

/** The event's key: the same event always gets the same key, here and in the backfill of migration 0010. */
export const ledgerKeys = {
  paymentReceived: (paymentId: number) => `payment-received:${paymentId}`,
  providerFee: (paymentId: number) => `provider-fee:${paymentId}`,
  /**
   * A refund falling due and being made, one of each per refund (docs/decisions/044): the payment's first
   * refund keeps the key of the days of one refund per payment, `refund-due:{paymentId}` (so the entries
   * migration 0010 posted are found posted), a later one adds its own id, `refund-due:{paymentId}:{refundId}`.
   */
  refundDue: (refund: RefundKeyPart) => `refund-due:${refundKeyPart(refund)}`,
  refundPaid: (refund: RefundKeyPart) => `refund-paid:${refundKeyPart(refund)}`,
  /**
   * A performance of the order's puja: the first is `order-completed:{orderId}` (as migration 0010 wrote
   * it); one after `n` redos (docs/decisions/036) is `order-completed:{orderId}:{n + 1}`.
   */
  orderCompleted: (orderId: number, redos = 0) =>
    redos === 0 ? `order-completed:${orderId}` : `order-completed:${orderId}:${redos + 1}`,
  orderRedone: (concernId: number) => `order-redone:${concernId}`,
  payoutStarted: (payoutId: number) => `payout-started:${payoutId}`,
  payoutPaid: (payoutId: number) => `payout-paid:${payoutId}`,
  payoutFailed: (payoutId: number) => `payout-failed:${payoutId}`,
};

interface RefundKeyPart {
  paymentAttemptId: number;
  refundId: number;
  /** Whether it is the payment's first refund. */
  first: boolean;
}
const refundKeyPart = (refund: RefundKeyPart) =>
  refund.first ? `${refund.paymentAttemptId}` : `${refund.paymentAttemptId}:${refund.refundId}`;

/** The parts of a refund's ledger key: whether it is its payment's first refund is asked of the database. */
async function refundKeyOf(db: Executor, refund: RefundRow): Promise<RefundKeyPart> {
  const first = await findFirstRefundId(db, refund.paymentAttemptId);
  return { paymentAttemptId: refund.paymentAttemptId, refundId: refund.id, first: first === refund.id };
}

/**
 * The platform's commission on an amount, rounded half up to the paisa; the monastery gets the rest.
 * The only place commission is computed (migration 0010's backfill writes the same formula in SQL).
 */
export function commissionOf(amountPaisa: number, basisPoints: number): number {
  return Math.floor((amountPaisa * basisPoints + 5_000) / 10_000);
}

export interface LedgerEntryInput {
  key: string;
  kind: LedgerEntryKind;
  orderId?: number;
  paymentAttemptId?: number;
  payoutId?: number;
  postings: NewPosting[];
}

/**
 * Posts one entry, once. Postings of nothing are left out; the balance is checked here for a clear error
 * and again by the database at commit, which is what guarantees it.
 */
export async function postEntry(
  tx: Transaction,
  input: LedgerEntryInput,
): Promise<{ entry: LedgerEntryRow; posted: boolean }> {
  const postings = input.postings.filter((posting) => posting.amountPaisa !== 0);
  const totals = new Map<string, number>();
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountPaisa))
      throw new Error(`ledger ${input.key}: amounts are whole paisa`);
    const currency = posting.currency ?? 'NPR';
    totals.set(currency, (totals.get(currency) ?? 0) + posting.amountPaisa);
  }
  if ([...totals.values()].some((total) => total !== 0))
    throw new Error(`ledger ${input.key}: postings do not sum to zero`);
  const entry = await insertEntryOnce(tx, {
    idempotencyKey: input.key,
    kind: input.kind,
    ...(input.orderId === undefined ? {} : { orderId: input.orderId }),
    ...(input.paymentAttemptId === undefined ? {} : { paymentAttemptId: input.paymentAttemptId }),
    ...(input.payoutId === undefined ? {} : { payoutId: input.payoutId }),
  });
  if (!entry) {
    // The event was posted before: the same key must mean the same event, or a bug is reusing a key and
    // its postings would be lost without a word.
    const first = (await findEntryByKey(tx, input.key))!;
    const firstPostings = await findEntryPostings(tx, first.id);
    if (
      first.kind !== input.kind ||
      first.orderId !== (input.orderId ?? null) ||
      first.paymentAttemptId !== (input.paymentAttemptId ?? null) ||
      first.payoutId !== (input.payoutId ?? null) ||
      postingsSignature(firstPostings) !== postingsSignature(postings)
    )
      throw new Error(`ledger ${input.key}: posted before with other postings`);
    return { entry: first, posted: false };
  }
  if (postings.length > 0) await insertPostings(tx, entry.id, postings);
  return { entry, posted: true };
}

/** An entry's postings in one canonical order, to tell whether two sets of postings are the same. */
function postingsSignature(postings: NewPosting[]): string {
  return postings
    .map(
      (p) =>
        `${p.account}/${p.monasteryId ?? ''}/${p.currency ?? 'NPR'}/${p.amountPaisa}/${p.foreign ? `${p.foreign.currency}:${p.foreign.amountMinor}` : ''}`,
    )
    .sort()
    .join(',');
}

const CLEARING = {
  esewa: 'esewa_clearing',
  khalti: 'khalti_clearing',
  stripe: 'stripe_clearing',
} as const satisfies Record<PaymentAttemptRow['provider'], LedgerAccount>;

/**
 * The posting on the provider's clearing account for an amount of the payment: in rupees, and for a card
 * payment also what it stands for in the payer's currency (docs/decisions/052).
 */
function clearingPosting(
  payment: PaymentAttemptRow,
  amountPaisa: number,
  foreignMinor: number | null,
): NewPosting {
  const posting: NewPosting = { account: CLEARING[payment.provider], amountPaisa };
  if (payment.presentmentCurrency !== null && foreignMinor !== null)
    posting.foreign = {
      currency: payment.presentmentCurrency,
      amountMinor: Math.sign(amountPaisa) * foreignMinor,
    };
  return posting;
}

/**
 * Money a provider confirmed: it is at the provider for us (clearing), held for the order when the order
 * keeps it, or owed back to the patron at once when it does not (decision 010, rule 3).
 */
export function postPaymentReceived(tx: Transaction, payment: PaymentAttemptRow) {
  const kept = payment.releasedAt === null;
  return postEntry(tx, {
    key: ledgerKeys.paymentReceived(payment.id),
    kind: 'payment_received',
    orderId: payment.orderId,
    paymentAttemptId: payment.id,
    postings: [
      clearingPosting(payment, payment.amountPaisa, payment.presentmentAmountMinor),
      { account: kept ? 'held_for_orders' : 'refunds_payable', amountPaisa: -payment.amountPaisa },
    ],
  });
}

/**
 * Stripe's fee on a card payment (docs/decisions/052): Stripe keeps it out of the money it holds for us,
 * and the platform bears it as a cost (`provider_fees`), so the patron pays the price shown and the
 * monastery earns its full share. Stripe keeps the fee when the payment is refunded, so it is never
 * reversed. Nothing to post for a fee of nothing.
 */
export async function postProviderFee(tx: Transaction, payment: PaymentAttemptRow) {
  if (!payment.feePaisa || payment.feeCurrency === null || payment.feeMinor === null) return undefined;
  return postEntry(tx, {
    key: ledgerKeys.providerFee(payment.id),
    kind: 'provider_fee',
    orderId: payment.orderId,
    paymentAttemptId: payment.id,
    postings: [
      {
        account: 'provider_fees',
        amountPaisa: payment.feePaisa,
        foreign: { currency: payment.feeCurrency, amountMinor: payment.feeMinor },
      },
      {
        account: 'stripe_clearing',
        amountPaisa: -payment.feePaisa,
        foreign: { currency: payment.feeCurrency, amountMinor: -payment.feeMinor },
      },
    ],
  });
}

/**
 * A refund of a kept payment falls due (cancellation, decline, a concern's refund), of all of it or of part
 * (a concern's). Held money goes to refunds payable; if the order was performed, what the monastery and
 * the platform earned from it is clawed back instead, each its share of the refund (the monastery's
 * balance may go negative, to be netted against its next earnings: docs/decisions/033, 036). Several part
 * refunds of one payment give back the commission cumulatively, so that together they return exactly
 * the completion's commission when they reach the whole payment (docs/decisions/044).
 */
export async function postRefundDue(
  tx: Transaction,
  payment: PaymentAttemptRow,
  refund: RefundRow,
  earlierRefundsPaisa: number,
) {
  const completion = await findCompletionInForce(tx, payment.orderId);
  const refundPaisa = refund.amountPaisa;
  const entry = {
    key: ledgerKeys.refundDue(await refundKeyOf(tx, refund)),
    orderId: payment.orderId,
    paymentAttemptId: payment.id,
  };
  const owed = { account: 'refunds_payable' as const, amountPaisa: -refundPaisa };
  // A completion earned from another payment than this one (none does today) leaves this one held.
  if (!completion || completion.paymentAttemptId !== payment.id)
    return postEntry(tx, {
      ...entry,
      kind: 'refund_due',
      postings: [{ account: 'held_for_orders', amountPaisa: refundPaisa }, owed],
    });
  // The completion's own postings, reversed in the refund's proportion: the rate of the day it was
  // performed, not today's, and all of each share when all of the payment goes back.
  const earned = await findEntryPosting(tx, completion.id, 'monastery_payable');
  const commissionPosting = await findEntryPosting(tx, completion.id, 'platform_commission');
  const commission = -(commissionPosting?.amountPaisa ?? 0);
  const commissionBack =
    shareOf(commission, earlierRefundsPaisa + refundPaisa, payment.amountPaisa) -
    shareOf(commission, earlierRefundsPaisa, payment.amountPaisa);
  const monasteryBack = refundPaisa - commissionBack;
  return postEntry(tx, {
    ...entry,
    kind: 'clawback',
    // Either share may be nothing (a commission of 0 % or 100 %), and then it has no posting.
    postings: [
      ...(earned
        ? [
            {
              account: 'monastery_payable' as const,
              monasteryId: earned.monasteryId,
              amountPaisa: monasteryBack,
            },
          ]
        : []),
      { account: 'platform_commission', amountPaisa: commissionBack },
      owed,
    ],
  });
}

/**
 * `share × part / whole`, rounded half up to the paisa: what the platform gives back of its commission
 * when `part` of a `whole` payment is refunded (all of it when all is refunded). In BigInt, since the
 * product of two amounts may pass 2^53.
 */
export function shareOf(share: number, part: number, whole: number): number {
  if (part === whole) return share;
  if (part === 0) return 0;
  const numerator = BigInt(share) * BigInt(part) * 2n + BigInt(whole);
  return Number(numerator / (BigInt(whole) * 2n));
}

/**
 * The order's completion entry still in force: its newest `order_completed` unless a redo came after it
 * (docs/decisions/036), else nothing (never performed, or to be performed again).
 */
export async function findCompletionInForce(db: Executor, orderId: number) {
  const latest = await findLatestPerformanceEntry(db, orderId);
  return latest?.kind === 'order_completed' ? latest : undefined;
}

/**
 * A concern resolved by a redo: the completion in force is reversed, its shares back to held for the
 * order, until the puja is completed again (a new `order_completed`, keyed by the number of redos).
 */
export async function postOrderRedone(tx: Transaction, order: { id: number }, concernId: number) {
  const completion = await findCompletionInForce(tx, order.id);
  if (!completion) throw new Error(`order ${order.id}: a redo needs a performed puja to reverse`);
  const postings = await findEntryPostings(tx, completion.id);
  return postEntry(tx, {
    key: ledgerKeys.orderRedone(concernId),
    kind: 'order_redone',
    orderId: order.id,
    ...(completion.paymentAttemptId === null ? {} : { paymentAttemptId: completion.paymentAttemptId }),
    postings: postings.map((posting) => ({ ...posting, amountPaisa: -posting.amountPaisa })),
  });
}

/** The money went back to the patron through the provider: all of the payment, or a concern's part. */
export async function postRefundPaid(tx: Transaction, payment: PaymentAttemptRow, refund: RefundRow) {
  const refundPaisa = refund.amountPaisa;
  return postEntry(tx, {
    key: ledgerKeys.refundPaid(await refundKeyOf(tx, refund)),
    kind: 'refund_paid',
    orderId: payment.orderId,
    paymentAttemptId: payment.id,
    postings: [
      { account: 'refunds_payable', amountPaisa: refundPaisa },
      clearingPosting(payment, -refundPaisa, refund.presentmentAmountMinor),
    ],
  });
}

/**
 * The puja was performed: the money held for it is earned, the commission by the platform and the rest
 * by the monastery.
 */
export function postOrderCompleted(
  tx: Transaction,
  order: { id: number; monasteryId: number },
  kept: PaymentAttemptRow,
  commissionBasisPoints: number,
  redos = 0,
) {
  const commission = commissionOf(kept.amountPaisa, commissionBasisPoints);
  return postEntry(tx, {
    key: ledgerKeys.orderCompleted(order.id, redos),
    kind: 'order_completed',
    orderId: order.id,
    paymentAttemptId: kept.id,
    postings: [
      { account: 'held_for_orders', amountPaisa: kept.amountPaisa },
      {
        account: 'monastery_payable',
        monasteryId: order.monasteryId,
        amountPaisa: -(kept.amountPaisa - commission),
      },
      { account: 'platform_commission', amountPaisa: -commission },
    ],
  });
}

/** A payout as the ledger needs it: whose, and how much. */
export interface PayoutForLedger {
  id: number;
  monasteryId: number;
  amountPaisa: number;
}

/**
 * A payout run froze what the monastery is due: it leaves its payable balance and is in transit to it
 * (docs/decisions/033). Both accounts are the monastery's; in transit is still owed to it.
 */
export function postPayoutStarted(tx: Transaction, payout: PayoutForLedger) {
  return postEntry(tx, {
    key: ledgerKeys.payoutStarted(payout.id),
    kind: 'payout_started',
    payoutId: payout.id,
    postings: [
      { account: 'monastery_payable', monasteryId: payout.monasteryId, amountPaisa: payout.amountPaisa },
      { account: 'payouts_in_transit', monasteryId: payout.monasteryId, amountPaisa: -payout.amountPaisa },
    ],
  });
}

/** The transfer was made: the money left the platform for the monastery (`payouts_sent`). */
export function postPayoutPaid(tx: Transaction, payout: PayoutForLedger) {
  return postEntry(tx, {
    key: ledgerKeys.payoutPaid(payout.id),
    kind: 'payout_paid',
    payoutId: payout.id,
    postings: [
      { account: 'payouts_in_transit', monasteryId: payout.monasteryId, amountPaisa: payout.amountPaisa },
      { account: 'payouts_sent', amountPaisa: -payout.amountPaisa },
    ],
  });
}

/** The transfer failed: the money returns to the monastery's payable balance, for the next run. */
export function postPayoutFailed(tx: Transaction, payout: PayoutForLedger) {
  return postEntry(tx, {
    key: ledgerKeys.payoutFailed(payout.id),
    kind: 'payout_failed',
    payoutId: payout.id,
    postings: [
      { account: 'payouts_in_transit', monasteryId: payout.monasteryId, amountPaisa: payout.amountPaisa },
      { account: 'monastery_payable', monasteryId: payout.monasteryId, amountPaisa: -payout.amountPaisa },
    ],
  });
}

/** Where the ledger and the payments tables disagree, per order (empty when the books agree). */
export function ledgerDifferences(db: Executor, limit = 100): Promise<LedgerDifference[]> {
  return selectLedgerDifferences(db, limit);
}

export function ledgerBalances(db: Executor) {
  return selectBalances(db);
}

/**
 * What each provider brought in and the platform keeps, per month of the business time zone (in paisa):
 * the dashboard's revenue chart, from the postings (docs/decisions/031).
 */
export async function ledgerKeptByMonth(
  db: Executor,
  options: { now: Date; timeZone: string; months: number },
) {
  const rows = await selectKeptByMonth(db, { ...options, providers: PAYMENT_PROVIDERS });
  return rows.map((row) => ({ ...row, provider: row.provider as PaymentProvider }));
}

/** Received, refunds, held, monasteries' earnings and commission, from the postings (in paisa). */
export function ledgerMoneySplit(db: Executor) {
  return selectMoneySplit(db);
}

/**
 * The accounts whose balance is a debit: money we have at a provider, and what Stripe's fees cost the
 * platform (docs/decisions/052); the others hold what is owed or earned, and `payouts_sent` what left us
 * for the monasteries (all credits).
 */
const ASSET_ACCOUNTS: LedgerAccount[] = [
  'esewa_clearing',
  'khalti_clearing',
  'stripe_clearing',
  'provider_fees',
];

/** The administrator's read: every balance in its own direction, in rupees, and any disagreement. */
export async function readLedger(db: Executor): Promise<LedgerBalancesResponse> {
  const balances = await ledgerBalances(db);
  const differences = await ledgerDifferences(db);
  return {
    balances: balances.map((row) => ({
      account: row.account,
      monastery: row.monasteryId === null ? null : { id: row.monasteryId, name: row.monasteryName ?? '' },
      currency: row.currency,
      balance: paisaToRupees(ASSET_ACCOUNTS.includes(row.account) ? row.balancePaisa : 0 - row.balancePaisa),
    })),
    differences: differences.map((row) => ({
      orderNumber: row.orderNumber,
      account: row.account,
      expected: paisaToRupees(row.expectedPaisa),
      actual: paisaToRupees(row.actualPaisa),
    })),
  };
}
