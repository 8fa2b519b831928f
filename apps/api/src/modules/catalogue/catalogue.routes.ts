import {
  createMonasteryEndpoint,
  createPujaEndpoint,
  deleteMonasteryEndpoint,
  deletePujaEndpoint,
  getMonasteryEndpoint,
  getMonasteryPujaOptionsEndpoint,
  getPujaEndpoint,
  listArchivedMonasteriesEndpoint,
  listArchivedPujasEndpoint,
  listMonasteriesEndpoint,
  listPujasEndpoint,
  monasteryDetailResponseSchema,
  monasteryListResponseSchema,
  monasteryPujaOptionsResponseSchema,
  pujaDetailResponseSchema,
  pujaListResponseSchema,
  restoreMonasteryEndpoint,
  restorePujaEndpoint,
  updateMonasteryEndpoint,
  updatePujaEndpoint,
} from '@puja/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { Audience } from './catalogue.queries.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { CatalogueAdminService } from './catalogue-admin.service.ts';

/**
 * The catalogue (docs/api.md "Catalogue"): public reads answered from the catalogue cache, the same reads
 * answered fresh to an administrator (who also sees closed rows), and the administrator's writes.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  admin: CatalogueAdminService;
}> = async (app, { catalogue, admin }) => {
  const { catalogueCache: cache } = app;

  async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    compute: (audience: Audience) => Promise<T>,
  ): Promise<FastifyReply> {
    if (request.viewer?.role !== 'admin') {
      await cache.reply(request, reply, key, schema, () => compute('public'));
      return reply;
    }
    // The same URL answers differently to an administrator: shared caches must keep them apart.
    reply
      .header('vary', 'authorization')
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(schema.parse(await compute('admin'))));
    await reply;
    return reply;
  }

  route(app, listMonasteriesEndpoint, (request, reply) =>
    answer(request, reply, 'monasteries', monasteryListResponseSchema, (audience) =>
      catalogue.listMonasteries(audience),
    ),
  );
  route(app, getMonasteryEndpoint, (request, reply) =>
    answer(
      request,
      reply,
      `monastery:${request.params.slugOrId}`,
      monasteryDetailResponseSchema,
      (audience) => catalogue.getMonastery(request.params.slugOrId, audience),
    ),
  );
  route(app, listPujasEndpoint, (request, reply) =>
    answer(request, reply, 'pujas', pujaListResponseSchema, (audience) => catalogue.listPujas(audience)),
  );
  route(app, getPujaEndpoint, (request, reply) =>
    answer(request, reply, `puja:${request.params.slugOrId}`, pujaDetailResponseSchema, (audience) =>
      catalogue.getPuja(request.params.slugOrId, audience),
    ),
  );
  // Always the public view, to an administrator too (docs/api.md "Catalogue").
  route(app, getMonasteryPujaOptionsEndpoint, async (request, reply) => {
    await cache.reply(request, reply, 'monastery-puja-options', monasteryPujaOptionsResponseSchema, () =>
      catalogue.getMonasteryPujaOptions(),
    );
    return reply;
  });

  // ---- administrator's writes ----
  route(app, createMonasteryEndpoint, (request) => admin.createMonastery(viewerOf(request), request.body));
  route(app, updateMonasteryEndpoint, (request) =>
    admin.updateMonastery(viewerOf(request), request.params.id, request.body),
  );
  route(app, deleteMonasteryEndpoint, (request) =>
    admin.deleteMonastery(viewerOf(request), request.params.id),
  );

  route(app, createPujaEndpoint, (request) => admin.createPuja(viewerOf(request), request.body));
  route(app, updatePujaEndpoint, (request) =>
    admin.updatePuja(viewerOf(request), request.params.id, request.body),
  );
  route(app, deletePujaEndpoint, (request) => admin.deletePuja(viewerOf(request), request.params.id));

  // ---- archived rows: listed and restored by administrators ----
  route(app, listArchivedMonasteriesEndpoint, (request) => admin.listArchivedMonasteries(request.query));
  route(app, restoreMonasteryEndpoint, (request) =>
    admin.restoreMonastery(viewerOf(request), request.params.id),
  );
  route(app, listArchivedPujasEndpoint, (request) => admin.listArchivedPujas(request.query));
  route(app, restorePujaEndpoint, (request) => admin.restorePuja(viewerOf(request), request.params.id));
};
