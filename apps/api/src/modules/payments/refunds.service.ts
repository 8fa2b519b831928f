import {
  ADMIN_PAYMENTS_EXPORT_LIMIT,
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminPayment,
  type AdminPaymentsResponse,
  addDays,
  currencyUnitsDigits,
  formatRupees,
  PAYMENT_PROVIDER_NAMES,
  paisaToRupees,
  rupeesToPaisa,
  startOfBusinessDay,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database } from '../../db/client.ts';
import {
  isKhaltiRefusal,
  lookUpKhaltiPayment,
  refundKhaltiPayment,
} from '../../integrations/payments/khalti.ts';
import type { PaymentSettings } from '../../integrations/payments/payment-settings.ts';
import {
  createStripeClient,
  refundStripePayment,
  StripeUnavailableError,
} from '../../integrations/payments/stripe.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CsvCell, instantCell, textCell, toCsvWithBom } from '../../lib/csv.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { OrderNotices } from '../orders/order-notices.ts';
import { findOrderById } from '../orders/orders.shared-queries.ts';
import { recordRefundPaid } from './money-events.ts';
import { type PaymentWithRefunds, toPayment } from './payment-record.ts';
import {
  type AdminPaymentRow,
  countAdminPayments,
  findAdminPayment,
  findOpenRefund,
  findPaymentAttemptById,
  findRefundById,
  listRefundsOfPayment,
  listUnconfirmedRefunds,
  lockOrder,
  markRefundRefused,
  markRefundRequested,
  type PaymentAttemptRow,
  type PaymentFilters,
  type RefundRow,
  refreshOrderPaymentStatus,
  selectAdminPayments,
  sumRefundsDue,
  withRefunds,
} from './payments.queries.ts';
import { providerReferenceOf } from './plan-payments.queries.ts';

/**
 * Giving money back (docs/decisions/010, 044). A refund is due for all of a payment the order does not keep,
 * or for part of a kept one (a concern's); each is a row of its own, and a payment has at most one still
 * to be made, which the actions below act on.
 * Khalti payments go back through Khalti's refund API; eSewa has none, so an administrator refunds in
 * eSewa's merchant portal and records the reference here. A Khalti call that gets no clear answer leaves
 * the refund `requested`; the refunds job asks Khalti what happened and finishes it, so a refund is never
 * made twice nor forgotten.
 */
export interface RefundsServiceDependencies {
  db: Database;
  settings: () => PaymentSettings;
  notices: OrderNotices;
  businessTimeZone: string;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}

export interface PaymentsQuery {
  status?: PaymentFilters['status'];
  provider?: PaymentFilters['provider'];
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  page: number;
}

export function createRefundsService(dependencies: RefundsServiceDependencies) {
  const { db, notices, log } = dependencies;

  function filtersOf(query: Omit<PaymentsQuery, 'page'>): PaymentFilters {
    const zone = dependencies.businessTimeZone;
    return {
      status: query.status,
      provider: query.provider,
      from: query.from ? new Date(startOfBusinessDay(query.from, zone)) : undefined,
      to: query.to ? new Date(startOfBusinessDay(addDays(query.to, 1), zone)) : undefined,
      numberPrefix: query.q?.toUpperCase() || undefined,
    };
  }

  /** Why a refund action on this payment cannot be done: by its newest refund. */
  async function refundConflict(paymentId: number): Promise<string> {
    return refundConflictOf(await listRefundsOfPayment(db, paymentId));
  }

  /** The administrator's payments with their refunds. */
  async function withAdminRefunds(rows: AdminPaymentRow[]) {
    const payments = await withRefunds(
      db,
      rows.map((row) => row.payment),
    );
    return rows.map((row, index) => ({ ...row, payment: payments[index]! }));
  }

  /** The payment as the administrator sees it after a change. */
  async function adminPayment(paymentId: number): Promise<AdminPayment> {
    const [row] = await withAdminRefunds([(await findAdminPayment(db, paymentId))!]);
    return toAdminPayment(row!);
  }

  /**
   * Marks a refund made and tells the patron, with the order locked so its payment status follows in the
   * same transaction. Answers whether this call made the change (another may have just done it).
   */
  async function completeRefund(
    attempt: PaymentAttemptRow,
    open: RefundRow,
    refund: { reference: string | null; admin?: Viewer },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      await lockOrder(tx, attempt.orderId);
      const refunded = await recordRefundPaid(tx, attempt, open.id, {
        reference: refund.reference,
        ...(refund.admin ? { adminId: refund.admin.id } : {}),
      });
      if (!refunded) return false;
      await refreshOrderPaymentStatus(tx, attempt.orderId);
      // Refunds made in a merchant portal are the administrator's act; Khalti API refunds were audited
      // when the administrator asked for them.
      if (refund.admin) {
        await recordAudit(tx, {
          actor: refund.admin,
          action: 'record-refund',
          subject: 'payment',
          subjectId: attempt.id,
          before: { refund: open.id, refund_status: open.state },
          after: { refund: open.id, refund_status: 'refunded', refund_reference: refund.reference },
        });
      }
      const row = (await findOrderById(tx, attempt.orderId))!;
      const money = {
        amount: formatRupees(paisaToRupees(open.amountPaisa)),
        provider: PAYMENT_PROVIDER_NAMES[attempt.provider],
      };
      // The receipt, with the refund's own page now, goes with the e-mail.
      await notices.tell(
        tx,
        row.order,
        refund.reference
          ? { key: 'refundedWithReference', params: { ...money, reference: refund.reference } }
          : { key: 'refunded', params: money },
        { attach: ['receipt'] },
      );
      return true;
    });
  }

  /** Asks Khalti to refund; `undefined` when Khalti gave no clear answer (the job will find out). */
  async function callKhaltiRefund(
    attempt: PaymentAttemptRow,
    open: RefundRow,
  ): Promise<'refunded' | 'refused' | undefined> {
    try {
      await refundKhaltiPayment(
        dependencies.settings().khalti,
        attempt.providerTransactionCode!,
        // A plan's share is a part of the payment Khalti knows, even when all of the share goes back.
        open.amountPaisa === attempt.amountPaisa && attempt.planPaymentId === null
          ? undefined
          : open.amountPaisa,
      );
      await completeRefund(attempt, open, { reference: attempt.providerTransactionCode });
      log.info({ payment: attempt.id }, 'Khalti refund made');
      return 'refunded';
    } catch (error) {
      if (!isKhaltiRefusal(error)) {
        log.warn(
          { err: error, payment: attempt.id },
          'Khalti refund not confirmed; the refunds job will check',
        );
        return undefined;
      }
      // Khalti may refuse because it already refunded (an earlier call whose answer was lost).
      const lookup = await lookUpKhaltiPayment(
        dependencies.settings().khalti,
        providerReferenceOf(attempt),
      ).catch(() => undefined);
      const went = lookup
        ? refundedAtKhalti(attempt, open, lookup.status, await listRefundsOfPayment(db, attempt.id))
        : false;
      if (went === true) {
        await completeRefund(attempt, open, { reference: attempt.providerTransactionCode });
        return 'refunded';
      }
      await markRefundRefused(db, open.id, went === 'unknown' ? UNKNOWN_AT_KHALTI : (error as Error).message);
      log.warn({ err: error, payment: attempt.id }, 'Khalti refused the refund');
      return 'refused';
    }
  }

  /**
   * Asks Stripe to refund, in the payer's currency (docs/decisions/052). The idempotency key names our
   * refund, so asking again after a lost answer (the refunds job does) never refunds twice.
   */
  async function callStripeRefund(
    attempt: PaymentAttemptRow,
    open: RefundRow,
  ): Promise<'refunded' | 'refused' | undefined> {
    const settings = dependencies.settings().stripe;
    if (!settings || !attempt.providerTransactionCode || open.presentmentAmountMinor === null) {
      await markRefundRefused(db, open.id, apiMessage('cardsOffRefundInStripe', {}));
      return 'refused';
    }
    try {
      const made = await refundStripePayment(createStripeClient(settings), {
        paymentIntentId: attempt.providerTransactionCode,
        amountMinor: open.presentmentAmountMinor,
        idempotencyKey: `refund:${open.id}`,
      });
      if (made.status === 'failed' || made.status === 'canceled') {
        await markRefundRefused(
          db,
          open.id,
          apiMessage('stripeRefundNotMade', { reason: `${made.id} ${made.status}` }),
        );
        return 'refused';
      }
      await completeRefund(attempt, open, { reference: made.id });
      log.info({ payment: attempt.id, refund: made.id }, 'Stripe refund made');
      return 'refunded';
    } catch (error) {
      if (error instanceof StripeUnavailableError) {
        log.warn(
          { err: error, payment: attempt.id },
          'Stripe refund not confirmed; the refunds job will ask again',
        );
        return undefined;
      }
      await markRefundRefused(db, open.id, (error as Error).message);
      log.warn({ err: error, payment: attempt.id }, 'Stripe refused the refund');
      return 'refused';
    }
  }

  /** Refunds through the provider's API: Khalti's, or Stripe's for a card payment. */
  function callProviderRefund(attempt: PaymentAttemptRow, open: RefundRow) {
    return attempt.provider === 'stripe' ? callStripeRefund(attempt, open) : callKhaltiRefund(attempt, open);
  }

  return {
    async listPayments(query: PaymentsQuery): Promise<AdminPaymentsResponse> {
      const filters = filtersOf(query);
      const [rows, total, due] = await Promise.all([
        selectAdminPayments(db, filters)
          .limit(ADMIN_PAYMENTS_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAYMENTS_PAGE_SIZE)
          .then(withAdminRefunds),
        countAdminPayments(db, filters),
        sumRefundsDue(db),
      ]);
      return {
        payments: rows.map(toAdminPayment),
        page: query.page,
        pageSize: ADMIN_PAYMENTS_PAGE_SIZE,
        total,
        refundsDue: { count: due.count, amount: paisaToRupees(due.amountPaisa) },
      };
    },

    /** The same list as CSV, for the accounts: at most ADMIN_PAYMENTS_EXPORT_LIMIT rows. */
    async exportPayments(query: Omit<PaymentsQuery, 'page'>): Promise<string> {
      const rows = await withAdminRefunds(
        await selectAdminPayments(db, filtersOf(query)).limit(ADMIN_PAYMENTS_EXPORT_LIMIT),
      );
      return paymentsCsv(rows.map(toAdminPayment), dependencies.businessTimeZone);
    },

    /** An administrator's "Refund through Khalti". */
    async refundThroughKhalti(
      admin: Viewer,
      paymentId: number,
    ): Promise<{ accepted: boolean; payment: AdminPayment; message: string }> {
      const attempt = await findPaymentAttemptById(db, paymentId);
      if (!attempt) throw new AppError('notFound', 'Payment not found.');
      if (attempt.provider === 'esewa')
        throw new AppError(
          'conflict',
          'eSewa has no refund API: refund it in the eSewa merchant portal and record it.',
        );
      const open = await findOpenRefund(db, paymentId);
      const requested =
        open &&
        (await db.transaction(async (tx) => {
          const row = await markRefundRequested(tx, open.id, admin.id);
          if (!row) return undefined;
          await recordAudit(tx, {
            actor: admin,
            action: 'refund',
            subject: 'payment',
            subjectId: paymentId,
            before: { refund: row.id, refund_status: 'due' },
            after: { refund: row.id, refund_status: 'requested', provider: attempt.provider },
          });
          return row;
        }));
      if (!requested) throw new AppError('conflict', await refundConflict(paymentId));
      const outcome = await callProviderRefund(attempt, requested);
      const payment = await adminPayment(paymentId);
      const through = PAYMENT_PROVIDER_NAMES[attempt.provider];
      if (outcome === 'refunded')
        return {
          accepted: false,
          payment,
          message: apiMessage('refundedThrough', { provider: through }),
        };
      if (outcome === 'refused') {
        const refusal = (await findRefundById(db, requested.id))?.error;
        if (attempt.provider === 'stripe')
          throw new AppError('invalidInput', refusal ?? apiMessage('stripeRefused', {}));
        throw new AppError(
          'invalidInput',
          // Khalti's reason is its own words, kept as Khalti wrote them inside the translated sentence.
          refusal ? apiMessage('khaltiRefusedBecause', { reason: refusal }) : apiMessage('khaltiRefused', {}),
        );
      }
      return {
        accepted: true,
        payment,
        message: `${through} did not answer. The refund will be checked and retried automatically within minutes.`,
      };
    },

    /** An administrator records a refund made in the provider's merchant portal. */
    async recordRefund(admin: Viewer, paymentId: number, reference: string) {
      const attempt = await findPaymentAttemptById(db, paymentId);
      if (!attempt) throw new AppError('notFound', 'Payment not found.');
      const open = await findOpenRefund(db, paymentId);
      if (open?.state !== 'due' || !(await completeRefund(attempt, open, { reference, admin })))
        throw new AppError('conflict', await refundConflict(paymentId));
      return {
        payment: await adminPayment(paymentId),
        message: 'Refund recorded. The patron has been told.',
      };
    },

    /**
     * The refunds job: Khalti refunds asked for over a minute ago and not confirmed. Khalti's look-up
     * says whether the money went back; if it did not, the refund is asked for again.
     */
    async confirmRequestedRefunds(): Promise<{ checked: number; refunded: number }> {
      const requested = await listUnconfirmedRefunds(db, 60);
      let refunded = 0;
      for (const { refund, payment: attempt } of requested) {
        try {
          // Stripe: asking again with the same key answers the refund made, or makes it once.
          if (attempt.provider === 'stripe') {
            if ((await callStripeRefund(attempt, refund)) === 'refunded') refunded += 1;
            continue;
          }
          const lookup = await lookUpKhaltiPayment(
            dependencies.settings().khalti,
            providerReferenceOf(attempt),
          );
          const went = refundedAtKhalti(
            attempt,
            refund,
            lookup.status,
            await listRefundsOfPayment(db, attempt.id),
          );
          if (went === true) {
            if (await completeRefund(attempt, refund, { reference: attempt.providerTransactionCode }))
              refunded += 1;
          } else if (went === 'unknown') {
            // Asking again might refund this part twice: an administrator looks in Khalti's portal.
            await markRefundRefused(db, refund.id, UNKNOWN_AT_KHALTI);
          } else if ((await callKhaltiRefund(attempt, refund)) === 'refunded') refunded += 1;
        } catch (error) {
          log.warn({ err: error, payment: attempt.id }, 'Khalti refund check failed; next run retries');
        }
      }
      return { checked: requested.length, refunded };
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;

/** What an administrator reads when Khalti's look-up cannot say whether this part refund went through. */
// Stored as the refund's error (the job has no reader's language), so written in English like Khalti's own.
const UNKNOWN_AT_KHALTI = apiMessage('khaltiPartUnknown', {});

/**
 * Whether Khalti's look-up says this refund went through: `Refunded` when all of the payment went back;
 * `Partially refunded` for a part refund, which says this part went only when no earlier part of the
 * payment was refunded (the look-up gives no amount); otherwise `unknown` (docs/decisions/044).
 */
function refundedAtKhalti(
  attempt: PaymentAttemptRow,
  refund: RefundRow,
  status: string,
  earlier: RefundRow[],
): boolean | 'unknown' {
  if (status === 'Refunded') return true;
  if (!/^partially refunded$/i.test(status)) return false;
  // Another share of the same plan payment may be the part Khalti refunded (docs/decisions/055).
  if (attempt.planPaymentId !== null) return 'unknown';
  if (refund.amountPaisa === attempt.amountPaisa) return false;
  const earlierMade = earlier.some((row) => row.id !== refund.id && row.state === 'refunded');
  return earlierMade ? 'unknown' : true;
}

function refundConflictOf(refunds: RefundRow[]): string {
  switch (refunds.at(-1)?.state) {
    case 'refunded':
      return 'This payment has already been refunded.';
    case 'requested':
      return 'A Khalti refund of this payment is already under way.';
    default:
      return 'No refund is due for this payment.';
  }
}

export function toAdminPayment(row: AdminPaymentRow & { payment: PaymentWithRefunds }): AdminPayment {
  return {
    ...toPayment(row.payment),
    order: {
      id: row.order.id,
      number: row.order.number,
      status: row.order.status,
      puja_date: row.order.pujaDate,
      patron: row.patron,
      monastery: row.monastery,
      puja: row.puja,
    },
  };
}

/**
 * The payments list's columns (docs/decisions/039): the order's status in the staff's word beside the
 * payment's, the phone as text, every time in Nepal time with its offset.
 */
const CSV_COLUMNS: [string, (payment: AdminPayment, zone: string) => CsvCell][] = [
  ['order', (payment) => payment.order.number],
  ['order_status', (payment) => payment.order.status],
  ['patron', (payment) => textCell(payment.order.patron.name)],
  ['phone', (payment) => textCell(payment.order.patron.phone)],
  ['monastery', (payment) => payment.order.monastery],
  ['puja', (payment) => payment.order.puja],
  ['puja_date', (payment) => payment.order.puja_date],
  ['provider', (payment) => payment.provider],
  ['amount_npr', (payment) => payment.amount],
  ['status', (payment) => payment.status],
  ['reference', (payment) => payment.reference],
  ['transaction_code', (payment) => payment.transaction_code],
  ['started_at', (payment, zone) => instantCell(payment.created_at, zone)],
  ['paid_at', (payment, zone) => instantCell(payment.paid_at, zone)],
  ['refund_reason', (payment) => payment.refund_reason],
  // The current refund: all of the amount, or a concern's part of it (docs/decisions/036, 044).
  ['refund_amount_npr', (payment) => payment.refund_amount ?? null],
  ['refund_due_at', (payment, zone) => instantCell(payment.refund_due_at, zone)],
  ['refunded_at', (payment, zone) => instantCell(payment.refunded_at, zone)],
  ['refund_reference', (payment) => payment.refund_reference],
  // Every refund of the payment together, and what may still be refunded.
  ['refunds', (payment) => payment.refunds.length],
  ['refunds_total_npr', (payment) => refundsTotal(payment)],
  ['refundable_npr', (payment) => payment.refundable],
  // A card payment (docs/decisions/052, 057): what the payer paid in their currency at the rate fixed on
  // it (amount_npr is its rupee value), Stripe's fee in its currency and in rupees, and what the refunds
  // returned in the payer's currency. Empty for the wallets.
  ['card_currency', (payment) => payment.card?.currency ?? null],
  ['card_amount', (payment) => cardDigits(payment, payment.card?.amount)],
  ['card_rate_npr', (payment) => payment.card?.rupees_per_unit ?? null],
  ['card_fee_currency', (payment) => payment.card?.fee?.currency ?? null],
  [
    'card_fee',
    (payment) =>
      payment.card?.fee ? currencyUnitsDigits(payment.card.fee.amount, payment.card.fee.currency) : null,
  ],
  ['card_fee_npr', (payment) => payment.card?.fee?.rupees ?? null],
  [
    'card_refunds_total',
    (payment) =>
      cardDigits(
        payment,
        payment.card
          ? payment.refunds.reduce((sum, refund) => sum + (refund.card_amount ?? 0), 0)
          : undefined,
      ),
  ],
];

/** An amount in the card payment's currency, with that currency's digits; empty for the wallets. */
function cardDigits(payment: AdminPayment, amount: number | undefined): string | null {
  return payment.card && amount !== undefined ? currencyUnitsDigits(amount, payment.card.currency) : null;
}

/** Rupees of every refund of the payment, made or due, summed in paisa so no float creeps in. */
function refundsTotal(payment: AdminPayment): number {
  return paisaToRupees(payment.refunds.reduce((sum, refund) => sum + rupeesToPaisa(refund.amount), 0));
}

/** The payments list as CSV (lib/csv.ts: RFC 4180 with a byte-order mark, formula-looking cells made inert). */
export function paymentsCsv(payments: AdminPayment[], businessTimeZone: string): string {
  return toCsvWithBom(
    CSV_COLUMNS.map(([name]) => name),
    payments.map((payment) => CSV_COLUMNS.map(([, value]) => value(payment, businessTimeZone))),
  );
}
