import {
  createPaymentLinkEndpoint,
  esewaLinkFailureReturnEndpoint,
  esewaLinkSuccessReturnEndpoint,
  khaltiLinkReturnEndpoint,
  paymentLinkEndpoint,
  paymentLinkPath,
  startEsewaLinkPaymentEndpoint,
  startKhaltiLinkPaymentEndpoint,
  withdrawPaymentLinkEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { browserOrigin } from '../../plugins/one-origin.ts';
import type { PaymentOutcome, PaymentsService } from '../payments/payments.service.ts';
import type { PaymentLinksService } from './payment-links.service.ts';

/** "Pay for me" links (docs/api.md "Payment links", docs/decisions/051). */
export const paymentLinksRoutes: FastifyPluginAsync<{
  links: PaymentLinksService;
  payments: PaymentsService;
  requestsPerMinute: number;
}> = async (app, { links, payments, requestsPerMinute }) => {
  // A token is unguessable; the limit keeps anyone from trying many.
  const limited = { config: { rateLimit: { max: requestsPerMinute, timeWindow: '1 minute' } } };

  route(app, createPaymentLinkEndpoint, (request) =>
    links.create(viewerOf(request), request.params.orderId, request.body.shows_names),
  );
  route(app, withdrawPaymentLinkEndpoint, (request) =>
    links.withdraw(viewerOf(request), request.params.orderId),
  );
  route(app, paymentLinkEndpoint, (request) => links.view(request.params.token), limited);
  route(
    app,
    startEsewaLinkPaymentEndpoint,
    (request) => links.startEsewa(request.params.token, request.body.payer_name, browserOrigin(request)),
    limited,
  );
  route(
    app,
    startKhaltiLinkPaymentEndpoint,
    async (request) => ({
      response: await links.startKhalti(
        request.params.token,
        request.body.payer_name,
        browserOrigin(request),
      ),
    }),
    limited,
  );

  // The payer comes back to the link's page, never to the patron's orders: it says "paid, thank you".
  const backToLink = (reply: FastifyReply, token: string, outcome: PaymentOutcome) => {
    const status = { paid: 'success', refund: 'refund', failed: 'error', checking: 'checking' } as const;
    return reply.redirect(`${paymentLinkPath(token)}?status=${status[outcome.result]}`);
  };
  route(app, esewaLinkSuccessReturnEndpoint, async (request, reply) =>
    backToLink(reply, request.params.token, await payments.completeEsewa(request.query.data)),
  );
  route(app, esewaLinkFailureReturnEndpoint, async (request, reply) =>
    backToLink(reply, request.params.token, await payments.failEsewa(request.query.reference)),
  );
  route(app, khaltiLinkReturnEndpoint, async (request, reply) =>
    backToLink(reply, request.params.token, await payments.completeKhalti(request.query.pidx)),
  );
};
