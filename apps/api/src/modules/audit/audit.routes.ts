import { getAuditLogEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import type { AuditLogService } from './audit.service.ts';

/** The administrators' audit log (ours: issue #6; docs/api.md "Administrator's dashboard and audit log"). */
export const auditRoutes: FastifyPluginAsync<{ auditLog: AuditLogService }> = async (app, { auditLog }) => {
  route(app, getAuditLogEndpoint, (request) => auditLog.readPage(request.query), { config: { heavy: true } });
};
