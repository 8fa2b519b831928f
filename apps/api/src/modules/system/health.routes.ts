import { healthResponseSchema } from '@puja/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { publicAccess } from '../../plugins/auth.ts';

/** `GET /healthz`: 200 only when the database answers, so a load balancer stops sending to a broken instance. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: publicAccess, schema: { tags: ['system'], response: { 200: healthResponseSchema } } },
    async () => {
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch {
        throw new AppError('unavailable', 'The database does not answer.');
      }
      return { status: 'ok' as const };
    },
  );
};
