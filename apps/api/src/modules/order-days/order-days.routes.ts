import {
  createClosureEndpoint,
  deleteClosureEndpoint,
  orderDaySettingsEndpoint,
  unavailableDaysEndpoint,
  updateOrderDaySettingsEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { OrderDaysService } from './order-days.service.ts';

/** The days a monastery takes orders for (docs/api.md#order-days, docs/decisions/040). */
export const orderDaysRoutes: FastifyPluginAsyncZod<{ orderDays: OrderDaysService }> = async (
  app,
  { orderDays },
) => {
  route(app, unavailableDaysEndpoint, async (request, reply) => {
    // It changes with every order: neither the catalogue cache nor a browser keeps it (the access
    // matrix lets only the catalogue's own answers be stored).
    reply.header('cache-control', 'no-store');
    return orderDays.unavailableDays(request.params.monasteryId, request.query);
  });
  route(app, orderDaySettingsEndpoint, (request) =>
    orderDays.getSettings(viewerOf(request), request.params.monasteryId),
  );
  route(app, updateOrderDaySettingsEndpoint, (request) =>
    orderDays.updateSettings(viewerOf(request), request.params.monasteryId, request.body),
  );
  route(app, createClosureEndpoint, (request) =>
    orderDays.createClosure(viewerOf(request), request.params.monasteryId, request.body),
  );
  route(app, deleteClosureEndpoint, (request) =>
    orderDays.deleteClosure(viewerOf(request), request.params.monasteryId, request.params.closureId),
  );
};
