import { randomBytes } from 'node:crypto';
import { formatRupees, paisaToRupees } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import {
  buildEsewaForm,
  type EsewaForm,
  lookUpEsewaStatus,
  parseEsewaAmount,
  verifyEsewaCallback,
} from '../../integrations/payments/esewa.ts';
import {
  initiateKhaltiPayment,
  type KhaltiInitiation,
  lookUpKhaltiPayment,
} from '../../integrations/payments/khalti.ts';
import type { PaymentSettings } from '../../integrations/payments/payment-settings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import type { OrderNotices } from '../orders/order-notices.ts';
import { findOrderById } from '../orders/orders.queries.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { receivePaymentMoney } from './money-events.ts';
import {
  failPaymentAttempt,
  findKeptPayment,
  findPaymentAttempt,
  insertPaymentAttempt,
  listStalePendingAttempts,
  lockOrder,
  notePendingAttempt,
  type PaymentAttemptRow,
  recordOrderPayment,
  refreshOrderPaymentStatus,
} from './payments.queries.ts';

/**
 * Paying for an order (docs/payments.md): each attempt stores our reference and the amount when it
 * starts; only the provider's own look-up, for exactly that amount, marks it received; every callback is
 * logged with its outcome. One order keeps one payment: money received for an order that can no longer
 * be paid (declined, cancelled, expired, or paid already) is recorded and becomes a refund due at once
 * (docs/decisions/010).
 */
/**
 * What the browser is told on its way back from the provider: `paid` (kept for the puja), `refund`
 * (received for an order that could no longer take it), `failed`, or `checking` when the provider could
 * not be asked just now (reconciliation settles it within minutes).
 */
/** How long a payer may take on eSewa's pages before a payment eSewa does not know of is given up. */
const ESEWA_SESSION_MS = 60 * 60 * 1000;

/** What a patron is told when money arrives that the order cannot keep, by why it cannot. */
const REFUND_DUE_NOTICES = {
  duplicate: 'paymentDuplicate',
  declined: 'paymentAfterDeclined',
  cancelled: 'paymentAfterCancelled',
  expired: 'paymentAfterExpired',
} as const;

export type PaymentOutcome = {
  orderId: number | undefined;
  result: 'paid' | 'refund' | 'failed' | 'checking';
};

export interface PaymentsServiceDependencies {
  db: Database;
  orders: OrdersService;
  notices: OrderNotices;
  /** Counts money received, for the metrics: `kept` false when it became a refund due at once. */
  paymentReceived?: (provider: 'esewa' | 'khalti', kept: boolean) => void;
  settings: () => PaymentSettings;
  publicUrl: string;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}

export function createPaymentsService(dependencies: PaymentsServiceDependencies) {
  const { db, orders, notices, publicUrl, log } = dependencies;

  /** The patron's own order, still payable: nothing is started for one that is not. */
  async function payableOrder(patron: Viewer, orderId: number) {
    const row = await orders.getReadableOrder(patron, orderId);
    if (row.order.userId !== patron.id) throw new AppError('forbidden', 'This order is not yours to pay.');
    const refusal = orders.whyNotPayable(row.order);
    if (refusal) throw new AppError('conflict', refusal);
    return row;
  }

  /**
   * Records money the provider confirmed, in one transaction under the order's lock: kept for the puja
   * when the order can still take it, otherwise a refund due at once. Returns whether this call recorded
   * it (a replayed callback finds it recorded and changes nothing).
   */
  async function receivePayment(
    attempt: PaymentAttemptRow,
    outcome: { transactionCode: string; providerResponse: unknown },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, attempt.orderId);
      if (!order) return false;
      const kept = await findKeptPayment(tx, order.id);
      const payable = order.status === 'pending' && !kept;
      const refundReason = payable
        ? undefined
        : order.status === 'declined' || order.status === 'cancelled' || order.status === 'expired'
          ? order.status
          : 'duplicate';
      const received = await receivePaymentMoney(tx, attempt.id, { ...outcome, refundReason });
      if (!received) return false;
      await refreshOrderPaymentStatus(tx, order.id);
      dependencies.paymentReceived?.(received.provider, !refundReason);
      const row = (await findOrderById(tx, order.id))!;
      const amount = formatRupees(paisaToRupees(received.amountPaisa));
      const paid = { amount, puja: row.puja.name, date: row.order.pujaDate };
      if (!refundReason) {
        await recordOrderPayment(tx, order.id, received);
        // The patron's e-mail carries the receipt of what they paid.
        await notices.tell(
          tx,
          row.order,
          { key: 'paymentReceived', params: { ...paid, monastery: row.monastery.name } },
          { attach: ['receipt'] },
        );
        // The order is now the monastery's to approve: its staff are told, with the same durable queue.
        await notices.tellStaff(
          tx,
          row.order,
          row.user.name
            ? { key: 'staffPaymentReceived', params: { ...paid, patron: row.user.name } }
            : { key: 'staffPaymentReceivedUnnamed', params: paid },
        );
        return true;
      }
      log.warn(
        { orderId: order.id, attempt: received.id, reason: refundReason },
        'payment received for an order that cannot keep it: refund due',
      );
      await notices.tell(tx, row.order, { key: REFUND_DUE_NOTICES[refundReason], params: { amount } });
      return true;
    });
  }

  function logCallback(
    provider: string,
    reference: string | undefined,
    outcome: string,
    detail: object = {},
  ) {
    log.info({ provider, reference, outcome, ...detail }, 'payment callback');
  }

  /**
   * What a provider's look-up said: the money arrived (for the stored amount), it did not and will not,
   * or the provider is still waiting for the payer (only then may it still arrive).
   */
  type LookUpResult = 'received' | 'failed' | 'waiting';

  /** Asks eSewa whether an attempt is paid, for its stored amount, and records the answer. */
  async function settleEsewa(attempt: PaymentAttemptRow): Promise<LookUpResult> {
    const status = await lookUpEsewaStatus(dependencies.settings().esewa, {
      amountPaisa: attempt.amountPaisa,
      transactionUuid: attempt.reference,
    });
    if (status.status === 'COMPLETE' && status.totalAmountPaisa === attempt.amountPaisa) {
      await receivePayment(attempt, {
        transactionCode: status.refId ?? attempt.reference,
        providerResponse: status.raw,
      });
      return 'received';
    }
    // eSewa knows a payment only once the browser posted its form: NOT_FOUND within the hour may still
    // become a payment (the patron is on eSewa's pages), so it stays pending until then.
    const mayStillArrive =
      status.status === 'NOT_FOUND' && attempt.createdAt.getTime() > Date.now() - ESEWA_SESSION_MS;
    if (!mayStillArrive && ['CANCELED', 'NOT_FOUND', 'FULL_REFUND'].includes(status.status))
      await failPaymentAttempt(db, attempt, status.raw);
    else await notePendingAttempt(db, attempt, status.raw);
    return mayStillArrive || status.status === 'PENDING' || status.status === 'AMBIGUOUS'
      ? 'waiting'
      : 'failed';
  }

  /** Asks Khalti whether an attempt is paid, for its stored amount, and records the answer. */
  async function settleKhalti(attempt: PaymentAttemptRow): Promise<LookUpResult> {
    const lookup = await lookUpKhaltiPayment(dependencies.settings().khalti, attempt.reference);
    if (lookup.status === 'Completed' && lookup.totalAmountPaisa === attempt.amountPaisa) {
      await receivePayment(attempt, {
        transactionCode: lookup.transactionId ?? attempt.reference,
        providerResponse: lookup.raw,
      });
      return 'received';
    }
    if (lookup.status === 'Expired' || lookup.status === 'User canceled')
      await failPaymentAttempt(db, attempt, lookup.raw);
    else await notePendingAttempt(db, attempt, lookup.raw);
    return lookup.status === 'Pending' || lookup.status === 'Initiated' ? 'waiting' : 'failed';
  }

  /** Settles an attempt the provider sent the browser back for, and says how it ended. */
  async function settleOnReturn(attempt: PaymentAttemptRow, callback: string): Promise<PaymentOutcome> {
    let lookUp: LookUpResult = 'received';
    try {
      if (attempt.status !== 'Completed')
        lookUp = await (attempt.provider === 'esewa' ? settleEsewa(attempt) : settleKhalti(attempt));
    } catch (error) {
      log.warn(
        { err: error, reference: attempt.reference },
        'payment look-up failed; reconciliation will retry',
      );
      lookUp = 'waiting';
    }
    let result: PaymentOutcome['result'] = lookUp === 'waiting' ? 'checking' : 'failed';
    if (lookUp === 'received') {
      const settled = (await findPaymentAttempt(db, attempt.provider, attempt.reference))!;
      result = settled.refundStatus ? 'refund' : 'paid';
    }
    logCallback(attempt.provider, attempt.reference, `${callback}: ${result}`);
    return { orderId: attempt.orderId, result };
  }

  return {
    /** `origin`: where the browser is to come back to (the origin it pays from). */
    async startEsewa(patron: Viewer, orderId: number, origin = publicUrl): Promise<EsewaForm> {
      const { order } = await payableOrder(patron, orderId);
      // eSewa allows letters, digits and hyphens; a new reference per attempt.
      const reference = `${order.id}-${randomBytes(6).toString('hex')}`;
      await insertPaymentAttempt(db, {
        orderId: order.id,
        provider: 'esewa',
        reference,
        amountPaisa: order.amountPaisa,
      });
      return buildEsewaForm(dependencies.settings().esewa, {
        amountPaisa: order.amountPaisa,
        transactionUuid: reference,
        successUrl: `${origin}/esewa-payment-success`,
        failureUrl: `${origin}/esewa-payment-failed?reference=${reference}`,
      });
    },

    async startKhalti(patron: Viewer, orderId: number, origin = publicUrl): Promise<KhaltiInitiation> {
      const row = await payableOrder(patron, orderId);
      const initiation = await initiateKhaltiPayment(dependencies.settings().khalti, {
        returnUrl: `${origin}/khalti-payment-return`,
        websiteUrl: origin,
        amountPaisa: row.order.amountPaisa,
        purchaseOrderId: `${row.order.id}-${randomBytes(4).toString('hex')}`,
        purchaseOrderName: `${row.puja.name}, ${row.monastery.name}`.slice(0, 100),
        customer: {
          name: row.user.name || 'Patron',
          ...(row.user.email ? { email: row.user.email } : {}),
          ...(row.user.phone ? { phone: row.user.phone.replace(/^\+977/, '') } : {}),
        },
      }).catch((error: unknown) => {
        log.warn({ err: error }, 'Khalti initiate failed');
        throw new AppError(
          'unavailable',
          'Khalti could not start the payment. Please try again in a moment.',
        );
      });
      await insertPaymentAttempt(db, {
        orderId: row.order.id,
        provider: 'khalti',
        reference: initiation.pidx,
        amountPaisa: row.order.amountPaisa,
      });
      return initiation;
    },

    /** eSewa's success redirect: signature, stored attempt, amount, then eSewa's status API. */
    async completeEsewa(data: string | undefined): Promise<PaymentOutcome> {
      const callback = data ? verifyEsewaCallback(dependencies.settings().esewa.secretKey, data) : undefined;
      if (!callback) {
        logCallback('esewa', undefined, 'refused: bad or missing signature');
        return { orderId: undefined, result: 'failed' };
      }
      const attempt = await findPaymentAttempt(db, 'esewa', callback.transaction_uuid);
      if (!attempt) {
        logCallback('esewa', callback.transaction_uuid, 'refused: unknown reference');
        return { orderId: undefined, result: 'failed' };
      }
      if (callback.status !== 'COMPLETE' || parseEsewaAmount(callback.total_amount) !== attempt.amountPaisa) {
        logCallback('esewa', attempt.reference, 'refused: status or amount differs', {
          status: callback.status,
          amount: callback.total_amount,
        });
        return { orderId: attempt.orderId, result: 'failed' };
      }
      return settleOnReturn(attempt, 'success redirect');
    },

    /** eSewa's failure redirect carries only our reference: ask eSewa what happened. */
    async failEsewa(reference: string | undefined): Promise<PaymentOutcome> {
      const attempt = reference ? await findPaymentAttempt(db, 'esewa', reference) : undefined;
      if (!attempt) {
        logCallback('esewa', reference, 'failure redirect for an unknown reference');
        return { orderId: undefined, result: 'failed' };
      }
      return settleOnReturn(attempt, 'failure redirect');
    },

    /** Khalti's return is unsigned: only our look-up counts. */
    async completeKhalti(pidx: string | undefined): Promise<PaymentOutcome> {
      const attempt = pidx ? await findPaymentAttempt(db, 'khalti', pidx) : undefined;
      if (!attempt) {
        logCallback('khalti', pidx, 'refused: unknown pidx');
        return { orderId: undefined, result: 'failed' };
      }
      return settleOnReturn(attempt, 'return');
    },

    /** Settles attempts whose callback never came (docs/payments.md rule 4). */
    async reconcile(olderThanSeconds = 300): Promise<{ checked: number; paid: number }> {
      const stale = await listStalePendingAttempts(db, olderThanSeconds);
      let paid = 0;
      for (const attempt of stale) {
        try {
          const lookUp = await (attempt.provider === 'esewa' ? settleEsewa(attempt) : settleKhalti(attempt));
          if (lookUp === 'received') paid += 1;
        } catch (error) {
          log.warn({ err: error, reference: attempt.reference }, 'reconciliation look-up failed');
        }
      }
      if (stale.length > 0) log.info({ checked: stale.length, paid }, 'payment reconciliation');
      return { checked: stale.length, paid };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
