import {
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  errorResponseSchema,
  esewaProcessResponseSchema,
  khaltiProcessResponseSchema,
  orderIdParamsSchema,
  paymentIdParamsSchema,
  recordRefundRequestSchema,
  refundResponseSchema,
  startPaymentRequestSchema,
} from '@puja/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess, requireRole, signedIn, viewerOf } from '../../plugins/auth.ts';
import type { PaymentOutcome, PaymentsService } from './payments.service.ts';
import type { ReceiptsService } from './receipts.service.ts';
import type { RefundsService } from './refunds.service.ts';

/** Starting payments, the providers' return routes, receipts and refunds (docs/api.md "Payments"). */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  refunds: RefundsService;
  receipts: ReceiptsService;
}> = async (app, { payments, refunds, receipts }) => {
  const tags = ['payments'];
  const startErrors = { 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

  app.post(
    '/api/esewa-process',
    {
      config: requireRole('user'),
      schema: {
        tags,
        summary: 'Signed eSewa form fields for an order',
        body: startPaymentRequestSchema,
        response: { 200: esewaProcessResponseSchema, ...startErrors },
      },
    },
    (request) => payments.startEsewa(viewerOf(request), request.body.order),
  );

  app.post(
    '/api/khalti-process',
    {
      config: requireRole('user'),
      schema: {
        tags,
        summary: 'Start a Khalti payment for an order',
        body: startPaymentRequestSchema,
        response: { 200: khaltiProcessResponseSchema, ...startErrors },
      },
    },
    async (request) => ({ response: await payments.startKhalti(viewerOf(request), request.body.order) }),
  );

  // The browser comes back here from the provider; each answer sends it to its Orders page.
  const backToOrders = (reply: FastifyReply, outcome: PaymentOutcome) => {
    const status = { paid: 'success', refund: 'refund', failed: 'error', checking: 'checking' } as const;
    const target = new URLSearchParams({ status: status[outcome.result] });
    if (outcome.orderId) target.set('oid', String(outcome.orderId));
    return reply.redirect(`/orders?${target}`);
  };
  const returnSchema = { tags, hide: true };

  app.get(
    '/esewa-payment-success',
    {
      config: publicAccess,
      schema: { ...returnSchema, querystring: z.object({ data: z.string().max(4096).optional() }) },
    },
    async (request, reply) => backToOrders(reply, await payments.completeEsewa(request.query.data)),
  );

  app.get(
    '/esewa-payment-failed',
    {
      config: publicAccess,
      schema: {
        ...returnSchema,
        querystring: z.object({ reference: z.string().max(100).optional() }).loose(),
      },
    },
    async (request, reply) => backToOrders(reply, await payments.failEsewa(request.query.reference)),
  );

  app.get(
    '/khalti-payment-return',
    {
      config: publicAccess,
      schema: { ...returnSchema, querystring: z.object({ pidx: z.string().max(100).optional() }).loose() },
    },
    async (request, reply) => backToOrders(reply, await payments.completeKhalti(request.query.pidx)),
  );

  app.get(
    '/api/order/:orderId/receipt',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Receipts of an order as a PDF: each payment received and each refund made',
        params: orderIdParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const receipt = await receipts.receiptOf(viewerOf(request), request.params.orderId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.filename}"`)
        .send(receipt.pdf);
    },
  );

  const adminTags = ['admin', 'payments'];
  app.get(
    '/api/admin/payments',
    {
      config: requireRole('admin'),
      schema: {
        tags: adminTags,
        summary: 'Every payment and refund: refunds due first, then newest first',
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsResponseSchema, 422: errorResponseSchema },
      },
    },
    (request) => refunds.listPayments(request.query),
  );

  app.get(
    '/api/admin/payments/export.csv',
    {
      config: requireRole('admin'),
      schema: {
        tags: adminTags,
        summary: 'The payments list as CSV, with the same filters',
        querystring: adminPaymentsQuerySchema.omit({ page: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .send(await refunds.exportPayments(request.query)),
  );

  const refundErrors = {
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  app.post(
    '/api/admin/payments/:paymentId/refund',
    {
      config: requireRole('admin'),
      schema: {
        tags: adminTags,
        summary:
          'Refund a Khalti payment through Khalti: 200 refunded, 202 when Khalti has not confirmed yet (retried automatically)',
        params: paymentIdParamsSchema,
        response: { 200: refundResponseSchema, 202: refundResponseSchema, ...refundErrors },
      },
    },
    async (request, reply) => {
      const { accepted, ...answer } = await refunds.refundThroughKhalti(
        viewerOf(request),
        request.params.paymentId,
      );
      return reply.status(accepted ? 202 : 200).send(answer);
    },
  );

  app.post(
    '/api/admin/payments/:paymentId/record-refund',
    {
      config: requireRole('admin'),
      schema: {
        tags: adminTags,
        summary: "Record a refund made in the provider's merchant portal (eSewa has no refund API)",
        params: paymentIdParamsSchema,
        body: recordRefundRequestSchema,
        response: { 200: refundResponseSchema, ...refundErrors },
      },
    },
    (request) => refunds.recordRefund(viewerOf(request), request.params.paymentId, request.body.reference),
  );
};
