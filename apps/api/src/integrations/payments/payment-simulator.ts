import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess } from '../../lib/access.ts';
import { withStyleNonce } from '../../lib/csp.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import {
  ESEWA_REQUEST_SIGNED_FIELDS,
  esewaMessage,
  formatEsewaAmount,
  parseEsewaAmount,
  signEsewaMessage,
} from './esewa.ts';

/**
 * A stand-in for eSewa and Khalti, served by this app under /simulator when PAYMENT_MODE=simulator. It
 * speaks their documented protocols (docs/payments.md): eSewa's signed form, signed success redirect and status
 * API; Khalti's initiate and look-up with their answers and HTTP codes, including `Expired` and
 * `User canceled` as 400, and Khalti's refund of a completed payment, whole or in parts. Its pages say plainly that no
 * money moves. It keeps its transactions in memory: it is a development and test tool, one process, never
 * used in production (the config refuses it).
 */
export interface SimulatedEsewaPayment {
  transactionUuid: string;
  productCode: string;
  totalAmountPaisa: number;
  successUrl: string;
  failureUrl: string;
  status: 'PENDING' | 'COMPLETE' | 'CANCELED' | 'NOT_FOUND' | 'FULL_REFUND' | 'AMBIGUOUS';
  refId: string | null;
}

export interface SimulatedKhaltiPayment {
  pidx: string;
  amountPaisa: number;
  purchaseOrderId: string;
  purchaseOrderName: string;
  returnUrl: string;
  status:
    | 'Initiated'
    | 'Pending'
    | 'Completed'
    | 'Expired'
    | 'User canceled'
    | 'Partially Refunded'
    | 'Refunded';
  /** What went back through the refund API, in paisa: part refunds add up until all of it went back. */
  refundedPaisa?: number;
  transactionId: string | null;
  /** Tests may make the look-up report another amount than was initiated. */
  reportedAmountPaisa?: number;
}

export class PaymentSimulatorState {
  readonly esewa = new Map<string, SimulatedEsewaPayment>();
  readonly khalti = new Map<string, SimulatedKhaltiPayment>();
  /**
   * Tests set it to n to make the next n Khalti refund calls fail as an outage does (503, not JSON, nothing
   * refunded), so that retrying can be tested end to end.
   */
  khaltiRefundOutage = 0;
}

export interface PaymentSimulatorOptions {
  state: PaymentSimulatorState;
  esewaMerchant: { productCode: string; secretKey: string };
  khaltiSecretKey: string;
  publicUrl: string;
}

const code = (length: number) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase();

export const paymentSimulatorRoutes: FastifyPluginAsyncZod<PaymentSimulatorOptions> = async (
  app,
  options,
) => {
  const { state, esewaMerchant, khaltiSecretKey, publicUrl } = options;
  const config = { ...publicAccess, hide: true };
  const tags = ['payment simulator'];

  // ---- eSewa ----
  app.post(
    '/esewa/api/epay/main/v2/form',
    { config, schema: { tags, hide: true, body: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      const fields = request.body;
      const required = [
        'amount',
        'tax_amount',
        'product_service_charge',
        'product_delivery_charge',
        'total_amount',
        'transaction_uuid',
        'product_code',
        'success_url',
        'failure_url',
        'signed_field_names',
        'signature',
      ];
      const missing = required.filter((name) => !fields[name]);
      const parts = ['amount', 'tax_amount', 'product_service_charge', 'product_delivery_charge'].map(
        (name) => parseEsewaAmount(fields[name]),
      );
      const total = parseEsewaAmount(fields.total_amount);
      const expected = fields.signed_field_names
        ? signEsewaMessage(esewaMerchant.secretKey, esewaMessage(fields, fields.signed_field_names))
        : undefined;
      const problem =
        missing.length > 0
          ? `Missing fields: ${missing.join(', ')}`
          : fields.product_code !== esewaMerchant.productCode
            ? 'Unknown merchant (product_code)'
            : parts.some((part) => part === undefined) ||
                total === undefined ||
                parts.reduce((sum, part) => sum! + part!, 0) !== total
              ? 'total_amount is not the sum of the amounts'
              : fields.signed_field_names !== ESEWA_REQUEST_SIGNED_FIELDS || fields.signature !== expected
                ? 'Invalid signature'
                : !/^[A-Za-z0-9-]+$/.test(fields.transaction_uuid!)
                  ? 'Invalid transaction_uuid'
                  : state.esewa.get(fields.transaction_uuid!)?.status === 'COMPLETE'
                    ? 'This transaction_uuid has already been paid'
                    : undefined;
      if (problem)
        return page(
          reply,
          'eSewa (simulator): payment refused',
          `<p role="alert">${escapeHtml(problem)}</p>`,
          400,
        );
      state.esewa.set(fields.transaction_uuid!, {
        transactionUuid: fields.transaction_uuid!,
        productCode: fields.product_code!,
        totalAmountPaisa: total!,
        successUrl: fields.success_url!,
        failureUrl: fields.failure_url!,
        status: 'PENDING',
        refId: null,
      });
      return page(
        reply,
        'eSewa (simulator)',
        `<p>Merchant <strong>${escapeHtml(fields.product_code!)}</strong> asks for <strong>Rs. ${escapeHtml(fields.total_amount!)}</strong>.</p>
         <form method="post" action="${publicUrl}/simulator/esewa/decide">
           <input type="hidden" name="transaction_uuid" value="${escapeHtml(fields.transaction_uuid!)}">
           <button name="decision" value="pay">Pay Rs. ${escapeHtml(fields.total_amount!)}</button>
           <button name="decision" value="cancel">Cancel</button>
         </form>`,
        200,
        [fields.success_url!, fields.failure_url!],
      );
    },
  );

  app.post(
    '/esewa/decide',
    {
      config,
      schema: {
        hide: true,
        body: z.object({ transaction_uuid: z.string(), decision: z.enum(['pay', 'cancel']) }),
      },
    },
    async (request, reply) => {
      const payment = state.esewa.get(request.body.transaction_uuid);
      if (payment?.status !== 'PENDING')
        return page(reply, 'eSewa (simulator)', '<p role="alert">Unknown or finished payment.</p>', 404);
      if (request.body.decision === 'cancel') {
        payment.status = 'CANCELED';
        return reply.redirect(payment.failureUrl);
      }
      payment.status = 'COMPLETE';
      payment.refId = code(7);
      const data: Record<string, string> = {
        transaction_code: payment.refId,
        status: 'COMPLETE',
        // eSewa writes the amount with a decimal point, e.g. "1000.0".
        total_amount: (payment.totalAmountPaisa / 100).toFixed(payment.totalAmountPaisa % 100 === 0 ? 1 : 2),
        transaction_uuid: payment.transactionUuid,
        product_code: payment.productCode,
        signed_field_names:
          'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
      };
      data.signature = signEsewaMessage(
        esewaMerchant.secretKey,
        esewaMessage(data, data.signed_field_names!),
      );
      const target = new URL(payment.successUrl);
      target.searchParams.set('data', Buffer.from(JSON.stringify(data)).toString('base64'));
      return reply.redirect(target.toString());
    },
  );

  app.get(
    '/esewa/api/epay/transaction/status/',
    {
      config,
      schema: {
        hide: true,
        querystring: z.object({
          product_code: z.string(),
          total_amount: z.string(),
          transaction_uuid: z.string(),
        }),
      },
    },
    async (request) => {
      const { product_code, total_amount, transaction_uuid } = request.query;
      const payment = state.esewa.get(transaction_uuid);
      const matches =
        payment &&
        payment.productCode === product_code &&
        payment.totalAmountPaisa === parseEsewaAmount(total_amount);
      return {
        product_code,
        transaction_uuid,
        total_amount: Number(
          formatEsewaAmount(matches ? payment.totalAmountPaisa : (parseEsewaAmount(total_amount) ?? 0)),
        ),
        status: matches ? payment.status : 'NOT_FOUND',
        ref_id: matches ? payment.refId : null,
      };
    },
  );

  // ---- Khalti ----
  const khaltiAuthorized = (authorization: string | undefined) => authorization === `Key ${khaltiSecretKey}`;

  app.post(
    '/khalti/api/v2/epayment/initiate/',
    { config, schema: { hide: true, body: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      if (!khaltiAuthorized(request.headers.authorization))
        return reply.status(401).send({ detail: 'Invalid token.', status_code: 401 });
      const body = request.body;
      const errors: Record<string, string[]> = {};
      for (const field of ['return_url', 'website_url', 'purchase_order_id', 'purchase_order_name']) {
        if (typeof body[field] !== 'string' || !body[field]) errors[field] = ['This field is required.'];
      }
      if (!Number.isInteger(body.amount) || (body.amount as number) < 1000)
        errors.amount = ['Amount should be greater than Rs. 10, that is 1000 paisa.'];
      if (Object.keys(errors).length > 0)
        return reply.status(400).send({ ...errors, error_key: 'validation_error' });
      const pidx = code(22);
      const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
      state.khalti.set(pidx, {
        pidx,
        amountPaisa: body.amount as number,
        purchaseOrderId: body.purchase_order_id as string,
        purchaseOrderName: body.purchase_order_name as string,
        returnUrl: body.return_url as string,
        status: 'Initiated',
        transactionId: null,
      });
      return {
        pidx,
        payment_url: `${publicUrl}/simulator/khalti/pay?pidx=${pidx}`,
        expires_at: expiresAt.toISOString(),
        expires_in: 3600,
      };
    },
  );

  app.get(
    '/khalti/pay',
    { config, schema: { hide: true, querystring: z.object({ pidx: z.string() }) } },
    async (request, reply) => {
      const payment = state.khalti.get(request.query.pidx);
      if (payment?.status !== 'Initiated')
        return page(reply, 'Khalti (simulator)', '<p role="alert">Unknown or finished payment.</p>', 404);
      return page(
        reply,
        'Khalti (simulator)',
        `<p>${escapeHtml(payment.purchaseOrderName)}: <strong>Rs. ${escapeHtml(formatEsewaAmount(payment.amountPaisa))}</strong>.</p>
       <form method="post" action="${publicUrl}/simulator/khalti/decide">
         <input type="hidden" name="pidx" value="${escapeHtml(payment.pidx)}">
         <button name="decision" value="pay">Pay Rs. ${escapeHtml(formatEsewaAmount(payment.amountPaisa))}</button>
         <button name="decision" value="cancel">Cancel</button>
       </form>`,
        200,
        [payment.returnUrl],
      );
    },
  );

  app.post(
    '/khalti/decide',
    {
      config,
      schema: { hide: true, body: z.object({ pidx: z.string(), decision: z.enum(['pay', 'cancel']) }) },
    },
    async (request, reply) => {
      const payment = state.khalti.get(request.body.pidx);
      if (payment?.status !== 'Initiated')
        return page(reply, 'Khalti (simulator)', '<p role="alert">Unknown or finished payment.</p>', 404);
      const target = new URL(payment.returnUrl);
      const paid = request.body.decision === 'pay';
      payment.status = paid ? 'Completed' : 'User canceled';
      if (paid) payment.transactionId = code(22);
      const query: Record<string, string> = {
        pidx: payment.pidx,
        status: payment.status,
        transaction_id: payment.transactionId ?? '',
        tidx: payment.transactionId ?? '',
        amount: String(payment.amountPaisa),
        total_amount: String(payment.amountPaisa),
        mobile: paid ? '98XXXXX000' : '',
        purchase_order_id: payment.purchaseOrderId,
        purchase_order_name: payment.purchaseOrderName,
      };
      for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
      return reply.redirect(target.toString());
    },
  );

  app.post(
    '/khalti/api/v2/epayment/lookup/',
    { config, schema: { hide: true, body: z.object({ pidx: z.string().optional() }) } },
    async (request, reply) => {
      if (!khaltiAuthorized(request.headers.authorization))
        return reply.status(401).send({ detail: 'Invalid token.', status_code: 401 });
      const payment = request.body.pidx ? state.khalti.get(request.body.pidx) : undefined;
      if (!payment) return reply.status(404).send({ detail: 'Not found.', error_key: 'validation_error' });
      const answer = {
        pidx: payment.pidx,
        total_amount: payment.reportedAmountPaisa ?? payment.amountPaisa,
        status: payment.status,
        transaction_id: payment.transactionId,
        fee: 0,
        refunded: payment.status === 'Refunded',
      };
      return reply
        .status(payment.status === 'Expired' || payment.status === 'User canceled' ? 400 : 200)
        .send(answer);
    },
  );

  // Khalti's refund API lives beside KPG-2's `v2/`: {site}/api/merchant-transaction/{transaction_id}/refund/.
  app.post(
    '/khalti/api/merchant-transaction/:transactionId/refund/',
    {
      config,
      schema: {
        hide: true,
        params: z.object({ transactionId: z.string() }),
        // A part refund names its amount in paisa; no body refunds what is left.
        body: z.object({ amount: z.unknown().optional() }).nullish(),
      },
    },
    async (request, reply) => {
      if (state.khaltiRefundOutage > 0) {
        state.khaltiRefundOutage -= 1;
        return reply
          .status(503)
          .type('text/html; charset=utf-8')
          .send('<html><body><h1>503 Service Unavailable</h1></body></html>');
      }
      if (!khaltiAuthorized(request.headers.authorization))
        return reply.status(401).send({ detail: 'Invalid token.', status_code: 401 });
      const refusal = (detail: string) => reply.status(400).send({ detail, error_key: 'validation_error' });
      const payment = [...state.khalti.values()].find(
        (candidate) => candidate.transactionId === request.params.transactionId,
      );
      if (!payment) return refusal('Transaction not found.');
      if (payment.status === 'Refunded') return refusal('Transaction already refunded.');
      if (payment.status !== 'Completed' && payment.status !== 'Partially Refunded')
        return refusal('Only a completed transaction can be refunded.');
      const left = payment.amountPaisa - (payment.refundedPaisa ?? 0);
      const asked = request.body?.amount;
      if (asked !== undefined && (!Number.isInteger(asked) || (asked as number) <= 0))
        return refusal('Amount should be a positive whole number of paisa.');
      const amount = (asked as number | undefined) ?? left;
      if (amount > left) return refusal('Refund amount exceeds the refundable amount.');
      payment.refundedPaisa = (payment.refundedPaisa ?? 0) + amount;
      payment.status = payment.refundedPaisa === payment.amountPaisa ? 'Refunded' : 'Partially Refunded';
      return { detail: 'Transaction refund successful.' };
    },
  );
};

/**
 * A simulator page. `returnTo`: the merchant's return addresses. The decision form posts to the simulator,
 * which redirects the browser there, and browsers hold a form's redirect to `form-action` too: as at a
 * real provider, the merchant's address may differ from the provider's (another loopback origin here).
 */
function page(reply: FastifyReply, title: string, body: string, status = 200, returnTo: string[] = []) {
  const nonce = randomBytes(16).toString('base64url');
  const origins = [
    ...new Set(returnTo.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin)),
  ].join(' ');
  const policy = String(reply.getHeader('content-security-policy')).replace(
    /form-action ([^;]*)/,
    (_directive, sources: string) => `form-action ${sources}${origins ? ` ${origins}` : ''}`,
  );
  return reply
    .status(status)
    .header('content-security-policy', withStyleNonce(policy, nonce))
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.banner{background:#fef3c7;border:1px solid #b45309;padding:.75rem;border-radius:.5rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem;cursor:pointer}</style></head>
<body><p class="banner"><strong>Payment simulator.</strong> No real money moves here: this page stands in for the provider in development and tests.</p>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`);
}
