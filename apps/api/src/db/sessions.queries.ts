import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { monasteries, sessions, users } from './schema/index.ts';

/**
 * The session look-up of every request, for the auth plugin. It lives beside the schema rather than in
 * modules/session so that the plugin, which every module depends on, depends on no module itself.
 */

/**
 * The session a token names, when it is not revoked or expired and its user is not deleted: the user, when
 * the session was last seen, and whether the user's monastery (staff only) was removed.
 */
export async function findLiveSession(db: Executor, claims: { sessionId: string; userId: number }) {
  const [row] = await db
    .select({
      user: users,
      lastSeenAt: sessions.lastSeenAt,
      monasteryArchivedAt: monasteries.archivedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(monasteries, eq(monasteries.id, users.monasteryId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.archivedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function touchSessionLastSeen(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}
