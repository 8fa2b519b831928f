import {
  adminPaymentsEndpoint,
  cardReturnEndpoint,
  esewaFailureReturnEndpoint,
  esewaSuccessReturnEndpoint,
  exportPaymentsEndpoint,
  khaltiReturnEndpoint,
  orderReceiptEndpoint,
  recordRefundEndpoint,
  refundThroughKhaltiEndpoint,
  startCardPaymentEndpoint,
  startEsewaPaymentEndpoint,
  startKhaltiPaymentEndpoint,
  stripeWebhookEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { browserOrigin } from '../../plugins/one-origin.ts';
import type { PaymentOutcome, PaymentsService } from './payments.service.ts';
import type { ReceiptsService } from './receipts.service.ts';
import type { RefundsService } from './refunds.service.ts';

/** Starting payments, the providers' return routes, receipts and refunds (docs/api.md "Payments"). */
export const paymentsRoutes: FastifyPluginAsync<{
  payments: PaymentsService;
  refunds: RefundsService;
  receipts: ReceiptsService;
}> = async (app, { payments, refunds, receipts }) => {
  // The provider sends the browser back to the origin it left from, where its session is.
  route(app, startEsewaPaymentEndpoint, (request) =>
    payments.startEsewa(viewerOf(request), request.body.order, browserOrigin(request)),
  );
  route(app, startKhaltiPaymentEndpoint, async (request) => ({
    response: await payments.startKhalti(viewerOf(request), request.body.order, browserOrigin(request)),
  }));

  // The browser comes back here from the provider; each answer sends it to its Orders page.
  const backToOrders = (reply: FastifyReply, outcome: PaymentOutcome) => {
    const status = { paid: 'success', refund: 'refund', failed: 'error', checking: 'checking' } as const;
    const target = new URLSearchParams({ status: status[outcome.result] });
    if (outcome.orderId) target.set('oid', String(outcome.orderId));
    // A plan paid whole goes back to the plan's page (docs/decisions/055).
    if (outcome.planId) return reply.redirect(`/plans/${outcome.planId}?${target}`);
    return reply.redirect(`/orders?${target}`);
  };
  route(app, esewaSuccessReturnEndpoint, async (request, reply) =>
    backToOrders(reply, await payments.completeEsewa(request.query.data)),
  );
  route(app, esewaFailureReturnEndpoint, async (request, reply) =>
    backToOrders(reply, await payments.failEsewa(request.query.reference)),
  );
  route(app, khaltiReturnEndpoint, async (request, reply) =>
    backToOrders(reply, await payments.completeKhalti(request.query.pidx)),
  );
  route(app, startCardPaymentEndpoint, (request) =>
    payments.startCard(viewerOf(request), request.body.order, browserOrigin(request)),
  );
  route(app, cardReturnEndpoint, async (request, reply) =>
    backToOrders(reply, await payments.completeCard(request.query.session_id, request.query.order)),
  );
  // Stripe signs the body's exact bytes: this route alone reads JSON as a Buffer (docs/decisions/052).
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(webhook, stripeWebhookEndpoint, (request) =>
      payments.stripeWebhook(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers['stripe-signature'] as string | undefined,
      ),
    );
  });

  route(app, orderReceiptEndpoint, async (request, reply) => {
    const receipt = await receipts.receiptOf(viewerOf(request), request.params.orderId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${receipt.filename}"`)
      .send(receipt.pdf);
  });

  route(app, adminPaymentsEndpoint, (request) => refunds.listPayments(request.query), {
    config: { heavy: true },
  });
  route(
    app,
    exportPaymentsEndpoint,
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .send(await refunds.exportPayments(request.query)),
    { config: { heavy: true } },
  );
  route(app, refundThroughKhaltiEndpoint, async (request, reply) => {
    const { accepted, ...answer } = await refunds.refundThroughKhalti(
      viewerOf(request),
      request.params.paymentId,
    );
    return reply.status(accepted ? 202 : 200).send(answer);
  });
  route(app, recordRefundEndpoint, (request) =>
    refunds.recordRefund(viewerOf(request), request.params.paymentId, request.body.reference),
  );
};
