import { auditLogQuerySchema, auditLogResponseSchema, errorResponseSchema } from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth.ts';
import type { AuditLogService } from './audit.service.ts';

/** The administrators' audit log (ours: issue #6). */
export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLogService }> = async (
  app,
  { auditLog },
) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Administrator and staff writes, newest first (pass nextBefore as before for more)',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, 422: errorResponseSchema },
      },
    },
    (request) => auditLog.readPage(request.query),
  );
};
