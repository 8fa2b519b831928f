import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_MESSAGES } from '@puja/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicArea } from '../integrations/storage/file-storage.ts';
import { allowPublicImages, servePublicUploads } from '../integrations/storage/public-uploads.ts';
import { withStyleNonce } from '../lib/csp.ts';

export interface WebPluginOptions {
  /** The built web app (apps/web/dist); when missing, only the API is served. */
  webDistDirectory: string | undefined;
  /** Public uploads (catalogue pictures), served at /uploads from wherever the storage keeps them. */
  publicUploads: PublicArea;
}

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
const SERVER_PATHS = /^\/(api|uploads|healthz|livez|readyz|metrics)(\/|$|\?)/;

/**
 * Serves the built single-page app beside the API on one port. Hashed assets are cached for a year;
 * index.html is never cached and carries the CSP nonce of its own response. Any other GET for a page
 * falls back to index.html so client routes survive a reload, while unknown API paths stay JSON 404s.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app: FastifyInstance, options) => {
    await servePublicUploads(app, options.publicUploads);

    const indexFile = options.webDistDirectory
      ? path.join(options.webDistDirectory, 'index.html')
      : undefined;
    const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
    if (options.webDistDirectory && indexHtml) {
      await app.register(fastifyStatic, {
        root: options.webDistDirectory,
        prefix: '/',
        index: false,
        wildcard: false,
        setHeaders: (response, filePath: string) => {
          const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          response.header(
            'cache-control',
            isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn('No built web app found; serving the API only. Run `npm run build` to build it.');
    }

    const sendIndex = (reply: FastifyReply) => {
      // A fresh nonce per page, only for pages: API answers share one precomputed policy.
      const nonce = randomBytes(16).toString('base64url');
      const policy = allowPublicImages(
        String(reply.getHeader('content-security-policy')),
        options.publicUploads,
      );
      return reply
        .header('content-security-policy', withStyleNonce(policy, nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml!.replace(NONCE_PLACEHOLDER, nonce));
    };

    app.get('/', (_request, reply) =>
      indexHtml ? sendIndex(reply) : reply.status(404).send({ message: ERROR_MESSAGES.notFound }),
    );

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const wantsPage =
        indexHtml &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PATHS.test(request.url) &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (wantsPage) return sendIndex(reply);
      return reply.status(404).send({ message: ERROR_MESSAGES.notFound });
    });
  },
  { name: 'web', dependencies: ['security'] },
);
