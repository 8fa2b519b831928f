import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * A stand-in for the parts of Stripe this app calls (docs/decisions/052), for tests, the e2e run and the
 * simulator: Checkout Sessions (create, retrieve with the payment intent, charge and balance transaction
 * expanded), a hosted checkout page a browser can pay or leave on, webhook delivery signed as Stripe signs
 * (`Stripe-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`), refunds (whole or in parts,
 * never more than was paid) and idempotency keys. Stripe's SDK reaches it through its `host`, `port` and
 * `protocol` options, so the code tested is the code that talks to Stripe. Its pages say no money moves.
 * It keeps everything in memory: one process, never used in production.
 */
export interface StripeStandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where `checkout.session.completed` is delivered; may be set after the app has started. */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

interface StandInSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  payment_intent: string | null;
  mode: 'payment';
  description: string;
}

interface StandInIntent {
  id: string;
  amount: number;
  currency: string;
  refunded: number;
  chargeId: string;
  balanceTransactionId: string;
  fee: number;
}

/** Stripe's fee for a card payment, as its US price list reads: 2.9 % and 30 cents (none for yen). */
export function standInFee(amountMinor: number, currency: string): number {
  return Math.round((amountMinor * 29) / 1000) + (currency === 'jpy' ? 0 : 30);
}

/** Signs a webhook's body as Stripe does; tests use it to forge, replay and age signatures. */
export function signStripeWebhook(body: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly intents = new Map<string, StandInIntent>();
  /** Answers by idempotency key, as Stripe replays the first answer to a repeated request. */
  private readonly idempotent = new Map<string, unknown>();
  /** Every webhook delivered, with the app's answer (tests read it). */
  readonly deliveries: { event: { id: string; type: string }; status: number }[] = [];
  /** Tests set it to n to make the next n API calls fail as an outage does (a 503 page). */
  outage = 0;
  private server: Server | undefined;
  url = '';

  constructor(private readonly options: StripeStandInOptions) {}

  get webhookUrl(): string {
    return this.options.webhookUrl ?? '';
  }

  /** Where the webhooks go; '' stops them (a test's lost webhook). */
  set webhookUrl(url: string) {
    this.options.webhookUrl = url;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) =>
      this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    const address = this.server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${address.port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Pays a session as the hosted page's button does, and delivers its webhook; answers the success URL. */
  async pay(sessionId: string): Promise<string> {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`no open session ${sessionId}`);
    const intent: StandInIntent = {
      id: id('pi'),
      amount: session.amount_total,
      currency: session.currency,
      refunded: 0,
      chargeId: id('ch'),
      balanceTransactionId: id('txn'),
      fee: standInFee(session.amount_total, session.currency),
    };
    this.intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = intent.id;
    await this.deliver('checkout.session.completed', session);
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  }

  /** Sends a signed event to the app, as Stripe does; answers the app's HTTP status. */
  async deliver(type: string, object: unknown): Promise<number> {
    const event = {
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    };
    if (!this.options.webhookUrl) return 0;
    const body = JSON.stringify(event);
    const status = await fetch(this.options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripeWebhook(
          body,
          this.options.webhookSecret,
          Math.floor(Date.now() / 1000),
        ),
      },
      body,
    })
      .then((answer) => answer.status)
      .catch(() => 0);
    this.deliveries.push({ event: { id: event.id, type }, status });
    return status;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const refuse = (status: number, message: string, type = 'invalid_request_error') =>
      json(status, { error: { type, message } });

    // The hosted checkout page, for the browser: no key needed, as on Stripe.
    const page = /^\/checkout\/(cs_[a-z0-9_]+)(\/pay|\/leave)?$/.exec(url.pathname);
    if (page) {
      const session = this.sessions.get(page[1]!);
      if (!session) return refuse(404, 'No such checkout session');
      if (request.method === 'GET' && !page[2]) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(checkoutPage(session));
        return;
      }
      if (request.method === 'POST' && page[2] === '/pay') {
        if (session.status !== 'open') return refuse(409, 'This checkout session is no longer open');
        const next = await this.pay(session.id);
        response.writeHead(303, { location: next });
        response.end();
        return;
      }
      if (request.method === 'POST' && page[2] === '/leave') {
        response.writeHead(303, { location: session.cancel_url });
        response.end();
        return;
      }
    }

    if (!url.pathname.startsWith('/v1/')) return refuse(404, 'Unrecognized request URL');
    if (request.headers.authorization !== `Bearer ${this.options.secretKey}`)
      return refuse(401, 'Invalid API Key provided', 'authentication_error');
    if (this.outage > 0) {
      this.outage -= 1;
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? `${request.method} ${url.pathname} ${key}` : undefined;
    if (idempotencyKey && this.idempotent.has(idempotencyKey))
      return json(200, this.idempotent.get(idempotencyKey));
    const form = new URLSearchParams(body);

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const currency = form.get('line_items[0][price_data][currency]') ?? '';
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
      if (form.get('mode') !== 'payment') return refuse(400, 'mode: only payment is supported here');
      if (!/^[a-z]{3}$/.test(currency)) return refuse(400, 'Invalid currency');
      if (!Number.isSafeInteger(amount) || amount < 1 || quantity !== 1)
        return refuse(400, 'Invalid integer: unit_amount');
      const successUrl = form.get('success_url');
      const cancelUrl = form.get('cancel_url');
      if (!successUrl || !cancelUrl) return refuse(400, 'Missing required param: success_url');
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const sessionId = id('cs_test');
      const session: StandInSession = {
        id: sessionId,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        currency,
        amount_total: amount,
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        metadata,
        success_url: successUrl,
        cancel_url: cancelUrl,
        url: `${this.url}/checkout/${sessionId}`,
        payment_intent: null,
        mode: 'payment',
        description: form.get('line_items[0][price_data][product_data][name]') ?? '',
      };
      this.sessions.set(sessionId, session);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, session);
      return json(200, session);
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      if (!session) return refuse(404, `No such checkout.session: '${retrieve[1]}'`);
      const expand = url.searchParams.getAll('expand[]').concat(url.searchParams.getAll('expand[0]'));
      const intent = session.payment_intent ? this.intents.get(session.payment_intent) : undefined;
      if (intent && expand.includes('payment_intent.latest_charge.balance_transaction'))
        return json(200, { ...session, payment_intent: this.expandedIntent(intent) });
      return json(200, session);
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = this.intents.get(form.get('payment_intent') ?? '');
      if (!intent) return refuse(400, 'No such payment_intent');
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - intent.refunded;
      if (!Number.isSafeInteger(amount) || amount < 1) return refuse(400, 'Invalid integer: amount');
      if (intent.refunded + amount > intent.amount)
        return refuse(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.refunded})`,
        );
      intent.refunded += amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.chargeId,
        status: 'succeeded',
      };
      if (idempotencyKey) this.idempotent.set(idempotencyKey, refund);
      return json(200, refund);
    }
    return refuse(404, 'Unrecognized request URL');
  }

  private expandedIntent(intent: StandInIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      status: 'succeeded',
      latest_charge: {
        id: intent.chargeId,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.refunded,
        currency: intent.currency,
        balance_transaction: {
          id: intent.balanceTransactionId,
          object: 'balance_transaction',
          amount: intent.amount,
          currency: intent.currency,
          fee: intent.fee,
          net: intent.amount - intent.fee,
        },
      },
    };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function checkoutPage(session: StandInSession): string {
  const amount = `${session.currency.toUpperCase()} ${session.amount_total}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title></head>
<body><main>
<h1>Stripe Checkout stand-in</h1>
<p>No money moves: this page stands in for Stripe's checkout.</p>
<p>${escapeHtml(session.description)}</p>
<p>Amount (smallest unit): <strong>${escapeHtml(amount)}</strong></p>
${
  session.status === 'open'
    ? `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="/checkout/${session.id}/leave"><button type="submit">Back</button></form>`
    : '<p>This session is no longer open.</p>'
}
</main></body></html>`;
}

/** `npx tsx apps/api/src/integrations/payments/stripe-stand-in.ts`: the stand-in on its own (e2e, dev). */
if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = new StripeStandIn({
    secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_stand_in',
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_stand_in',
    webhookUrl: process.env.STRIPE_STAND_IN_WEBHOOK_URL,
    port: Number(process.env.STRIPE_STAND_IN_PORT ?? 12111),
    host: process.env.STRIPE_STAND_IN_HOST ?? '127.0.0.1',
  });
  const url = await standIn.start();
  console.log(`Stripe stand-in at ${url}`);
}
