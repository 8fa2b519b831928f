import {
  completePujaRequestSchema,
  errorResponseSchema,
  idSchema,
  messageResponseSchema,
  messageToPatronRequestSchema,
  orderEditResponseSchema,
  orderIdParamsSchema,
  staffOrdersResponseSchema,
  updateOrderRequestSchema,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { UrlSigner } from '../../integrations/storage/signed-urls.ts';
import { AppError } from '../../lib/app-error.ts';
import { publicAccess, requireRole, viewerOf } from '../../plugins/auth.ts';
import { requireMethodOverrideForPost } from '../../plugins/body-parsers.ts';
import type { OrderHandlingService } from './order-handling.service.ts';
import { findOrderImage } from './orders.queries.ts';

/** A monastery's staff handling its orders (docs/api.md#orders), and the signed links to completion photos. */
export const orderHandlingRoutes: FastifyPluginAsyncZod<{
  handling: OrderHandlingService;
  storage: FileStorage;
  imageUrls: UrlSigner;
}> = async (app, { handling, storage, imageUrls }) => {
  const tags = ['order handling'];
  const staffErrors = {
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
  };

  app.get(
    '/api/order',
    {
      config: requireRole('monastery', 'admin'),
      schema: { tags, summary: 'Pending and approved orders', response: { 200: staffOrdersResponseSchema } },
    },
    (request) => handling.listFor(viewerOf(request)),
  );

  app.get(
    '/api/order/:orderId/edit',
    {
      config: requireRole('monastery'),
      schema: {
        tags,
        params: orderIdParamsSchema,
        response: { 200: orderEditResponseSchema, ...staffErrors },
      },
    },
    (request) => handling.getForEdit(viewerOf(request), request.params.orderId),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/order/:orderId',
    config: requireRole('monastery'),
    preValidation: requireMethodOverrideForPost,
    schema: {
      tags,
      summary: 'Approve (no fields), re-date (date) or decline (status=decline) a pending order',
      params: orderIdParamsSchema,
      body: updateOrderRequestSchema,
      response: { 200: staffOrdersResponseSchema, ...staffErrors },
    },
    handler: (request) => handling.update(viewerOf(request), request.params.orderId, request.body ?? {}),
  });

  app.post(
    '/api/message',
    {
      config: requireRole('monastery'),
      schema: {
        tags,
        summary: 'Message the patron of an order',
        body: messageToPatronRequestSchema,
        response: { 200: messageResponseSchema, ...staffErrors },
      },
    },
    (request) => handling.sendMessage(viewerOf(request), request.body),
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/complete-puja',
    config: requireRole('monastery'),
    preValidation: requireMethodOverrideForPost,
    schema: {
      tags,
      summary: 'Complete an approved order with photos',
      consumes: ['multipart/form-data'],
      body: completePujaRequestSchema,
      response: { 200: staffOrdersResponseSchema, 413: errorResponseSchema, ...staffErrors },
    },
    handler: (request) =>
      handling.completeWithPhotos(
        viewerOf(request),
        request.body.order_id,
        request.body['files[]'] ?? request.body.files,
      ),
  });

  // The signature is the credential: links handed out by get-messages work in a new tab, for a while.
  app.get(
    '/api/order-images/:imageId',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'A completion photo, through a signed, expiring link',
        params: z.object({ imageId: idSchema() }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { imageId } = request.params;
      if (!imageUrls.verify(`/api/order-images/${imageId}`, request.query.expires, request.query.signature)) {
        throw new AppError('forbidden', 'This link has expired. Open the order again for a fresh one.');
      }
      const image = await findOrderImage(app.db, imageId);
      const bytes = image ? await storage.readPrivate(image.storageKey) : undefined;
      if (!image || !bytes) throw new AppError('notFound', 'Photo not found.');
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
