import {
  announceLivestreamEndpoint,
  certificatePdfEndpoint,
  DEFAULT_LANGUAGE,
  idSchema,
  orderProofEndpoint,
  orderVideoFileEndpoint,
  orderVideoPosterEndpoint,
  uploadOrderVideoEndpoint,
  verifyCertificateEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { parseByteRange } from '../../integrations/storage/video-files.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { isInProcessRequest } from '../../lib/in-process-request.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { ProofService } from './proof.service.ts';

/** A puja's video, livestream link and certificate (docs/api.md#proof, docs/decisions/037). */
export const proofRoutes: FastifyPluginAsyncZod<{
  proof: ProofService;
  storage: FileStorage;
  maxVideoBytes: number;
  verifyLookupsPerMinute: number;
}> = async (app, { proof, storage, maxVideoBytes, verifyLookupsPerMinute }) => {
  route(app, orderProofEndpoint, (request) => proof.getProof(viewerOf(request), request.params.orderId));

  route(
    app,
    uploadOrderVideoEndpoint,
    (request) => proof.attachVideo(viewerOf(request), request.params.orderId, request.body),
    {
      config: {
        uploadFiles: 2,
        uploadFileBytes: maxVideoBytes,
        // An order of another monastery, or one not completed, is refused before its video is received.
        beforeFiles: async (request) => {
          const orderId = idSchema().safeParse((request.params as { orderId?: unknown }).orderId);
          if (orderId.success) await proof.checkVideoUploadable(viewerOf(request), orderId.data);
        },
      },
    },
  );

  route(app, announceLivestreamEndpoint, (request) =>
    proof.announceLivestream(viewerOf(request), request.params.orderId, request.body),
  );

  // The browser's <video> asks for ranges as it plays and seeks: 206 with the bytes asked for, 416 for a
  // range outside the file, the whole file (200) when no single range is asked.
  route(app, orderVideoFileEndpoint, async (request, reply) => {
    const { expires, signature } = request.query;
    const video = await proof.signedVideo(request.params.videoId, expires, signature);
    const size = await storage.privateSize(video.storageKey);
    if (size === undefined) throw new AppError('notFound', 'Video not found.');
    const range = parseByteRange(request.headers.range, size);
    reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .type(video.contentType);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    const stream = await storage.streamPrivate(video.storageKey, range);
    if (!stream) throw new AppError('notFound', 'Video not found.');
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
    } else reply.header('content-length', size);
    return reply.send(stream.body);
  });

  route(app, orderVideoPosterEndpoint, async (request, reply) => {
    const { expires, signature } = request.query;
    const bytes = await proof.signedPoster(request.params.videoId, expires, signature);
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  route(app, certificatePdfEndpoint, async (request, reply) => {
    const viewer = viewerOf(request);
    // The language asked for, else the page's (the web app sends it), else the account's.
    const language =
      request.query.lang ?? requestLanguage(request.headers) ?? viewer.language ?? DEFAULT_LANGUAGE;
    const { pdf, filename } = await proof.certificatePdf(viewer, request.params.orderId, language);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, verifyCertificateEndpoint, (request) => proof.verify(request.params.code), {
    config: {
      rateLimit: {
        max: verifyLookupsPerMinute,
        timeWindow: '1 minute',
        // The server renderer's call for the page, which was counted against its visitor already.
        allowList: (request) => isInProcessRequest(request),
      },
    },
  });
};
