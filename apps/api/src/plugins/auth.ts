import { ERROR_MESSAGES, type SessionUser } from '@puja/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '../db/schema/index.ts';
import { findLiveSession, touchSessionLastSeen } from '../db/sessions.queries.ts';
import type { Access } from '../lib/access.ts';
import { AppError } from '../lib/app-error.ts';
import { readSessionToken } from '../lib/session-tokens.ts';

// Who may call each route: declared in lib/ so code below the modules (the payment simulator's routes)
// can declare it too; re-exported here, beside the plugin that enforces it.
export { type Access, publicAccess, requireRole, signedIn } from '../lib/access.ts';

export interface Viewer extends SessionUser {
  sessionId: string;
  /** A monastery staff member whose monastery was archived: refused everywhere but public pages. */
  staffOfRemovedMonastery?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in person, once the route's access check has run (undefined on public routes without a token). */
    viewer: Viewer | undefined;
  }
}

/** The signed-in person of a route that requires one. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('unauthenticated', ERROR_MESSAGES.unauthenticated);
  return request.viewer;
}

const EXEMPT = /^\/api\/(docs|openapi\.json)/;
const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;

export const authPlugin = fp<{ jwtSecret: Uint8Array }>(
  async (app: FastifyInstance, { jwtSecret }) => {
    app.decorateRequest('viewer', undefined);

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/') || EXEMPT.test(route.url)) return;
      if (!route.config?.access) {
        throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
      }
    });

    /** The session behind a bearer token: well signed, not revoked or expired, of a user not deleted. */
    async function findViewer(request: FastifyRequest): Promise<Viewer | undefined> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return undefined;
      const claims = await readSessionToken(jwtSecret, header.slice(7).trim());
      if (!claims) return undefined;
      const row = await findLiveSession(app.db, claims);
      if (!row) return undefined;
      if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
        // Good enough to show "last active"; never worth slowing the request for.
        void touchSessionLastSeen(app.db, claims.sessionId).catch(() => undefined);
      }
      return {
        ...toSessionUser(row.user),
        sessionId: claims.sessionId,
        staffOfRemovedMonastery: row.user.role === 'monastery' && row.monasteryArchivedAt !== null,
      };
    }

    async function admit(request: FastifyRequest): Promise<void> {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      if (access === 'public') {
        // A stale token on a public page is simply ignored.
        request.viewer = await findViewer(request).catch(() => undefined);
        return;
      }
      const viewer = await findViewer(request);
      if (!viewer) throw new AppError('unauthenticated', ERROR_MESSAGES.unauthenticated);
      // Staff of a monastery that was removed keep their account (it has history) but not its orders
      // or its patrons' details.
      if (viewer.staffOfRemovedMonastery) {
        throw new AppError(
          'forbidden',
          'Your monastery has been removed from the platform. Please contact an administrator.',
        );
      }
      if (access !== 'signedIn' && !access.roles.includes(viewer.role)) {
        throw new AppError('forbidden', ERROR_MESSAGES.forbidden);
      }
      request.viewer = viewer;
    }

    // A callback hook whose common cases answer at once: a route outside the access rules, and a public
    // route asked without a token (every visitor's catalogue read). Only a token needs the async look-up,
    // and a promise per request costs throughput on small answers (`npm run bench`).
    app.addHook('onRequest', (request, _reply, done) => {
      const access = request.routeOptions.config?.access;
      if (!access || (access === 'public' && request.headers.authorization === undefined)) return done();
      admit(request).then(() => done(), done);
    });
  },
  { name: 'auth' },
);

export function toSessionUser(user: typeof users.$inferSelect): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    monastery_id: user.monasteryId,
    language: user.language,
    currency: user.currency,
    email_notices: user.emailNotices,
    reminder_channel: user.reminderChannel,
    time_zone: user.timeZone,
    version: user.version,
    is_lead: user.isLead,
  };
}
