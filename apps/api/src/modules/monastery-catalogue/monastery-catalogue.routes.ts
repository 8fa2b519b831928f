import {
  addMonasteryPujaEndpoint,
  errorResponseSchema,
  getMonasteryPujaEndpoint,
  getSpecialPujaEndpoint,
  listMonasteryPujasEndpoint,
  monasteryPujasResponseSchema,
  pivotIdParamsSchema,
  removeMonasteryPujaEndpoint,
  specialPujaFieldsSchema,
  updateMonasteryPujaCostEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requireRole, viewerOf } from '../../plugins/auth.ts';
import { requireMethodOverrideForPost } from '../../plugins/body-parsers.ts';
import type { MonasteryCatalogueService } from './monastery-catalogue.service.ts';

/** The pujas a monastery offers, managed by its staff (docs/api.md "Monastery catalogue"). */
export const monasteryCatalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: MonasteryCatalogueService;
}> = async (app, { catalogue }) => {
  route(app, listMonasteryPujasEndpoint, (request) => catalogue.list(viewerOf(request)));
  route(app, addMonasteryPujaEndpoint, (request) => catalogue.add(viewerOf(request), request.body));
  route(app, getMonasteryPujaEndpoint, (request) =>
    catalogue.getPairing(viewerOf(request), request.params.pivotId),
  );
  route(app, updateMonasteryPujaCostEndpoint, (request) =>
    catalogue.changeCost(viewerOf(request), request.params.pivotId, request.body),
  );
  route(app, removeMonasteryPujaEndpoint, (request) =>
    catalogue.remove(viewerOf(request), request.params.pivotId),
  );

  // A special puja comes with a picture as multipart form data, which an endpoint declaration cannot say
  // yet (`consumes` in the OpenAPI document): creating and editing one stay written by hand until it can.
  const tags = ['monastery catalogue'];
  const config = requireRole('monastery');
  const response = {
    200: monasteryPujasResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  const specialPujaSchema = {
    tags,
    consumes: ['multipart/form-data'],
    body: specialPujaFieldsSchema,
    response,
  };

  app.post(
    '/api/monastery-special-puja',
    { config, schema: { ...specialPujaSchema, summary: 'Create a special puja of this monastery' } },
    (request) => catalogue.createSpecial(viewerOf(request), request.body),
  );
  route(app, getSpecialPujaEndpoint, (request) =>
    catalogue.getSpecial(viewerOf(request), request.params.pivotId),
  );
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/monastery-special-puja/:pivotId',
    config,
    preValidation: requireMethodOverrideForPost,
    schema: { ...specialPujaSchema, summary: 'Edit a special puja', params: pivotIdParamsSchema },
    handler: (request) => catalogue.updateSpecial(viewerOf(request), request.params.pivotId, request.body),
  });
};
