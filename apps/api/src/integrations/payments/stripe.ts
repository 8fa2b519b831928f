import Stripe from 'stripe';

/**
 * Card payments through Stripe Checkout (docs/decisions/052), with Stripe's official SDK. The SDK talks to
 * `apiBase`: Stripe itself, or the stand-in (`stripe-stand-in.ts`) in tests and in the simulator. Only the
 * calls below are used: a Checkout Session per payment, its retrieval with the charge's balance
 * transaction (Stripe's fee), refunds, and the webhook's signature check.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** `https://api.stripe.com` unless a stand-in is configured. */
  apiBase: string;
}

/** How old a webhook's signed timestamp may be: Stripe's own default, 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe could not be reached, or answered with a server error: try again later. */
export class StripeUnavailableError extends Error {}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = new URL(settings.apiBase);
  return new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    timeout: 15_000,
    // Creating a session and a refund carry idempotency keys, so the SDK's own retry is safe.
    maxNetworkRetries: 1,
    telemetry: false,
  });
}

/** Turns the SDK's connection and server errors into "try later"; a refusal (4xx) stays as it is. */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) >= 500)
    )
      throw new StripeUnavailableError(error.message);
    throw error;
  }
}

export interface CheckoutRequest {
  /** Our own reference for the payment, kept in the session's metadata and as its client reference. */
  reference: string;
  orderId: number;
  currency: string;
  amountMinor: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  email?: string | undefined;
}

export async function createCheckoutSession(
  client: Stripe,
  request: CheckoutRequest,
): Promise<{ id: string; url: string }> {
  const session = await calling(() =>
    client.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.reference,
        metadata: { reference: request.reference, order_id: String(request.orderId) },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              product_data: { name: request.description },
            },
          },
        ],
        ...(request.email ? { customer_email: request.email } : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      // One session per payment attempt, even if the SDK retries after a lost answer.
      { idempotencyKey: `checkout:${request.reference}` },
    ),
  );
  if (!session.url) throw new StripeUnavailableError('Stripe made a session without a payment page');
  return { id: session.id, url: session.url };
}

export interface CheckoutLookUp {
  /** `complete` and `paid`: the money arrived; `expired`: it never will. */
  status: string | null;
  paymentStatus: string;
  currency: string | null;
  amountMinor: number | null;
  paymentIntentId: string | null;
  /** Stripe's fee from the charge's balance transaction, once known. */
  fee: { currency: string; amountMinor: number } | undefined;
  raw: unknown;
}

/** A Checkout Session as Stripe has it now, with the charge's balance transaction for the fee. */
export async function retrieveCheckoutSession(client: Stripe, sessionId: string): Promise<CheckoutLookUp> {
  const session = await calling(() =>
    client.checkout.sessions.retrieve(sessionId, {
      expand: ['payment_intent.latest_charge.balance_transaction'],
    }),
  );
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const balance =
    charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
  return {
    status: session.status,
    paymentStatus: session.payment_status,
    currency: session.currency?.toUpperCase() ?? null,
    amountMinor: session.amount_total,
    paymentIntentId:
      typeof session.payment_intent === 'string' ? session.payment_intent : (intent?.id ?? null),
    fee: balance ? { currency: balance.currency.toUpperCase(), amountMinor: balance.fee } : undefined,
    raw: session,
  };
}

/**
 * Refunds `amountMinor` of a payment in the payer's currency. The key names our refund, so asking again
 * after a lost answer returns the same refund instead of a second one.
 */
export async function refundStripePayment(
  client: Stripe,
  refund: { paymentIntentId: string; amountMinor: number; idempotencyKey: string },
): Promise<{ id: string; status: string | null }> {
  const made = await calling(() =>
    client.refunds.create(
      { payment_intent: refund.paymentIntentId, amount: refund.amountMinor },
      { idempotencyKey: refund.idempotencyKey },
    ),
  );
  return { id: made.id, status: made.status };
}

/**
 * Checks a webhook's `Stripe-Signature` (HMAC-SHA256 of `{t}.{body}` with the endpoint's secret, and a
 * timestamp no older than 5 minutes) with the SDK, and answers the event; throws on anything else.
 */
export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signature: string | undefined,
  webhookSecret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
}
