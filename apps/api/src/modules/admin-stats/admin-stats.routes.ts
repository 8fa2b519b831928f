import { adminStatsResponseSchema } from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth.ts';
import type { AdminStatsService } from './admin-stats.service.ts';

/** The administrator's dashboard figures (ours: issue #6). */
export const adminStatsRoutes: FastifyPluginAsyncZod<{ stats: AdminStatsService }> = async (
  app,
  { stats },
) => {
  app.get(
    '/api/admin/stats',
    {
      config: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Totals, orders by status, paid revenue by month and provider, top items, new patrons',
        response: { 200: adminStatsResponseSchema },
      },
    },
    () => stats.read(),
  );
};
