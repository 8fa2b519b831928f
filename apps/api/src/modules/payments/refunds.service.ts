import {
  ADMIN_PAYMENTS_EXPORT_LIMIT,
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminPayment,
  type AdminPaymentsResponse,
  addDays,
  formatRupees,
  paisaToRupees,
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
import { AppError } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { OrderNotices } from '../orders/order-notices.ts';
import { findOrderById } from '../orders/orders.queries.ts';
import { recordRefundPaid } from './money-events.ts';
import { refundedPaisa, toPayment } from './payment-record.ts';
import {
  type AdminPaymentRow,
  countAdminPayments,
  findAdminPayment,
  findPaymentAttemptById,
  listUnconfirmedRefunds,
  lockOrder,
  markRefundRefused,
  markRefundRequested,
  type PaymentAttemptRow,
  type PaymentFilters,
  refreshOrderPaymentStatus,
  selectAdminPayments,
  sumRefundsDue,
} from './payments.queries.ts';

/**
 * Giving money back (docs/decisions/010). A refund is due for all of a payment the order does not keep.
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

const PROVIDER_NAMES = { esewa: 'eSewa', khalti: 'Khalti' } as const;

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

  /** The payment as the administrator sees it after a change. */
  async function adminPayment(paymentId: number): Promise<AdminPayment> {
    return toAdminPayment((await findAdminPayment(db, paymentId))!);
  }

  /**
   * Marks a refund made and tells the patron, with the order locked so its payment status follows in the
   * same transaction. Answers whether this call made the change (another may have just done it).
   */
  async function completeRefund(
    attempt: PaymentAttemptRow,
    refund: { reference: string | null; admin?: Viewer },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      await lockOrder(tx, attempt.orderId);
      const refunded = await recordRefundPaid(tx, attempt.id, {
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
          before: { refund_status: attempt.refundStatus },
          after: { refund_status: 'refunded', refund_reference: refund.reference },
        });
      }
      const row = (await findOrderById(tx, attempt.orderId))!;
      const money = {
        amount: formatRupees(paisaToRupees(refundedPaisa(attempt))),
        provider: PROVIDER_NAMES[attempt.provider],
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
  async function callKhaltiRefund(attempt: PaymentAttemptRow): Promise<'refunded' | 'refused' | undefined> {
    try {
      await refundKhaltiPayment(
        dependencies.settings().khalti,
        attempt.providerTransactionCode!,
        attempt.refundAmountPaisa ?? undefined,
      );
      await completeRefund(attempt, { reference: attempt.providerTransactionCode });
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
      const lookup = await lookUpKhaltiPayment(dependencies.settings().khalti, attempt.reference).catch(
        () => undefined,
      );
      if (lookup && refundedAtKhalti(attempt, lookup.status)) {
        await completeRefund(attempt, { reference: attempt.providerTransactionCode });
        return 'refunded';
      }
      await markRefundRefused(db, attempt.id, (error as Error).message);
      log.warn({ err: error, payment: attempt.id }, 'Khalti refused the refund');
      return 'refused';
    }
  }

  return {
    async listPayments(query: PaymentsQuery): Promise<AdminPaymentsResponse> {
      const filters = filtersOf(query);
      const [rows, total, due] = await Promise.all([
        selectAdminPayments(db, filters)
          .limit(ADMIN_PAYMENTS_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAYMENTS_PAGE_SIZE),
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
      const rows = await selectAdminPayments(db, filtersOf(query)).limit(ADMIN_PAYMENTS_EXPORT_LIMIT);
      return paymentsCsv(rows.map(toAdminPayment));
    },

    /** An administrator's "Refund through Khalti". */
    async refundThroughKhalti(
      admin: Viewer,
      paymentId: number,
    ): Promise<{ accepted: boolean; payment: AdminPayment; message: string }> {
      const attempt = await findPaymentAttemptById(db, paymentId);
      if (!attempt) throw new AppError('notFound', 'Payment not found.');
      if (attempt.provider !== 'khalti')
        throw new AppError(
          'conflict',
          'eSewa has no refund API: refund it in the eSewa merchant portal and record it.',
        );
      const requested = await db.transaction(async (tx) => {
        const row = await markRefundRequested(tx, paymentId, admin.id);
        if (!row) return undefined;
        await recordAudit(tx, {
          actor: admin,
          action: 'refund',
          subject: 'payment',
          subjectId: paymentId,
          before: { refund_status: 'due' },
          after: { refund_status: 'requested', provider: 'khalti' },
        });
        return row;
      });
      if (!requested) throw new AppError('conflict', refundConflict(attempt));
      const outcome = await callKhaltiRefund(requested);
      const payment = await adminPayment(paymentId);
      if (outcome === 'refunded')
        return { accepted: false, payment, message: 'Refunded through Khalti. The patron has been told.' };
      if (outcome === 'refused') {
        const refusal = (await findPaymentAttemptById(db, paymentId))?.refundError;
        throw new AppError(
          'invalidInput',
          // Khalti's reason is its own words, kept as Khalti wrote them inside the translated sentence.
          refusal ? apiMessage('khaltiRefusedBecause', { reason: refusal }) : apiMessage('khaltiRefused', {}),
        );
      }
      return {
        accepted: true,
        payment,
        message:
          'Khalti did not answer. The refund will be checked and retried automatically within minutes.',
      };
    },

    /** An administrator records a refund made in the provider's merchant portal. */
    async recordRefund(admin: Viewer, paymentId: number, reference: string) {
      const attempt = await findPaymentAttemptById(db, paymentId);
      if (!attempt) throw new AppError('notFound', 'Payment not found.');
      if (attempt.refundStatus !== 'due') throw new AppError('conflict', refundConflict(attempt));
      if (!(await completeRefund(attempt, { reference, admin })))
        throw new AppError('conflict', refundConflict((await findPaymentAttemptById(db, paymentId))!));
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
      for (const attempt of requested) {
        try {
          const lookup = await lookUpKhaltiPayment(dependencies.settings().khalti, attempt.reference);
          if (refundedAtKhalti(attempt, lookup.status)) {
            if (await completeRefund(attempt, { reference: attempt.providerTransactionCode })) refunded += 1;
          } else if ((await callKhaltiRefund(attempt)) === 'refunded') refunded += 1;
        } catch (error) {
          log.warn({ err: error, payment: attempt.id }, 'Khalti refund check failed; next run retries');
        }
      }
      return { checked: requested.length, refunded };
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;

/** Whether Khalti's look-up says this refund went through: `Partially refunded` for a partial one. */
function refundedAtKhalti(attempt: PaymentAttemptRow, status: string): boolean {
  if (status === 'Refunded') return true;
  return attempt.refundAmountPaisa !== null && /^partially refunded$/i.test(status);
}

function refundConflict(attempt: PaymentAttemptRow): string {
  switch (attempt.refundStatus) {
    case 'refunded':
      return 'This payment has already been refunded.';
    case 'requested':
      return 'A Khalti refund of this payment is already under way.';
    default:
      return 'No refund is due for this payment.';
  }
}

export function toAdminPayment(row: AdminPaymentRow): AdminPayment {
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

const CSV_COLUMNS: [string, (payment: AdminPayment) => string | number | null][] = [
  ['order', (payment) => payment.order.number],
  ['patron', (payment) => payment.order.patron.name],
  ['phone', (payment) => payment.order.patron.phone],
  ['monastery', (payment) => payment.order.monastery],
  ['puja', (payment) => payment.order.puja],
  ['puja_date', (payment) => payment.order.puja_date],
  ['provider', (payment) => payment.provider],
  ['amount_npr', (payment) => payment.amount],
  ['status', (payment) => payment.status],
  ['reference', (payment) => payment.reference],
  ['transaction_code', (payment) => payment.transaction_code],
  ['started_at', (payment) => payment.created_at],
  ['paid_at', (payment) => payment.paid_at],
  ['refund_reason', (payment) => payment.refund_reason],
  // All of the amount, or a concern's part of it (docs/decisions/036).
  ['refund_amount_npr', (payment) => payment.refund_amount ?? null],
  ['refund_due_at', (payment) => payment.refund_due_at],
  ['refunded_at', (payment) => payment.refunded_at],
  ['refund_reference', (payment) => payment.refund_reference],
];

/** The payments list as CSV (lib/csv.ts: RFC 4180, formula-looking cells made inert). */
export function paymentsCsv(payments: AdminPayment[]): string {
  return toCsv(
    CSV_COLUMNS.map(([name]) => name),
    payments.map((payment) => CSV_COLUMNS.map(([, value]) => value(payment))),
  );
}
