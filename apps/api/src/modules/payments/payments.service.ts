import { randomBytes } from 'node:crypto';
import {
  addDays,
  type CardProcessResponse,
  type CurrencyCode,
  cardAmountMinor,
  formatRupees,
  isCurrencyCode,
  minorToPaisa,
  minorToUnits,
  type PaymentProvider,
  paisaToRupees,
  paymentLinkPath,
  RATES_MAX_AGE_DAYS,
  todayIn,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
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
import {
  type CheckoutLookUp,
  createCheckoutSession,
  createStripeClient,
  retrieveCheckoutSession,
  verifyStripeWebhook,
} from '../../integrations/payments/stripe.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { findRatePublishedSince } from '../exchange-rates/exchange-rates.shared-queries.ts';
import type { OrderNotices } from '../orders/order-notices.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findOrderById, type OrderRow } from '../orders/orders.shared-queries.ts';
import { findPlan, listOrdersOfPlans } from '../plans/plans.shared-queries.ts';
import { receivePaymentMoney } from './money-events.ts';
import {
  failPaymentAttempt,
  findKeptPayment,
  findPaymentAttempt,
  insertPaymentAttempt,
  listStalePendingAttempts,
  lockOrder,
  markStripeEventHandled,
  notePendingAttempt,
  type PaymentAttemptRow,
  recordOrderPayment,
  refreshOrderPaymentStatus,
  wasStripeEventHandled,
} from './payments.queries.ts';
import {
  failPlanPayment,
  findPlanPayment,
  insertPlanPayment,
  listSharesOfPlanPayment,
  listStalePendingPlanPayments,
  markPlanPaymentReceived,
  notePendingPlanPayment,
  type PlanPaymentRow,
} from './plan-payments.queries.ts';

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
type RefundDueReason = keyof typeof REFUND_DUE_NOTICES;

/** A payment through a "Pay for me" link: the link, its token (for the way back) and the payer's name. */
export type LinkPayment = { id: number; token: string; payerName?: string | undefined };

export type PaymentOutcome = {
  orderId: number | undefined;
  /** Set when the payment was a plan's paid whole (docs/decisions/055). */
  planId?: number | undefined;
  result: 'paid' | 'refund' | 'failed' | 'checking';
};

export interface PaymentsServiceDependencies {
  db: Database;
  orders: OrdersService;
  notices: OrderNotices;
  /** Counts money received, for the metrics: `kept` false when it became a refund due at once. */
  paymentReceived?: (provider: PaymentAttemptRow['provider'], kept: boolean) => void;
  settings: () => PaymentSettings;
  publicUrl: string;
  /** The day a card payment's rate must be recent against (docs/decisions/020); Nepal's by default. */
  businessTimeZone?: string;
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
   * Records money the provider confirmed for one order, under the order's lock, in the caller's
   * transaction: kept for the puja when the order can still take it, otherwise a refund due at once.
   * Answers nothing when it was recorded before (a replayed callback changes nothing).
   */
  async function keepOrRefund(
    tx: Transaction,
    attempt: PaymentAttemptRow,
    outcome: { transactionCode: string; providerResponse: unknown },
  ) {
    const order = await lockOrder(tx, attempt.orderId);
    if (!order) return undefined;
    const kept = await findKeptPayment(tx, order.id);
    const payable = order.status === 'pending' && !kept;
    const refundReason: RefundDueReason | undefined = payable
      ? undefined
      : order.status === 'declined' || order.status === 'cancelled' || order.status === 'expired'
        ? order.status
        : 'duplicate';
    const received = await receivePaymentMoney(tx, attempt.id, { ...outcome, refundReason });
    if (!received) return undefined;
    await refreshOrderPaymentStatus(tx, order.id);
    dependencies.paymentReceived?.(received.provider, !refundReason);
    if (!refundReason) await recordOrderPayment(tx, order.id, received);
    else
      log.warn(
        { orderId: order.id, attempt: received.id, reason: refundReason },
        'payment received for an order that cannot keep it: refund due',
      );
    const row = (await findOrderById(tx, order.id))!;
    const amount = formatRupees(paisaToRupees(received.amountPaisa));
    return { row, refundReason, amount, payment: received };
  }

  /** Tells the patron that money came for an order that could not keep it, and that it will be refunded. */
  async function tellRefundDue(
    tx: Transaction,
    received: { row: OrderRow; amount: string; refundReason: RefundDueReason },
  ) {
    await notices.tell(tx, received.row.order, {
      key: REFUND_DUE_NOTICES[received.refundReason],
      params: { amount: received.amount },
    });
  }

  /**
   * Records money the provider confirmed, in one transaction under the order's lock. Returns whether this
   * call recorded it (a replayed callback finds it recorded and changes nothing).
   */
  async function receivePayment(
    attempt: PaymentAttemptRow,
    outcome: {
      transactionCode: string;
      providerResponse: unknown;
      fee?: { currency: string; amountMinor: number; paisa: number } | undefined;
    },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const received = await keepOrRefund(tx, attempt, outcome);
      if (!received) return false;
      const { row, refundReason, amount, payment } = received;
      if (refundReason) {
        await tellRefundDue(tx, { row, amount, refundReason });
        return true;
      }
      const paid = { amount, puja: row.puja.name, date: row.order.pujaDate };
      // The patron's e-mail carries the receipt of what they paid.
      const patronNotice = { ...paid, monastery: row.monastery.name };
      // Paid through the patron's link by someone else: the patron is told who (docs/decisions/051).
      await notices.tell(
        tx,
        row.order,
        payment.paymentLinkId === null
          ? { key: 'paymentReceived', params: patronNotice }
          : payment.payerName
            ? { key: 'paymentByLink', params: { ...patronNotice, payer: payment.payerName } }
            : { key: 'paymentByLinkUnnamed', params: patronNotice },
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
    });
  }

  /**
   * A plan paid whole (docs/decisions/055): the plan's payment is marked received once, then each of its
   * shares is its order's payment, kept or refunded by the same rule as any order's, in one transaction.
   * The patron and the staff are told once, on the plan's first occurrence kept.
   */
  async function receivePlanPayment(
    planPayment: PlanPaymentRow,
    outcome: { transactionCode: string; providerResponse: unknown },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await markPlanPaymentReceived(tx, planPayment.id, outcome))) return false;
      const kept: NonNullable<Awaited<ReturnType<typeof keepOrRefund>>>[] = [];
      for (const share of await listSharesOfPlanPayment(tx, planPayment.id)) {
        const received = await keepOrRefund(tx, share, { ...outcome, providerResponse: null });
        if (!received) continue;
        const { refundReason } = received;
        if (refundReason) await tellRefundDue(tx, { ...received, refundReason });
        else kept.push(received);
      }
      const first = kept[0];
      if (!first) return true;
      const total = kept.reduce((sum, { row }) => sum + row.order.amountPaisa, 0);
      const paid = {
        amount: formatRupees(paisaToRupees(total)),
        count: String(kept.length),
        puja: first.row.puja.name,
        date: first.row.order.pujaDate,
      };
      await notices.tell(tx, first.row.order, {
        key: 'planPaymentReceived',
        params: { ...paid, monastery: first.row.monastery.name },
      });
      await notices.tellStaff(
        tx,
        first.row.order,
        first.row.user.name
          ? { key: 'staffPlanPaymentReceived', params: { ...paid, patron: first.row.user.name } }
          : { key: 'staffPlanPaymentReceivedUnnamed', params: paid },
      );
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

  /** What is settled with a provider: an order's payment or a plan's, and how its answer is recorded. */
  type Payable = Pick<PaymentAttemptRow, 'provider' | 'reference' | 'amountPaisa' | 'createdAt'> & {
    receive: (outcome: { transactionCode: string; providerResponse: unknown }) => Promise<unknown>;
    fail: (providerResponse: unknown) => Promise<unknown>;
    note: (providerResponse: unknown) => Promise<unknown>;
  };

  const orderPayable = (attempt: PaymentAttemptRow): Payable => ({
    ...attempt,
    receive: (outcome) => receivePayment(attempt, outcome),
    fail: (response) => failPaymentAttempt(db, attempt, response),
    note: (response) => notePendingAttempt(db, attempt, response),
  });

  const planPayable = (planPayment: PlanPaymentRow): Payable => ({
    ...planPayment,
    receive: (outcome) => receivePlanPayment(planPayment, outcome),
    fail: (response) => failPlanPayment(db, planPayment.id, response),
    note: (response) => notePendingPlanPayment(db, planPayment.id, response),
  });

  /** Asks eSewa whether a payment is paid, for its stored amount, and records the answer. */
  async function settleEsewa(payable: Payable): Promise<LookUpResult> {
    const status = await lookUpEsewaStatus(dependencies.settings().esewa, {
      amountPaisa: payable.amountPaisa,
      transactionUuid: payable.reference,
    });
    if (status.status === 'COMPLETE' && status.totalAmountPaisa === payable.amountPaisa) {
      await payable.receive({
        transactionCode: status.refId ?? payable.reference,
        providerResponse: status.raw,
      });
      return 'received';
    }
    // eSewa knows a payment only once the browser posted its form: NOT_FOUND within the hour may still
    // become a payment (the patron is on eSewa's pages), so it stays pending until then.
    const mayStillArrive =
      status.status === 'NOT_FOUND' && payable.createdAt.getTime() > Date.now() - ESEWA_SESSION_MS;
    if (!mayStillArrive && ['CANCELED', 'NOT_FOUND', 'FULL_REFUND'].includes(status.status))
      await payable.fail(status.raw);
    else await payable.note(status.raw);
    return mayStillArrive || status.status === 'PENDING' || status.status === 'AMBIGUOUS'
      ? 'waiting'
      : 'failed';
  }

  /** Asks Khalti whether a payment is paid, for its stored amount, and records the answer. */
  async function settleKhalti(payable: Payable): Promise<LookUpResult> {
    const lookup = await lookUpKhaltiPayment(dependencies.settings().khalti, payable.reference);
    if (lookup.status === 'Completed' && lookup.totalAmountPaisa === payable.amountPaisa) {
      await payable.receive({
        transactionCode: lookup.transactionId ?? payable.reference,
        providerResponse: lookup.raw,
      });
      return 'received';
    }
    if (lookup.status === 'Expired' || lookup.status === 'User canceled') await payable.fail(lookup.raw);
    else await payable.note(lookup.raw);
    return lookup.status === 'Pending' || lookup.status === 'Initiated' ? 'waiting' : 'failed';
  }

  /** Cards are on only when the deployment set Stripe's secrets (docs/decisions/052). */
  function stripeClient() {
    const settings = dependencies.settings().stripe;
    return settings ? { settings, client: createStripeClient(settings) } : undefined;
  }

  /**
   * Stripe's fee in rupees: at the payment's own rate when Stripe charged it in the payer's currency (the
   * stand-in and an account settling in that currency), else at the stored rate of the fee's currency.
   */
  async function feeOf(attempt: PaymentAttemptRow, lookup: CheckoutLookUp) {
    if (!lookup.fee || !isCurrencyCode(lookup.fee.currency)) return undefined;
    const rate =
      lookup.fee.currency === attempt.presentmentCurrency
        ? { ratePaisa: attempt.ratePaisa!, rateUnit: attempt.rateUnit! }
        : await storedRate(lookup.fee.currency);
    if (!rate) return undefined;
    return {
      currency: lookup.fee.currency,
      amountMinor: lookup.fee.amountMinor,
      paisa: minorToPaisa(lookup.fee.amountMinor, lookup.fee.currency, rate),
    };
  }

  /** The stored buying rate of a currency, if recent enough to charge by (docs/decisions/020). */
  async function storedRate(currency: CurrencyCode) {
    const today = todayIn(dependencies.businessTimeZone ?? 'Asia/Kathmandu');
    const row = await findRatePublishedSince(db, currency, addDays(today, -RATES_MAX_AGE_DAYS));
    return row ? { ratePaisa: row.buyPaisa, rateUnit: row.unit } : undefined;
  }

  /**
   * Asks Stripe about a card payment's Checkout Session and records the answer: received only when the
   * session is complete and paid for exactly the stored currency and amount.
   */
  async function settleStripe(payable: Pick<PaymentAttemptRow, 'reference'>): Promise<LookUpResult> {
    const stripe = stripeClient();
    if (!stripe) return 'waiting';
    const attempt = await findPaymentAttempt(db, 'stripe', payable.reference);
    if (!attempt) return 'failed';
    const lookup = await retrieveCheckoutSession(stripe.client, attempt.reference);
    if (
      lookup.status === 'complete' &&
      lookup.paymentStatus === 'paid' &&
      lookup.currency === attempt.presentmentCurrency &&
      lookup.amountMinor === attempt.presentmentAmountMinor &&
      lookup.paymentIntentId
    ) {
      await receivePayment(attempt, {
        transactionCode: lookup.paymentIntentId,
        providerResponse: lookup.raw,
        fee: await feeOf(attempt, lookup),
      });
      return 'received';
    }
    if (lookup.status === 'expired') await failPaymentAttempt(db, attempt, lookup.raw);
    else await notePendingAttempt(db, attempt, lookup.raw);
    return lookup.status === 'open' || lookup.paymentStatus === 'unpaid' ? 'waiting' : 'failed';
  }

  const settle = (payable: Payable) =>
    payable.provider === 'esewa'
      ? settleEsewa(payable)
      : payable.provider === 'khalti'
        ? settleKhalti(payable)
        : settleStripe(payable);

  /**
   * The payment a provider's reference names: an order's, or a plan's paid whole (docs/decisions/055),
   * with what the browser is told once it is received.
   */
  async function findPayable(provider: PaymentProvider, reference: string) {
    const attempt = await findPaymentAttempt(db, provider, reference);
    if (attempt)
      return {
        payable: orderPayable(attempt),
        received: attempt.status === 'Completed',
        outcome: { orderId: attempt.orderId },
        // Kept for the order, or all of it owed back.
        settled: async () =>
          (await findPaymentAttempt(db, provider, reference))!.releasedAt ? 'refund' : 'paid',
      } as const;
    // A plan is paid whole with a wallet only (docs/decisions/055).
    const planPayment = provider === 'stripe' ? undefined : await findPlanPayment(db, provider, reference);
    if (!planPayment) return undefined;
    return {
      payable: planPayable(planPayment),
      received: planPayment.status === 'Completed',
      outcome: { orderId: undefined, planId: planPayment.planId },
      // Paid when an occurrence keeps its share; a refund when none could.
      settled: async () =>
        (await listSharesOfPlanPayment(db, planPayment.id)).some((share) => !share.releasedAt)
          ? 'paid'
          : 'refund',
    } as const;
  }
  type Found = NonNullable<Awaited<ReturnType<typeof findPayable>>>;

  /** Settles a payment the provider sent the browser back for, and says how it ended. */
  async function settleOnReturn(found: Found, callback: string): Promise<PaymentOutcome> {
    const { payable } = found;
    let lookUp: LookUpResult = 'received';
    try {
      if (!found.received) lookUp = await settle(payable);
    } catch (error) {
      log.warn(
        { err: error, reference: payable.reference },
        'payment look-up failed; reconciliation will retry',
      );
      lookUp = 'waiting';
    }
    let result: PaymentOutcome['result'] = lookUp === 'waiting' ? 'checking' : 'failed';
    if (lookUp === 'received') result = await found.settled();
    logCallback(payable.provider, payable.reference, `${callback}: ${result}`);
    return { ...found.outcome, result };
  }

  /**
   * Starts paying a plan whole: one payment at the provider for its occurrences still waiting for payment,
   * and a share of it for each (docs/decisions/055). Nothing is started when none is waiting.
   */
  async function startPlanPayment(
    patron: Viewer,
    planId: number,
    start: (
      amountPaisa: number,
      first: OrderRow,
    ) => Promise<{ provider: 'esewa' | 'khalti'; reference: string }>,
  ) {
    const plan = await findPlan(db, planId);
    if (!plan) throw new AppError('notFound', 'Plan not found.');
    if (plan.userId !== patron.id) throw new AppError('forbidden', 'This plan is not yours to pay.');
    const occurrences = (await listOrdersOfPlans(db, [planId])).filter(
      (row) => orders.whyNotPayable(row.order) === undefined,
    );
    if (occurrences.length === 0)
      throw new AppError('conflict', 'Nothing of this plan is waiting for payment.');
    const amountPaisa = occurrences.reduce((sum, row) => sum + row.order.amountPaisa, 0);
    const started = await start(amountPaisa, occurrences[0]!);
    await db.transaction((tx) =>
      insertPlanPayment(tx, {
        planId,
        ...started,
        amountPaisa,
        shares: occurrences.map((row) => ({ orderId: row.order.id, amountPaisa: row.order.amountPaisa })),
      }),
    );
    return { amountPaisa, reference: started.reference };
  }

  function khaltiCustomer(user: { name: string; email: string | null; phone: string | null }) {
    return {
      name: user.name || 'Patron',
      ...(user.email ? { email: user.email } : {}),
      ...(user.phone ? { phone: user.phone.replace(/^\+977/, '') } : {}),
    };
  }

  function khaltiUnavailable(error: unknown): never {
    log.warn({ err: error }, 'Khalti initiate failed');
    throw new AppError('unavailable', 'Khalti could not start the payment. Please try again in a moment.');
  }

  /** Where a payment starts from and returns to: the patron's own, or a link's (docs/decisions/051). */
  type PaymentStart = { origin: string; link?: LinkPayment };
  const returnBase = ({ origin, link }: PaymentStart) =>
    link ? `${origin}${paymentLinkPath(link.token)}` : origin;
  const linkColumns = ({ link }: PaymentStart) =>
    link ? { paymentLinkId: link.id, payerName: link.payerName ?? null } : {};

  async function beginEsewa(order: OrderRow['order'], start: PaymentStart): Promise<EsewaForm> {
    // eSewa allows letters, digits and hyphens; a new reference per attempt.
    const reference = `${order.id}-${randomBytes(6).toString('hex')}`;
    await insertPaymentAttempt(db, {
      orderId: order.id,
      provider: 'esewa',
      reference,
      amountPaisa: order.amountPaisa,
      ...linkColumns(start),
    });
    const base = returnBase(start);
    return buildEsewaForm(dependencies.settings().esewa, {
      amountPaisa: order.amountPaisa,
      transactionUuid: reference,
      successUrl: start.link ? `${base}/esewa-success` : `${base}/esewa-payment-success`,
      failureUrl: `${base}/${start.link ? 'esewa-failed' : 'esewa-payment-failed'}?reference=${reference}`,
    });
  }

  async function beginKhalti(
    row: OrderRow,
    start: PaymentStart & { customer: { name: string; email?: string; phone?: string } },
  ): Promise<KhaltiInitiation> {
    const base = returnBase(start);
    const initiation = await initiateKhaltiPayment(dependencies.settings().khalti, {
      returnUrl: start.link ? `${base}/khalti-return` : `${base}/khalti-payment-return`,
      websiteUrl: start.origin,
      amountPaisa: row.order.amountPaisa,
      purchaseOrderId: `${row.order.id}-${randomBytes(4).toString('hex')}`,
      purchaseOrderName: `${row.puja.name}, ${row.monastery.name}`.slice(0, 100),
      customer: start.customer,
    }).catch(khaltiUnavailable);
    await insertPaymentAttempt(db, {
      orderId: row.order.id,
      provider: 'khalti',
      reference: initiation.pidx,
      amountPaisa: row.order.amountPaisa,
      ...linkColumns(start),
    });
    return initiation;
  }

  return {
    /** `origin`: where the browser is to come back to (the origin it pays from). */
    async startEsewa(patron: Viewer, orderId: number, origin = publicUrl): Promise<EsewaForm> {
      const { order } = await payableOrder(patron, orderId);
      return beginEsewa(order, { origin });
    },

    async startKhalti(patron: Viewer, orderId: number, origin = publicUrl): Promise<KhaltiInitiation> {
      const row = await payableOrder(patron, orderId);
      return beginKhalti(row, {
        origin,
        customer: khaltiCustomer(row.user),
      });
    },

    /** Paying a plan whole through eSewa (docs/decisions/055). */
    async startPlanEsewa(patron: Viewer, planId: number, origin = publicUrl): Promise<EsewaForm> {
      const reference = `P${planId}-${randomBytes(6).toString('hex')}`;
      const { amountPaisa } = await startPlanPayment(patron, planId, async () => ({
        provider: 'esewa',
        reference,
      }));
      return buildEsewaForm(dependencies.settings().esewa, {
        amountPaisa,
        transactionUuid: reference,
        successUrl: `${origin}/esewa-payment-success`,
        failureUrl: `${origin}/esewa-payment-failed?reference=${reference}`,
      });
    },

    /** Paying a plan whole through Khalti (docs/decisions/055). */
    async startPlanKhalti(patron: Viewer, planId: number, origin = publicUrl): Promise<KhaltiInitiation> {
      let initiation: KhaltiInitiation | undefined;
      await startPlanPayment(patron, planId, async (amountPaisa, first) => {
        initiation = await initiateKhaltiPayment(dependencies.settings().khalti, {
          returnUrl: `${origin}/khalti-payment-return`,
          websiteUrl: origin,
          amountPaisa,
          purchaseOrderId: `P${planId}-${randomBytes(4).toString('hex')}`,
          purchaseOrderName: `${first.puja.name}, ${first.monastery.name}`.slice(0, 100),
          customer: khaltiCustomer(patron),
        }).catch(khaltiUnavailable);
        return { provider: 'khalti', reference: initiation.pidx };
      });
      return initiation!;
    },

    /**
     * A payment through a "Pay for me" link (docs/decisions/051), of an order the caller found payable:
     * the provider sends the payer back to the link's own return routes, and the provider is told only
     * the payer's name, never the patron's phone or address.
     */
    startEsewaThroughLink: (order: OrderRow['order'], link: LinkPayment, origin = publicUrl) =>
      beginEsewa(order, { origin, link }),
    startKhaltiThroughLink: (row: OrderRow, link: LinkPayment, origin = publicUrl) =>
      beginKhalti(row, { origin, link, customer: { name: link.payerName || 'Payer' } }),

    /**
     * A card payment through Stripe Checkout (docs/decisions/052): the order's rupees converted into the
     * patron's currency (US dollars when they chose rupees only) at the stored rate, the rate and amount
     * fixed on the attempt, and a Checkout Session made for exactly that.
     */
    async startCard(patron: Viewer, orderId: number, origin = publicUrl): Promise<CardProcessResponse> {
      // Whose order it is first: another patron's order answers 403 whether cards are on or not.
      const row = await payableOrder(patron, orderId);
      const stripe = stripeClient();
      if (!stripe) throw new AppError('notFound', apiMessage('cardsOff', {}));
      const currency: CurrencyCode = isCurrencyCode(row.user.currency) ? row.user.currency : 'USD';
      const rate = await storedRate(currency);
      if (!rate) throw new AppError('unavailable', apiMessage('cardNoRecentRate', {}));
      const amountMinor = cardAmountMinor(row.order.amountPaisa, currency, rate);
      const reference = `${row.order.id}-${randomBytes(6).toString('hex')}`;
      const session = await createCheckoutSession(stripe.client, {
        reference,
        orderId: row.order.id,
        currency,
        amountMinor,
        description: `${row.puja.name}, ${row.monastery.name}`.slice(0, 100),
        successUrl: `${origin}/card-payment-return?session_id={CHECKOUT_SESSION_ID}`,
        // Stripe fills in the session on the way back from a payment only: leaving its page names the order.
        cancelUrl: `${origin}/card-payment-return?order=${row.order.id}`,
        email: row.user.email ?? undefined,
      }).catch((error: unknown) => {
        log.warn({ err: error }, 'Stripe Checkout Session not made');
        throw new AppError('unavailable', apiMessage('cardNotStarted', {}));
      });
      // The session's id is our reference with Stripe: the webhook and the return both name it.
      await insertPaymentAttempt(db, {
        orderId: row.order.id,
        provider: 'stripe',
        reference: session.id,
        amountPaisa: row.order.amountPaisa,
        presentmentCurrency: currency,
        presentmentAmountMinor: amountMinor,
        ...rate,
      });
      return { url: session.url, currency, amount: minorToUnits(amountMinor, currency) };
    },

    /** Stripe Checkout's return: only a retrieve of the session counts, as for Khalti's look-up. */
    async completeCard(sessionId: string | undefined, leftOrder?: string): Promise<PaymentOutcome> {
      const found = sessionId ? await findPayable('stripe', sessionId) : undefined;
      if (!found) {
        // A patron who left Stripe's page goes back to that order, unpaid: the address only chooses which
        // order the Orders page opens, which shows it to its own patron alone.
        const orderId = leftOrder && /^[1-9][0-9]{0,9}$/.test(leftOrder) ? Number(leftOrder) : undefined;
        if (!orderId) logCallback('stripe', sessionId, 'refused: unknown session');
        return { orderId, result: 'failed' };
      }
      const outcome = await settleOnReturn(found, 'return');
      // A patron who left Stripe's page comes back with the session still open: not paid (yet).
      return outcome.result === 'checking' && !found.received ? { ...outcome, result: 'failed' } : outcome;
    },

    /**
     * Stripe's webhook (docs/decisions/052): the signature and its timestamp (5 minutes) checked by the
     * SDK on the raw body, each event acted on once by its id, and even then the session is retrieved
     * from Stripe before money is recorded. Answers whether the event was acted on now; throws `invalid`
     * for a bad signature (the route answers 400 and Stripe retries nothing).
     */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: boolean }> {
      const stripe = stripeClient();
      if (!stripe) throw new AppError('notFound', apiMessage('cardsOff', {}));
      let event: ReturnType<typeof verifyStripeWebhook>;
      try {
        event = verifyStripeWebhook(rawBody, signature, stripe.settings.webhookSecret);
      } catch (error) {
        logCallback('stripe', undefined, 'refused: bad or old signature', {
          reason: (error as Error).message,
        });
        throw new AppError('invalidInput', apiMessage('webhookSignatureInvalid', {}));
      }
      if (await wasStripeEventHandled(db, event.id)) {
        logCallback('stripe', undefined, 'event already handled', { event: event.id });
        return { received: false };
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
        const sessionId = (event.data.object as { id?: string }).id;
        const attempt = sessionId ? await findPaymentAttempt(db, 'stripe', sessionId) : undefined;
        if (!attempt) logCallback('stripe', sessionId, 'webhook for an unknown session');
        // A look-up that fails throws: Stripe delivers the event again later, and reconciliation asks too.
        else if (attempt.status !== 'Completed')
          logCallback('stripe', sessionId, `webhook: ${await settleStripe(attempt)}`);
      }
      await markStripeEventHandled(db, event.id, event.type);
      return { received: true };
    },

    /** eSewa's success redirect: signature, stored attempt, amount, then eSewa's status API. */
    async completeEsewa(data: string | undefined): Promise<PaymentOutcome> {
      const callback = data ? verifyEsewaCallback(dependencies.settings().esewa.secretKey, data) : undefined;
      if (!callback) {
        logCallback('esewa', undefined, 'refused: bad or missing signature');
        return { orderId: undefined, result: 'failed' };
      }
      const found = await findPayable('esewa', callback.transaction_uuid);
      if (!found) {
        logCallback('esewa', callback.transaction_uuid, 'refused: unknown reference');
        return { orderId: undefined, result: 'failed' };
      }
      if (
        callback.status !== 'COMPLETE' ||
        parseEsewaAmount(callback.total_amount) !== found.payable.amountPaisa
      ) {
        logCallback('esewa', found.payable.reference, 'refused: status or amount differs', {
          status: callback.status,
          amount: callback.total_amount,
        });
        return { ...found.outcome, result: 'failed' };
      }
      return settleOnReturn(found, 'success redirect');
    },

    /** eSewa's failure redirect carries only our reference: ask eSewa what happened. */
    async failEsewa(reference: string | undefined): Promise<PaymentOutcome> {
      const found = reference ? await findPayable('esewa', reference) : undefined;
      if (!found) {
        logCallback('esewa', reference, 'failure redirect for an unknown reference');
        return { orderId: undefined, result: 'failed' };
      }
      return settleOnReturn(found, 'failure redirect');
    },

    /** Khalti's return is unsigned: only our look-up counts. */
    async completeKhalti(pidx: string | undefined): Promise<PaymentOutcome> {
      const found = pidx ? await findPayable('khalti', pidx) : undefined;
      if (!found) {
        logCallback('khalti', pidx, 'refused: unknown pidx');
        return { orderId: undefined, result: 'failed' };
      }
      return settleOnReturn(found, 'return');
    },

    /** Settles attempts whose callback never came (docs/payments.md rule 4). */
    async reconcile(olderThanSeconds = 300): Promise<{ checked: number; paid: number }> {
      // A plan's shares are settled with their plan's payment, which is what the provider knows.
      const stale = [
        ...(await listStalePendingAttempts(db, olderThanSeconds)).map(orderPayable),
        ...(await listStalePendingPlanPayments(db, olderThanSeconds)).map(planPayable),
      ];
      let paid = 0;
      for (const payable of stale) {
        try {
          if ((await settle(payable)) === 'received') paid += 1;
        } catch (error) {
          log.warn({ err: error, reference: payable.reference }, 'reconciliation look-up failed');
        }
      }
      if (stale.length > 0) log.info({ checked: stale.length, paid }, 'payment reconciliation');
      return { checked: stale.length, paid };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
