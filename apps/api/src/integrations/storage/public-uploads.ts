import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL, isSafeKey, type PublicArea } from './file-storage.ts';

/**
 * `/uploads/{key}`, answered the way the storage says (`PublicArea`):
 * - a folder: @fastify/static, as a single machine always did;
 * - a bucket, streamed: the app reads the object and sends it itself. The picture stays on our origin,
 *   so the page's `img-src 'self'` still covers it, the bucket needs no public access, and the answer
 *   has the same headers as a file from the folder (a year's `immutable` caching; helmet's headers). A
 *   CDN in front of the app keeps the cost of streaming down: the names never change meaning;
 * - a public URL (`S3_PUBLIC_URL`): a redirect there, so the pictures' bytes never pass through the app;
 *   the page then allows that origin for images (`allowPublicImages`).
 * Anything else (a missing file, a name that is not a storage key) goes to the app's JSON 404.
 */
export async function servePublicUploads(app: FastifyInstance, area: PublicArea): Promise<void> {
  if (area.kind === 'folder') {
    fs.mkdirSync(area.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: area.directory,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Uploaded files get content-hashed names, so a name never points at different bytes.
      immutable: true,
      maxAge: '365d',
    });
    return;
  }

  const keyOf = (request: FastifyRequest) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    return isSafeKey(key) ? key : undefined;
  };
  const notFound = (reply: FastifyReply) => {
    reply.callNotFound();
    return reply;
  };

  if (area.kind === 'redirect') {
    app.get('/uploads/*', async (request, reply) => {
      const key = keyOf(request);
      if (!key) return notFound(reply);
      // Temporary and cached for a day rather than permanent: S3_PUBLIC_URL may change one day, and a
      // browser keeps a permanent redirect for ever.
      return reply.header('cache-control', 'public, max-age=86400').redirect(`${area.baseUrl}/${key}`, 302);
    });
    return;
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    handler: async (request, reply) => {
      const key = keyOf(request);
      if (!key) return notFound(reply);
      const ifNoneMatch = request.headers['if-none-match'];
      const object = await area.read(key, { headersOnly: request.method === 'HEAD', ifNoneMatch });
      if (!object.found) return notFound(reply);
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      if (object.etag) reply.header('etag', object.etag);
      if (object.notModified) return reply.code(304).send();
      reply.type(object.contentType).header('x-content-type-options', 'nosniff');
      if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
      if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
      return reply.send(request.method === 'HEAD' ? undefined : object.body);
    },
  });
}

/** The page's policy, with the public pictures' origin allowed for images when they are served from there. */
export function allowPublicImages(policy: string, area: PublicArea): string {
  if (area.kind !== 'redirect') return policy;
  const origin = new URL(area.baseUrl).origin;
  const allowed = policy.replace("img-src 'self'", `img-src 'self' ${origin}`);
  if (allowed === policy) throw new Error('The Content-Security-Policy has no img-src to add an origin to');
  return allowed;
}
