import { randomBytes } from 'node:crypto';
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
import type { OrdersService } from '../orders/orders.service.ts';
import {
  failPaymentAttempt,
  findPaymentAttempt,
  insertPaymentAttempt,
  listStalePendingAttempts,
  notePendingAttempt,
  type PaymentAttemptRow,
  settlePaymentAttempt,
} from './payments.queries.ts';

/**
 * Paying for an order (payments.md, "Rules for our integration"): each attempt stores our reference and
 * the amount when it starts; only the provider's own look-up, for exactly that amount, marks it paid, in
 * one guarded update; every callback is logged with its outcome.
 */
export type PaymentOutcome = { orderId: number | undefined; paid: boolean };

export interface PaymentsServiceDependencies {
  db: Database;
  orders: OrdersService;
  settings: () => PaymentSettings;
  publicUrl: string;
  log: { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };
}

export function createPaymentsService(dependencies: PaymentsServiceDependencies) {
  const { db, orders, publicUrl, log } = dependencies;

  /** The patron's own order, still payable. */
  async function payableOrder(patron: Viewer, orderId: number) {
    const row = await orders.getReadableOrder(patron, orderId);
    if (row.order.userId !== patron.id) throw new AppError('forbidden', 'This order is not yours to pay.');
    if (row.order.paymentStatus === 'Completed')
      throw new AppError('conflict', 'This order is already paid.');
    if (row.order.status === 'declined')
      throw new AppError('conflict', 'This order was declined and cannot be paid.');
    return row;
  }

  function logCallback(
    provider: string,
    reference: string | undefined,
    outcome: string,
    detail: object = {},
  ) {
    log.info({ provider, reference, outcome, ...detail }, 'payment callback');
  }

  /** Asks eSewa whether an attempt is paid, for its stored amount, and records the answer. */
  async function settleEsewa(attempt: PaymentAttemptRow): Promise<boolean> {
    const status = await lookUpEsewaStatus(dependencies.settings().esewa, {
      amountPaisa: attempt.amountPaisa,
      transactionUuid: attempt.reference,
    });
    if (status.status === 'COMPLETE' && status.totalAmountPaisa === attempt.amountPaisa) {
      await settlePaymentAttempt(db, attempt, {
        transactionCode: status.refId ?? attempt.reference,
        providerResponse: status.raw,
      });
      return true;
    }
    if (['CANCELED', 'NOT_FOUND', 'FULL_REFUND'].includes(status.status))
      await failPaymentAttempt(db, attempt, status.raw);
    else await notePendingAttempt(db, attempt, status.raw);
    return false;
  }

  /** Asks Khalti whether an attempt is paid, for its stored amount, and records the answer. */
  async function settleKhalti(attempt: PaymentAttemptRow): Promise<boolean> {
    const lookup = await lookUpKhaltiPayment(dependencies.settings().khalti, attempt.reference);
    if (lookup.status === 'Completed' && lookup.totalAmountPaisa === attempt.amountPaisa) {
      await settlePaymentAttempt(db, attempt, {
        transactionCode: lookup.transactionId ?? attempt.reference,
        providerResponse: lookup.raw,
      });
      return true;
    }
    if (lookup.status === 'Expired' || lookup.status === 'User canceled')
      await failPaymentAttempt(db, attempt, lookup.raw);
    else await notePendingAttempt(db, attempt, lookup.raw);
    return false;
  }

  return {
    async startEsewa(patron: Viewer, orderId: number): Promise<EsewaForm> {
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
        successUrl: `${publicUrl}/esewa-payment-success`,
        failureUrl: `${publicUrl}/esewa-payment-failed?reference=${reference}`,
      });
    },

    async startKhalti(patron: Viewer, orderId: number): Promise<KhaltiInitiation> {
      const row = await payableOrder(patron, orderId);
      const initiation = await initiateKhaltiPayment(dependencies.settings().khalti, {
        returnUrl: `${publicUrl}/khalti-payment-return`,
        websiteUrl: publicUrl,
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
        return { orderId: undefined, paid: false };
      }
      const attempt = await findPaymentAttempt(db, 'esewa', callback.transaction_uuid);
      if (!attempt) {
        logCallback('esewa', callback.transaction_uuid, 'refused: unknown reference');
        return { orderId: undefined, paid: false };
      }
      if (callback.status !== 'COMPLETE' || parseEsewaAmount(callback.total_amount) !== attempt.amountPaisa) {
        logCallback('esewa', attempt.reference, 'refused: status or amount differs', {
          status: callback.status,
          amount: callback.total_amount,
        });
        return { orderId: attempt.orderId, paid: false };
      }
      const paid = attempt.status === 'Completed' || (await settleEsewa(attempt));
      logCallback('esewa', attempt.reference, paid ? 'paid' : 'not confirmed by the status API');
      return { orderId: attempt.orderId, paid };
    },

    /** eSewa's failure redirect carries only our reference: ask eSewa what happened. */
    async failEsewa(reference: string | undefined): Promise<PaymentOutcome> {
      const attempt = reference ? await findPaymentAttempt(db, 'esewa', reference) : undefined;
      if (!attempt) {
        logCallback('esewa', reference, 'failure redirect for an unknown reference');
        return { orderId: undefined, paid: false };
      }
      const paid = attempt.status === 'Completed' || (await settleEsewa(attempt));
      logCallback('esewa', attempt.reference, paid ? 'failure redirect, but paid' : 'failed');
      return { orderId: attempt.orderId, paid };
    },

    /** Khalti's return is unsigned: only our look-up counts. */
    async completeKhalti(pidx: string | undefined): Promise<PaymentOutcome> {
      const attempt = pidx ? await findPaymentAttempt(db, 'khalti', pidx) : undefined;
      if (!attempt) {
        logCallback('khalti', pidx, 'refused: unknown pidx');
        return { orderId: undefined, paid: false };
      }
      const paid = attempt.status === 'Completed' || (await settleKhalti(attempt));
      logCallback('khalti', attempt.reference, paid ? 'paid' : 'not paid according to the look-up');
      return { orderId: attempt.orderId, paid };
    },

    /** Settles attempts whose callback never came (payments.md rule 4). */
    async reconcile(olderThanSeconds = 300): Promise<{ checked: number; paid: number }> {
      const stale = await listStalePendingAttempts(db, olderThanSeconds);
      let paid = 0;
      for (const attempt of stale) {
        try {
          if (await (attempt.provider === 'esewa' ? settleEsewa(attempt) : settleKhalti(attempt))) paid += 1;
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
