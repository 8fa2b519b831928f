import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { signInCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * One-time sign-in codes (DESIGN.md): 6 digits from a CSPRNG, stored only as an HMAC, valid for a few
 * minutes, single use, a few wrong tries and then dead. Each code belongs to the challenge handed to the
 * browser that asked for it, and only a log-in bringing that challenge back may try it: knowing someone's
 * number is not enough to guess at their code or use up its tries. Throttles are counted in the database so
 * they hold across several API instances.
 */
export interface CodePolicy {
  ttlSeconds: number;
  maxAttempts: number;
  resendSeconds: number;
  maxPerPhonePerHour: number;
  maxPerIpPerHour: number;
  maxPerDay: number;
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function hashCode(key: Uint8Array, phone: string, code: string): string {
  // The phone is part of the message so a hash copied between numbers is worthless.
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('base64url');
}

/** 32 random bytes: far too many to guess, so a plain hash stores it safely (unlike a 6-digit code). */
export function generateChallenge(): string {
  return randomBytes(32).toString('base64url');
}

export function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function describeWait(seconds: number): string {
  // Seconds while a count-down is worth reading (the resend wait is usually a minute), then minutes.
  if (seconds <= 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** A throttle said no; `retryAfterSeconds` is when the same request would pass (sent as Retry-After). */
export class SignInThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rateLimited', `Too many requests. Try again in ${describeWait(retryAfterSeconds)}.`);
  }
}

/**
 * How long until fewer than `limit` of the rows `which` picks lie within the window: they leave it oldest
 * first, so once the (count - limit + 1)th oldest has left, one more is allowed.
 */
async function secondsUntilBelow(
  tx: Transaction,
  which: SQL,
  window: '1 hour' | '1 day',
  count: number,
  limit: number,
): Promise<number> {
  const span = sql.raw(`interval '${window}'`);
  const result = await tx.execute<{ seconds: number }>(sql`
    SELECT extract(epoch FROM created_at + ${span} - now()) AS seconds FROM sign_in_codes
    WHERE ${which} AND created_at > now() - ${span}
    ORDER BY created_at OFFSET ${count - limit} LIMIT 1`);
  return Number(result.rows[0]?.seconds ?? 0);
}

/**
 * Stores a new code for the phone, with a new challenge, if no throttle forbids it. Codes asked for earlier
 * stay valid, each with its own challenge: asking for a code must not take away someone else's.
 * Serialised per phone number so two simultaneous requests cannot both pass the checks.
 */
export async function issueCode(
  db: Database,
  key: Uint8Array,
  policy: CodePolicy,
  request: { phone: string; ip: string },
): Promise<{ id: number; code: string; challenge: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in:${request.phone}`}))`);
    const counts = await tx.execute<{
      last_seconds_ago: number | null;
      phone_hour: number;
      ip_hour: number;
      day: number;
    }>(sql`
      SELECT
        (SELECT extract(epoch FROM now() - max(created_at)) FROM sign_in_codes WHERE phone = ${request.phone}) AS last_seconds_ago,
        (SELECT count(*)::int FROM sign_in_codes WHERE phone = ${request.phone} AND created_at > now() - interval '1 hour') AS phone_hour,
        (SELECT count(*)::int FROM sign_in_codes WHERE requested_from_ip = ${request.ip} AND created_at > now() - interval '1 hour') AS ip_hour,
        (SELECT count(*)::int FROM sign_in_codes WHERE created_at > now() - interval '1 day') AS day`);
    const count = counts.rows[0]!;
    const waits: number[] = [];
    if (count.last_seconds_ago !== null && Number(count.last_seconds_ago) < policy.resendSeconds)
      waits.push(policy.resendSeconds - Number(count.last_seconds_ago));
    if (count.phone_hour >= policy.maxPerPhonePerHour)
      waits.push(
        await secondsUntilBelow(
          tx,
          sql`phone = ${request.phone}`,
          '1 hour',
          count.phone_hour,
          policy.maxPerPhonePerHour,
        ),
      );
    if (count.ip_hour >= policy.maxPerIpPerHour)
      waits.push(
        await secondsUntilBelow(
          tx,
          sql`requested_from_ip = ${request.ip}`,
          '1 hour',
          count.ip_hour,
          policy.maxPerIpPerHour,
        ),
      );
    if (count.day >= policy.maxPerDay)
      waits.push(await secondsUntilBelow(tx, sql`true`, '1 day', count.day, policy.maxPerDay));
    if (waits.length > 0) throw new SignInThrottledError(Math.max(1, Math.ceil(Math.max(...waits))));

    const code = generateCode();
    const challenge = generateChallenge();
    const [row] = await tx
      .insert(signInCodes)
      .values({
        phone: request.phone,
        codeHash: hashCode(key, request.phone, code),
        challengeHash: hashChallenge(challenge),
        requestedFromIp: request.ip,
        // Database time for both ends, so the life of a code does not depend on clocks agreeing.
        expiresAt: sql`now() + make_interval(secs => ${policy.ttlSeconds})`,
      })
      .returning({ id: signInCodes.id });
    return { id: row!.id, code, challenge };
  });
}

/** A code whose SMS could not be sent is withdrawn, so the person may ask again at once. */
export async function withdrawCode(db: Database, id: number): Promise<void> {
  await db.delete(signInCodes).where(eq(signInCodes.id, id));
}

/**
 * Checks a code and, when right, consumes it in the same locked transaction: a code works once. Only the
 * code of the given challenge is looked at, so a wrong code counts a try against that code alone (at the
 * limit it is dead), and a log-in without the right challenge finds nothing and changes nothing.
 */
export async function consumeCode(
  db: Database,
  key: Uint8Array,
  policy: CodePolicy,
  attempt: { phone: string; challenge: string; code: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(signInCodes)
      .where(
        and(
          eq(signInCodes.phone, attempt.phone),
          eq(signInCodes.challengeHash, hashChallenge(attempt.challenge)),
          isNull(signInCodes.consumedAt),
          gt(signInCodes.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .for('update');
    if (!pending || pending.failedAttempts >= policy.maxAttempts) return false;
    if (sameHash(pending.codeHash, hashCode(key, attempt.phone, attempt.code))) {
      await tx.update(signInCodes).set({ consumedAt: new Date() }).where(eq(signInCodes.id, pending.id));
      return true;
    }
    await tx
      .update(signInCodes)
      .set({ failedAttempts: sql`${signInCodes.failedAttempts} + 1` })
      .where(eq(signInCodes.id, pending.id));
    return false;
  });
}
