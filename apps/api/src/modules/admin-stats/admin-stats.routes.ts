import { getAdminStatsEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import type { AdminStatsService } from './admin-stats.service.ts';

/** The administrator's dashboard figures (ours: issue #6; docs/api.md "Administrator's dashboard and audit log"). */
export const adminStatsRoutes: FastifyPluginAsync<{ stats: AdminStatsService }> = async (app, { stats }) => {
  route(app, getAdminStatsEndpoint, () => stats.read(), { config: { heavy: true } });
};
