import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findActiveUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.archivedAt)))
    .limit(1);
  return row;
}

/** A first sign-in creates a patron; two simultaneous first sign-ins of one number create one. */
export async function findOrCreatePatronByPhone(db: Database, phone: string): Promise<UserRow> {
  await db.insert(users).values({ phone, role: 'user' }).onConflictDoNothing();
  return (await findUserByPhone(db, phone))!;
}

export async function insertSession(
  db: Database,
  values: { userId: number; expiresAt: Date; userAgent: string | undefined },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      expiresAt: values.expiresAt,
      userAgent: values.userAgent?.slice(0, 300),
    })
    .returning({ id: sessions.id });
  return row!.id;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Executor, userId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

export async function updateUserDetails(
  db: Database,
  userId: number,
  details: { name: string; email: string },
) {
  const [row] = await db.update(users).set(details).where(eq(users.id, userId)).returning();
  return row!;
}
