import { TEAM_MAX } from '@puja/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { monasteries, users } from '../../db/schema/index.ts';

const memberColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  isLead: users.isLead,
  monasteryId: users.monasteryId,
  role: users.role,
  createdAt: users.createdAt,
};

/** A monastery's active staff, oldest first. */
export async function listTeam(db: Executor, monasteryId: number) {
  return db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.role, 'monastery'), eq(users.monasteryId, monasteryId), isNull(users.archivedAt)))
    .orderBy(asc(users.id))
    .limit(TEAM_MAX);
}

/** An active account, locked for a change when asked. */
export async function findMember(db: Executor, id: number, lock = false) {
  const query = db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.archivedAt)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function isPhoneInUse(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return Boolean(row);
}

export async function insertStaff(
  db: Executor,
  values: { name: string; phone: string; monasteryId: number; language: 'en' | 'ne' | 'zh-Hant' | null },
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'monastery' })
    .returning({ id: users.id });
  return row!;
}

export async function archiveStaff(db: Executor, id: number, archivedAt: Date) {
  await db.update(users).set({ archivedAt, isLead: false }).where(eq(users.id, id));
}

export async function setLead(db: Executor, id: number, isLead: boolean) {
  await db.update(users).set({ isLead }).where(eq(users.id, id));
}

export async function findMonasteryName(db: Executor, id: number) {
  const [row] = await db.select({ name: monasteries.name }).from(monasteries).where(eq(monasteries.id, id));
  return row?.name;
}
