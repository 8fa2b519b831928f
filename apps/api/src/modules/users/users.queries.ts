import { USERS_PAGE_SIZE } from '@puja/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

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
