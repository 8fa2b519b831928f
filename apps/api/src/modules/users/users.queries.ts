import { USERS_PAGE_SIZE } from '@puja/contract';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor, RowLock, Transaction } from '../../db/client.ts';
import { auditEntries, messages, monasteries, orderImages, orders, users } from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';

export type UserRow = typeof users.$inferSelect;

export interface UsersFilter {
  q?: string | undefined;
  role?: 'admin' | 'monastery' | 'user' | undefined;
}

/** Active accounts matching the filter: every word of `q` somewhere in the name, e-mail or phone. */
function whereActive(filter: UsersFilter): SQL | undefined {
  const words = (filter.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const text = sql`lower(concat_ws(' ', ${users.name}, ${users.email}, ${users.phone}))`;
  return and(
    isNull(users.archivedAt),
    filter.role ? eq(users.role, filter.role) : undefined,
    // strpos rather than LIKE: the words are matched as they are, with no wildcard to escape.
    ...words.map((word) => sql`strpos(${text}, ${word}) > 0`),
  );
}

/** One page of active accounts, oldest first, and how many match in all. */
export async function listActiveUsers(db: Executor, filter: UsersFilter, page: number) {
  const where = whereActive(filter);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.$count(users, where),
  ]);
  return { rows, total };
}

/** An account that is not archived; inside a write's transaction, `lock` holds its row until commit. */
export async function findActiveUser(db: Executor, id: number, lock?: RowLock): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.archivedAt)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Whether another account (any but `exceptId`) has this e-mail, case ignored. */
export async function isEmailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const other = exceptId ? ne(users.id, exceptId) : undefined;
  return (await db.$count(users, and(sql`lower(${users.email}) = lower(${email})`, other))) > 0;
}

/** Whether another account (any but `exceptId`) has this phone number (E.164). */
export async function isPhoneTaken(db: Executor, phone: string, exceptId?: number): Promise<boolean> {
  const other = exceptId ? ne(users.id, exceptId) : undefined;
  return (await db.$count(users, and(eq(users.phone, phone), other))) > 0;
}

/** The monastery's id when it exists and is not archived: staff can only belong to an open one. */
export async function findActiveMonasteryId(db: Executor, id: number): Promise<number | undefined> {
  const [monastery] = await db
    .select({ id: monasteries.id })
    .from(monasteries)
    .where(and(eq(monasteries.id, id), isNull(monasteries.archivedAt)));
  return monastery?.id;
}

export type UserValues = Pick<
  typeof users.$inferInsert,
  'name' | 'email' | 'phone' | 'role' | 'monasteryId' | 'passwordHash'
>;

export async function insertUser(tx: Transaction, values: UserValues): Promise<UserRow> {
  const [created] = await tx.insert(users).values(values).returning();
  return created!;
}

export async function updateUser(tx: Transaction, id: number, values: UserValues): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set({ ...values, version: nextVersion(users.version) })
    .where(eq(users.id, id))
    .returning();
  return updated!;
}

/**
 * How many rows name the person as their author: orders, messages, photos, and the audit entries they made
 * (who did what must stay answerable).
 */
export async function countHistoryOfUser(tx: Transaction, id: number): Promise<number> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const historyQueries = [
    () => tx.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    () => tx.select({ n: count() }).from(messages).where(eq(messages.senderId, id)),
    () => tx.select({ n: count() }).from(orderImages).where(eq(orderImages.uploadedBy, id)),
    () => tx.select({ n: count() }).from(auditEntries).where(eq(auditEntries.actorId, id)),
  ];
  let history = 0;
  for (const query of historyQueries) history += (await query())[0]?.n ?? 0;
  return history;
}

export async function archiveUser(tx: Transaction, id: number, archivedAt: Date): Promise<void> {
  await tx.update(users).set({ archivedAt }).where(eq(users.id, id));
}

export async function deleteUser(tx: Transaction, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

/**
 * Makes the account with this phone an administrator (unarchived, no monastery; named when a name is
 * given), or creates one: how a deployment gets its first administrator (`npm run create-admin`).
 */
export async function makeAdministrator(
  db: Executor,
  phone: string,
  name: string | undefined,
): Promise<{ id: number; created: boolean }> {
  const [existing] = await db
    .update(users)
    .set({ role: 'admin', monasteryId: null, archivedAt: null, ...(name ? { name } : {}) })
    .where(eq(users.phone, phone))
    .returning({ id: users.id });
  if (existing) return { id: existing.id, created: false };
  const [created] = await db
    .insert(users)
    .values({ phone, role: 'admin', name: name ?? '' })
    .returning({ id: users.id });
  return { id: created!.id, created: true };
}
