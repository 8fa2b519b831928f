import {
  errorResponseSchema,
  monasteryDetailResponseSchema,
  monasteryListResponseSchema,
  monasteryPujaOptionsResponseSchema,
  pujaDetailResponseSchema,
  pujaListResponseSchema,
  slugOrIdParamsSchema,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../plugins/auth.ts';
import {
  getMonastery,
  getMonasteryPujaOptions,
  getPuja,
  listMonasteries,
  listPujas,
} from './catalogue.service.ts';

/** Public catalogue reads (API.md "Catalogue"), answered from the catalogue cache. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogueCache: cache, db } = app;
  const tags = ['catalogue'];

  app.get(
    '/api/monastery',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Open monasteries with the pujas they offer',
        response: { 200: monasteryListResponseSchema },
      },
    },
    (request, reply) =>
      cache.reply(request, reply, 'monasteries', monasteryListResponseSchema, () => listMonasteries(db)),
  );

  app.get(
    '/api/monastery/:slugOrId/edit',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'One monastery with its pujas and prices',
        params: slugOrIdParamsSchema,
        response: { 200: monasteryDetailResponseSchema, 404: errorResponseSchema },
      },
    },
    (request, reply) =>
      cache.reply(request, reply, `monastery:${request.params.slugOrId}`, monasteryDetailResponseSchema, () =>
        getMonastery(db, request.params.slugOrId),
      ),
  );

  app.get(
    '/api/puja',
    {
      config: publicAccess,
      schema: { tags, summary: 'Catalogue pujas', response: { 200: pujaListResponseSchema } },
    },
    (request, reply) => cache.reply(request, reply, 'pujas', pujaListResponseSchema, () => listPujas(db)),
  );

  app.get(
    '/api/puja/:slugOrId/edit',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'One puja with the monasteries offering it and their prices',
        params: slugOrIdParamsSchema,
        response: { 200: pujaDetailResponseSchema, 404: errorResponseSchema },
      },
    },
    (request, reply) =>
      cache.reply(request, reply, `puja:${request.params.slugOrId}`, pujaDetailResponseSchema, () =>
        getPuja(db, request.params.slugOrId),
      ),
  );

  app.get(
    '/api/get-monastery-puja',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Choices for the direct-order form',
        response: { 200: monasteryPujaOptionsResponseSchema },
      },
    },
    (request, reply) =>
      cache.reply(request, reply, 'monastery-puja-options', monasteryPujaOptionsResponseSchema, () =>
        getMonasteryPujaOptions(db),
      ),
  );
};
