import {
  addMonasteryPujaEndpoint,
  createSpecialPujaEndpoint,
  getMonasteryPujaEndpoint,
  getSpecialPujaEndpoint,
  listMonasteryPujasEndpoint,
  removeMonasteryPujaEndpoint,
  updateMonasteryPujaCostEndpoint,
  updateSpecialPujaEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { MonasteryCatalogueService } from './monastery-catalogue.service.ts';

/** The pujas a monastery offers, managed by its staff (docs/api.md "Monastery catalogue"). */
export const monasteryCatalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: MonasteryCatalogueService;
}> = async (app, { catalogue }) => {
  route(app, listMonasteryPujasEndpoint, (request) => catalogue.list(viewerOf(request)));
  route(app, addMonasteryPujaEndpoint, (request) => catalogue.add(viewerOf(request), request.body));
  route(app, getMonasteryPujaEndpoint, (request) =>
    catalogue.getOffering(viewerOf(request), request.params.pivotId),
  );
  route(app, updateMonasteryPujaCostEndpoint, (request) =>
    catalogue.changeCost(viewerOf(request), request.params.pivotId, request.body),
  );
  route(app, removeMonasteryPujaEndpoint, (request) =>
    catalogue.remove(viewerOf(request), request.params.pivotId),
  );

  route(app, createSpecialPujaEndpoint, (request) =>
    catalogue.createSpecial(viewerOf(request), request.body),
  );
  route(app, getSpecialPujaEndpoint, (request) =>
    catalogue.getSpecial(viewerOf(request), request.params.pivotId),
  );
  route(app, updateSpecialPujaEndpoint, (request) =>
    catalogue.updateSpecial(viewerOf(request), request.params.pivotId, request.body),
  );
};
