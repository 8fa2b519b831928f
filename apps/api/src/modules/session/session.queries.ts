import type { Language } from '@puja/contract';
import { and, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { sessions, signInCodes, users } from '../../db/schema/index.ts';
import { nextVersion } from '../../lib/record-version.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
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

/**
 * Ends every live session of a person, at `at` (default now), but `keepSessionId` when given (the
 * administrator's own, when they change their own password). Answers how many ended.
 */
export async function revokeSessionsOfUser(
  db: Executor,
  userId: number,
  options: { at?: Date; keepSessionId?: string | undefined } = {},
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: options.at ?? new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.keepSessionId ? ne(sessions.id, options.keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export async function updateUserDetails(
  db: Executor,
  userId: number,
  details: { name: string; email: string | null },
) {
  // The fields an administrator's user form edits too: a change of them is a new version (docs/decisions/040).
  const [row] = await db
    .update(users)
    .set({ ...details, version: nextVersion(users.version) })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function setUserLanguage(db: Executor, userId: number, language: Language): Promise<UserRow> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning();
  return row!;
}

export async function setUserEmailNotices(
  db: Executor,
  userId: number,
  emailNotices: boolean,
): Promise<UserRow> {
  const [row] = await db.update(users).set({ emailNotices }).where(eq(users.id, userId)).returning();
  return row!;
}

/** The person's own choices that nobody else sees (the currency beside prices, their reminders and zone). */
export async function setUserPreferences(
  db: Executor,
  userId: number,
  preferences: Partial<Pick<UserRow, 'currency' | 'reminderChannel' | 'timeZone'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(preferences).where(eq(users.id, userId)).returning();
  return row!;
}

export async function setPasswordHash(tx: Transaction, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

// ---- Sign-in codes (sign-in-codes.ts holds their rules) ----

/** Serialises the sign-in code requests of one number until the transaction ends. */
export async function lockSignInCodesOfPhone(tx: Transaction, phone: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in:${phone}`}))`);
}

/**
 * What the throttles count (docs/decisions/027): the codes this address asked for this number (its last,
 * and in the hour), for any number, for the number's country today, and for everyone today.
 */
export async function countRecentSignInCodes(
  tx: Transaction,
  request: { phone: string; ip: string; country: string },
) {
  const counts = await tx.execute<{
    last_seconds_ago: number | null;
    phone_hour: number;
    ip_hour: number;
    country_day: number;
    day: number;
  }>(sql`
    SELECT
      (SELECT extract(epoch FROM now() - max(created_at)) FROM sign_in_codes WHERE phone = ${request.phone} AND requested_from_ip = ${request.ip}) AS last_seconds_ago,
      (SELECT count(*)::int FROM sign_in_codes WHERE phone = ${request.phone} AND requested_from_ip = ${request.ip} AND created_at > now() - interval '1 hour') AS phone_hour,
      (SELECT count(*)::int FROM sign_in_codes WHERE requested_from_ip = ${request.ip} AND created_at > now() - interval '1 hour') AS ip_hour,
      (SELECT count(*)::int FROM sign_in_codes WHERE country = ${request.country} AND created_at > now() - interval '1 day') AS country_day,
      (SELECT count(*)::int FROM sign_in_codes WHERE created_at > now() - interval '1 day') AS day`);
  const count = counts.rows[0]!;
  return {
    lastSecondsAgo: count.last_seconds_ago === null ? null : Number(count.last_seconds_ago),
    phoneHour: count.phone_hour,
    ipHour: count.ip_hour,
    countryDay: count.country_day,
    day: count.day,
  };
}

/**
 * The codes a throttle counts: those one address asked for one number, those asked for from an address,
 * those of a country, or everyone's.
 */
export type SignInCodeScope =
  | { phone: string; ip: string }
  | { ip: string }
  | { country: string }
  | 'everyone';

function scopeCondition(scope: SignInCodeScope): SQL {
  if (scope === 'everyone') return sql`true`;
  if ('country' in scope) return sql`country = ${scope.country}`;
  return 'phone' in scope
    ? sql`phone = ${scope.phone} AND requested_from_ip = ${scope.ip}`
    : sql`requested_from_ip = ${scope.ip}`;
}

/**
 * How long until fewer than `limit` of the scope's codes lie within the window: they leave it oldest
 * first, so once the (count - limit + 1)th oldest has left, one more is allowed.
 */
export async function secondsUntilFewerSignInCodes(
  tx: Transaction,
  scope: SignInCodeScope,
  window: '1 hour' | '1 day',
  count: number,
  limit: number,
): Promise<number> {
  const span = sql.raw(`interval '${window}'`);
  const result = await tx.execute<{ seconds: number }>(sql`
    SELECT extract(epoch FROM created_at + ${span} - now()) AS seconds FROM sign_in_codes
    WHERE ${scopeCondition(scope)} AND created_at > now() - ${span}
    ORDER BY created_at OFFSET ${count - limit} LIMIT 1`);
  return Number(result.rows[0]?.seconds ?? 0);
}

export async function insertSignInCode(
  tx: Transaction,
  values: {
    phone: string;
    codeHash: string;
    challengeHash: string;
    ip: string;
    country: string;
    ttlSeconds: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(signInCodes)
    .values({
      phone: values.phone,
      codeHash: values.codeHash,
      challengeHash: values.challengeHash,
      requestedFromIp: values.ip,
      country: values.country,
      // Database time for both ends, so the life of a code does not depend on clocks agreeing.
      expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
    })
    .returning({ id: signInCodes.id });
  return row!.id;
}

export async function deleteSignInCode(db: Executor, id: number): Promise<void> {
  await db.delete(signInCodes).where(eq(signInCodes.id, id));
}

/** The number's unused, unexpired code of this challenge, locked until the transaction ends. */
export async function lockPendingSignInCode(
  tx: Transaction,
  attempt: { phone: string; challengeHash: string },
) {
  const [pending] = await tx
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.phone, attempt.phone),
        eq(signInCodes.challengeHash, attempt.challengeHash),
        isNull(signInCodes.consumedAt),
        gt(signInCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .for('update');
  return pending;
}

export async function markSignInCodeConsumed(tx: Transaction, id: number): Promise<void> {
  await tx.update(signInCodes).set({ consumedAt: new Date() }).where(eq(signInCodes.id, id));
}

export async function countFailedSignInAttempt(tx: Transaction, id: number): Promise<void> {
  await tx
    .update(signInCodes)
    .set({ failedAttempts: sql`${signInCodes.failedAttempts} + 1` })
    .where(eq(signInCodes.id, id));
}
