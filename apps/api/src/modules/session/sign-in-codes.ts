import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { TOO_MANY_REQUESTS_MESSAGE } from '@puja/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * One-time sign-in codes (DESIGN.md): 6 digits from a CSPRNG, stored only as an HMAC, valid for a few
 * minutes, single use, a few wrong tries and then dead. Throttles are counted in the database so they hold
 * across several API instances.
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

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Stores a new code for the phone if no throttle forbids it, superseding any earlier unused code.
 * Serialised per phone number so two simultaneous requests cannot both pass the checks.
 */
export async function issueCode(
  db: Database,
  key: Uint8Array,
  policy: CodePolicy,
  request: { phone: string; ip: string },
): Promise<{ id: number; code: string }> {
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
    const tooSoon = count.last_seconds_ago !== null && Number(count.last_seconds_ago) < policy.resendSeconds;
    if (
      tooSoon ||
      count.phone_hour >= policy.maxPerPhonePerHour ||
      count.ip_hour >= policy.maxPerIpPerHour ||
      count.day >= policy.maxPerDay
    ) {
      throw new AppError('rateLimited', TOO_MANY_REQUESTS_MESSAGE);
    }
    await tx
      .update(signInCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(signInCodes.phone, request.phone), isNull(signInCodes.consumedAt)));
    const code = generateCode();
    const [row] = await tx
      .insert(signInCodes)
      .values({
        phone: request.phone,
        codeHash: hashCode(key, request.phone, code),
        requestedFromIp: request.ip,
        // Database time for both ends, so the life of a code does not depend on clocks agreeing.
        expiresAt: sql`now() + make_interval(secs => ${policy.ttlSeconds})`,
      })
      .returning({ id: signInCodes.id });
    return { id: row!.id, code };
  });
}

/** A code whose SMS could not be sent is withdrawn, so the person may ask again at once. */
export async function withdrawCode(db: Database, id: number): Promise<void> {
  await db.delete(signInCodes).where(eq(signInCodes.id, id));
}

/**
 * Checks a code and, when right, consumes it in the same locked transaction: a code works once. A wrong
 * code counts a try; at the limit the code is dead. Only the latest code of a number counts.
 */
export async function consumeCode(
  db: Database,
  key: Uint8Array,
  policy: CodePolicy,
  attempt: { phone: string; code: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(signInCodes)
      .where(
        and(
          eq(signInCodes.phone, attempt.phone),
          isNull(signInCodes.consumedAt),
          gt(signInCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(signInCodes.createdAt))
      .limit(1)
      .for('update');
    if (!latest || latest.failedAttempts >= policy.maxAttempts) return false;
    if (sameHash(latest.codeHash, hashCode(key, attempt.phone, attempt.code))) {
      await tx.update(signInCodes).set({ consumedAt: new Date() }).where(eq(signInCodes.id, latest.id));
      return true;
    }
    await tx
      .update(signInCodes)
      .set({ failedAttempts: sql`${signInCodes.failedAttempts} + 1` })
      .where(eq(signInCodes.id, latest.id));
    return false;
  });
}
