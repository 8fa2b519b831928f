import {
  addPushSubscriptionEndpoint,
  getStaffNoticeSettingsEndpoint,
  removePushSubscriptionEndpoint,
  updateStaffNoticeSettingsEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { StaffNotices } from './staff-notices.service.ts';

/** How a staff member is told of orders, and their devices for notifications (docs/decisions/041). */
export const staffNoticesRoutes: FastifyPluginAsync<{ staffNotices: StaffNotices }> = async (
  app,
  { staffNotices },
) => {
  route(app, getStaffNoticeSettingsEndpoint, (request) => staffNotices.settings(viewerOf(request).id));
  route(app, updateStaffNoticeSettingsEndpoint, (request) =>
    staffNotices.updateSettings(viewerOf(request).id, request.body),
  );
  route(app, addPushSubscriptionEndpoint, (request) =>
    staffNotices.addDevice(viewerOf(request).id, request.body),
  );
  route(app, removePushSubscriptionEndpoint, (request) =>
    staffNotices.removeDevice(viewerOf(request).id, request.query.endpoint),
  );
};
