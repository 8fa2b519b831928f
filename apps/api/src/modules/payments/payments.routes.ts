import {
  errorResponseSchema,
  esewaProcessResponseSchema,
  khaltiProcessResponseSchema,
  startPaymentRequestSchema,
} from '@puja/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAccess, requireRole, viewerOf } from '../../plugins/auth.ts';
import type { PaymentOutcome, PaymentsService } from './payments.service.ts';

/** Starting payments and the providers' return routes (API.md "Payments"). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
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
    const target = new URLSearchParams({ status: outcome.paid ? 'success' : 'error' });
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
};
