import {
  completePujaEndpoint,
  completePujaRequestSchema,
  MAX_COMPLETION_PHOTOS,
  messageToPatronEndpoint,
  orderForEditEndpoint,
  orderImageEndpoint,
  staffOrdersEndpoint,
  updateOrderEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import type { UrlSigner } from '../../integrations/storage/signed-urls.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { OrderHandlingService } from './order-handling.service.ts';
import { findOrderImage } from './orders.queries.ts';

/** A monastery's staff handling its orders (docs/api.md#orders), and the signed links to completion photos. */
export const orderHandlingRoutes: FastifyPluginAsyncZod<{
  handling: OrderHandlingService;
  storage: FileStorage;
  imageUrls: UrlSigner;
}> = async (app, { handling, storage, imageUrls }) => {
  route(app, staffOrdersEndpoint, (request) => handling.listFor(viewerOf(request)), {
    config: { heavy: true },
  });
  route(app, orderForEditEndpoint, (request) =>
    handling.getForEdit(viewerOf(request), request.params.orderId),
  );
  route(app, updateOrderEndpoint, (request) =>
    handling.update(viewerOf(request), request.params.orderId, request.body ?? {}),
  );
  route(app, messageToPatronEndpoint, (request) => handling.sendMessage(viewerOf(request), request.body));
  route(
    app,
    completePujaEndpoint,
    (request) =>
      handling.completeWithPhotos(
        viewerOf(request),
        request.body.order_id,
        request.body['files[]'] ?? request.body.files,
      ),
    {
      config: {
        uploadFiles: MAX_COMPLETION_PHOTOS,
        // The order named before the photos must be this monastery's and approved, or none is received.
        beforeFiles: async (request, fields) => {
          const orderId = completePujaRequestSchema.shape.order_id.safeParse(fields.order_id);
          if (orderId.success) await handling.checkCompletable(viewerOf(request), orderId.data);
        },
      },
    },
  );

  route(app, orderImageEndpoint, async (request, reply) => {
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
  });
};
