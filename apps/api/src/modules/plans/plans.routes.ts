import {
  cancelPlanEndpoint,
  departedPhotoFileEndpoint,
  idSchema,
  ownPlansEndpoint,
  pausePlanEndpoint,
  placePlanEndpoint,
  planEndpoint,
  removeDepartedPhotoEndpoint,
  resumePlanEndpoint,
  skipPlanOccurrenceEndpoint,
  startPlanEsewaPaymentEndpoint,
  startPlanKhaltiPaymentEndpoint,
  uploadDepartedPhotoEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { browserOrigin } from '../../plugins/one-origin.ts';
import { ordersRateLimitOf } from '../../plugins/rate-limits.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { PlansService } from './plans.service.ts';

/**
 * A patron's dedication plans: placing, reading, paying whole, skipping, ending, and pausing a plan paid
 * each (docs/api.md "Plans").
 */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService; payments: PaymentsService }> = async (
  app,
  { plans, payments },
) => {
  // A plan places several orders: counted with the patron's orders against the same hourly limit.
  const ordersRateLimit = ordersRateLimitOf(app);
  route(
    app,
    placePlanEndpoint,
    async (request) => ({ plan: await plans.placePlan(viewerOf(request), request.body) }),
    { config: { rateLimit: ordersRateLimit } },
  );
  route(app, ownPlansEndpoint, (request) => plans.listOwnPlans(viewerOf(request)), {
    config: { heavy: true },
  });
  route(app, planEndpoint, async (request) => ({
    plan: await plans.getPlan(viewerOf(request), request.params.planId),
  }));
  route(app, startPlanEsewaPaymentEndpoint, (request) =>
    payments.startPlanEsewa(viewerOf(request), request.params.planId, browserOrigin(request)),
  );
  route(app, startPlanKhaltiPaymentEndpoint, async (request) => ({
    response: await payments.startPlanKhalti(
      viewerOf(request),
      request.params.planId,
      browserOrigin(request),
    ),
  }));
  route(app, skipPlanOccurrenceEndpoint, async (request) => ({
    plan: await plans.skipOccurrence(viewerOf(request), request.params.planId, request.params.orderId),
  }));
  route(app, pausePlanEndpoint, async (request) => ({
    plan: await plans.pausePlan(viewerOf(request), request.params.planId),
  }));
  route(app, resumePlanEndpoint, async (request) => ({
    plan: await plans.resumePlan(viewerOf(request), request.params.planId),
  }));
  route(app, cancelPlanEndpoint, async (request) => ({
    plan: await plans.cancelPlan(viewerOf(request), request.params.planId),
  }));

  // The departed's photo (docs/decisions/060): the patron's own plan's, kept privately, read by signed links.
  route(
    app,
    uploadDepartedPhotoEndpoint,
    async (request) => ({
      plan: await plans.setDepartedPhoto(viewerOf(request), request.params.planId, request.body.photo),
    }),
    {
      config: {
        uploadFiles: 1,
        // Someone else's plan, or one not for the departed, is refused before the photo is received.
        beforeFiles: async (request) => {
          const planId = idSchema().safeParse((request.params as { planId?: unknown }).planId);
          if (planId.success) await plans.checkDepartedPhotoUploadable(viewerOf(request), planId.data);
        },
      },
    },
  );
  route(app, removeDepartedPhotoEndpoint, async (request) => ({
    plan: await plans.removeDepartedPhoto(viewerOf(request), request.params.planId),
  }));
  route(app, departedPhotoFileEndpoint, async (request, reply) => {
    const { planId, photo } = request.params;
    const bytes = await plans.signedDepartedPhoto(
      planId,
      photo,
      request.query.expires,
      request.query.signature,
    );
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
};
