import {
  addMonasteryPujaRequestSchema,
  errorResponseSchema,
  monasteryPujasResponseSchema,
  pivotIdParamsSchema,
  selectedPujaResponseSchema,
  specialPujaFieldsSchema,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, viewerOf } from '../../plugins/auth.ts';
import { requireMethodOverrideForPost } from '../../plugins/body-parsers.ts';
import type { MonasteryCatalogueService } from './monastery-catalogue.service.ts';

/** The pujas a monastery offers, managed by its staff (API.md "Monastery catalogue"). */
export const monasteryCatalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: MonasteryCatalogueService;
}> = async (app, { catalogue }) => {
  const tags = ['monastery catalogue'];
  const config = requireRole('monastery');
  const errors = {
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };
  const lists = { 200: monasteryPujasResponseSchema, ...errors };

  app.get(
    '/api/monastery-puja',
    { config, schema: { tags, response: { 200: monasteryPujasResponseSchema } } },
    (request) => catalogue.list(viewerOf(request)),
  );

  app.post(
    '/api/monastery-puja',
    {
      config,
      schema: {
        tags,
        summary: 'Offer a catalogue puja at a price',
        body: addMonasteryPujaRequestSchema,
        response: lists,
      },
    },
    (request) => catalogue.add(viewerOf(request), request.body),
  );

  app.get(
    '/api/monastery-puja/:pivotId/edit',
    {
      config,
      schema: { tags, params: pivotIdParamsSchema, response: { 200: selectedPujaResponseSchema, ...errors } },
    },
    (request) => catalogue.getPairing(viewerOf(request), request.params.pivotId),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/monastery-puja/:pivotId',
    config,
    preValidation: requireMethodOverrideForPost,
    schema: {
      tags,
      summary: 'Change a price',
      params: pivotIdParamsSchema,
      body: addMonasteryPujaRequestSchema,
      response: lists,
    },
    handler: (request) => catalogue.changeCost(viewerOf(request), request.params.pivotId, request.body),
  });

  app.delete(
    '/api/monastery-puja/:pivotId',
    {
      config,
      schema: {
        tags,
        summary: 'Stop offering a puja (archived when it has orders)',
        params: pivotIdParamsSchema,
        response: lists,
      },
    },
    (request) => catalogue.remove(viewerOf(request), request.params.pivotId),
  );

  app.post(
    '/api/monastery-special-puja',
    {
      config,
      schema: {
        tags,
        summary: 'Create a special puja of this monastery',
        consumes: ['multipart/form-data'],
        body: specialPujaFieldsSchema,
        response: lists,
      },
    },
    (request) => catalogue.createSpecial(viewerOf(request), request.body),
  );

  app.get(
    '/api/monastery-special-puja/:pivotId/edit',
    {
      config,
      schema: { tags, params: pivotIdParamsSchema, response: { 200: selectedPujaResponseSchema, ...errors } },
    },
    (request) => catalogue.getSpecial(viewerOf(request), request.params.pivotId),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/monastery-special-puja/:pivotId',
    config,
    preValidation: requireMethodOverrideForPost,
    schema: {
      tags,
      summary: 'Edit a special puja',
      consumes: ['multipart/form-data'],
      params: pivotIdParamsSchema,
      body: specialPujaFieldsSchema,
      response: lists,
    },
    handler: (request) => catalogue.updateSpecial(viewerOf(request), request.params.pivotId, request.body),
  });
};
