import {
  catalogueItemFieldsSchema,
  errorResponseSchema,
  idParamsSchema,
  monasteryDetailResponseSchema,
  monasteryListResponseSchema,
  monasteryPujaOptionsResponseSchema,
  pujaDetailResponseSchema,
  pujaListResponseSchema,
  slugOrIdParamsSchema,
} from '@puja/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { publicAccess, requireRole, viewerOf } from '../../plugins/auth.ts';
import { requireMethodOverrideForPost } from '../../plugins/body-parsers.ts';
import type { Audience } from './catalogue.queries.ts';
import {
  getMonastery,
  getMonasteryPujaOptions,
  getPuja,
  listMonasteries,
  listPujas,
} from './catalogue.service.ts';
import type { CatalogueAdminService } from './catalogue-admin.service.ts';

/**
 * The catalogue (API.md "Catalogue"): public reads answered from the catalogue cache, the same reads
 * answered fresh to an administrator (who also sees closed rows), and the administrator's writes.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ admin: CatalogueAdminService }> = async (
  app,
  { admin },
) => {
  const { catalogueCache: cache, db } = app;
  const tags = ['catalogue'];

  async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    compute: (audience: Audience) => Promise<T>,
  ): Promise<void> {
    // The same URL answers differently to an administrator: shared caches must keep them apart.
    reply.header('vary', 'authorization');
    if (request.viewer?.role !== 'admin')
      return cache.reply(request, reply, key, schema, () => compute('public'));
    reply
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(schema.parse(await compute('admin'))));
    await reply;
  }

  app.get(
    '/api/monastery',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Monasteries with the pujas they offer (open ones; all for admins)',
        response: { 200: monasteryListResponseSchema },
      },
    },
    (request, reply) =>
      answer(request, reply, 'monasteries', monasteryListResponseSchema, (audience) =>
        listMonasteries(db, audience),
      ),
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
      answer(
        request,
        reply,
        `monastery:${request.params.slugOrId}`,
        monasteryDetailResponseSchema,
        (audience) => getMonastery(db, request.params.slugOrId, audience),
      ),
  );

  app.get(
    '/api/puja',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Catalogue pujas (open ones; all for admins)',
        response: { 200: pujaListResponseSchema },
      },
    },
    (request, reply) =>
      answer(request, reply, 'pujas', pujaListResponseSchema, (audience) => listPujas(db, audience)),
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
      answer(request, reply, `puja:${request.params.slugOrId}`, pujaDetailResponseSchema, (audience) =>
        getPuja(db, request.params.slugOrId, audience),
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

  // ---- administrator's writes ----
  const config = requireRole('admin');
  const writeErrors = { 404: errorResponseSchema, 422: errorResponseSchema, 413: errorResponseSchema };
  const itemSchema = { tags, consumes: ['multipart/form-data'], body: catalogueItemFieldsSchema };

  app.post(
    '/api/monastery',
    {
      config,
      schema: {
        ...itemSchema,
        summary: 'Create a monastery',
        response: { 200: monasteryListResponseSchema, ...writeErrors },
      },
    },
    (request) => admin.createMonastery(viewerOf(request), request.body),
  );
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/monastery/:id',
    config,
    preValidation: requireMethodOverrideForPost,
    schema: {
      ...itemSchema,
      summary: 'Update a monastery (the picture only when a new one is sent)',
      params: idParamsSchema,
      response: { 200: monasteryListResponseSchema, ...writeErrors },
    },
    handler: (request) => admin.updateMonastery(viewerOf(request), request.params.id, request.body),
  });
  app.delete(
    '/api/monastery/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a monastery (archived when it has orders or staff)',
        params: idParamsSchema,
        response: { 200: monasteryListResponseSchema, ...writeErrors },
      },
    },
    (request) => admin.deleteMonastery(viewerOf(request), request.params.id),
  );

  app.post(
    '/api/puja',
    {
      config,
      schema: {
        ...itemSchema,
        summary: 'Create a catalogue puja',
        response: { 200: pujaListResponseSchema, ...writeErrors },
      },
    },
    (request) => admin.createPuja(viewerOf(request), request.body),
  );
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/puja/:id',
    config,
    preValidation: requireMethodOverrideForPost,
    schema: {
      ...itemSchema,
      summary: 'Update a catalogue puja',
      params: idParamsSchema,
      response: { 200: pujaListResponseSchema, ...writeErrors },
    },
    handler: (request) => admin.updatePuja(viewerOf(request), request.params.id, request.body),
  });
  app.delete(
    '/api/puja/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a catalogue puja (archived when it has orders)',
        params: idParamsSchema,
        response: { 200: pujaListResponseSchema, ...writeErrors },
      },
    },
    (request) => admin.deletePuja(viewerOf(request), request.params.id),
  );
};
