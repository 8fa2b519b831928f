import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type SendOtpResponse, SMS_SENT_MESSAGE } from '@puja/contract';
import { parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Config } from '../../config/env.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { AppError, ThrottledError } from '../../lib/app-error.ts';
import {
  countFailedSignInAttempt,
  countRecentSignInCodes,
  deleteSignInCode,
  findUserByPhone,
  insertSignInCode,
  lockPendingSignInCode,
  lockSignInCodesOfPhone,
  markSignInCodeConsumed,
  secondsUntilFewerSignInCodes,
} from './session.queries.ts';

/**
 * One-time sign-in codes (docs/decisions/005): 6 digits from a CSPRNG, stored only as an HMAC, valid for a few
 * minutes, single use, a few wrong tries and then dead. Each code belongs to the challenge handed to the
 * browser that asked for it, and only a log-in bringing that challenge back may try it: knowing someone's
 * number is not enough to guess at their code or use up its tries. Throttles are counted in the database so
 * they hold across several API instances. None of them counts what strangers asked for a number against
 * its owner (docs/decisions/027): the wait and the hourly cap of a number are counted per asking address.
 */
export interface CodePolicy {
  ttlSeconds: number;
  maxAttempts: number;
  /** Before one address may ask for another code to the same number. */
  resendSeconds: number;
  /** Codes one address may ask for one number in an hour. */
  maxPerPhonePerHour: number;
  maxPerIpPerHour: number;
  /** The countries (ISO 3166) whose numbers are texted codes at all, and how many a day each. */
  countries: ReadonlySet<string>;
  maxPerCountryPerDay: number;
  maxPerDay: number;
}

/** The policy the `OTP_*` settings describe. */
export function codePolicyOf(config: Config): CodePolicy {
  return {
    ttlSeconds: config.OTP_TTL_SECONDS,
    maxAttempts: config.OTP_MAX_ATTEMPTS,
    resendSeconds: config.OTP_RESEND_SECONDS,
    maxPerPhonePerHour: config.OTP_MAX_PER_PHONE_PER_HOUR,
    maxPerIpPerHour: config.OTP_MAX_PER_IP_PER_HOUR,
    countries: new Set(config.SMS_COUNTRIES),
    maxPerCountryPerDay: config.OTP_MAX_PER_COUNTRY_PER_DAY,
    maxPerDay: config.OTP_MAX_PER_DAY,
  };
}

/** The codes' HMAC key, derived from the token key, so one secret protects both and neither is reused raw. */
export function signInCodeKey(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('sign-in-codes').digest();
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

/**
 * What a code is for. A sign-in code (no purpose) is stored under the hash of its challenge alone; any
 * other code (moving account 42 to a new number: `change-phone:42`) under the hash of its purpose and
 * challenge together. So a code texted for one purpose is found only by a request for that purpose: the
 * person who asked for a new number cannot sign in with its code, nor anyone else use it, and a sign-in
 * code cannot move an account. The throttles still count every code sent to a number, whatever it is for.
 */
function challengeHashFor(challenge: string, purpose: string | undefined): string {
  return hashChallenge(purpose === undefined ? challenge : `${purpose}:${challenge}`);
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

/** A sign-in throttle said no, saying when the same request would pass. */
export class SignInThrottledError extends ThrottledError {
  constructor(retryAfterSeconds: number) {
    super(`Too many requests. Try again in ${describeWait(retryAfterSeconds)}.`, retryAfterSeconds);
  }
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
  request: { phone: string; ip: string; country: string; purpose?: string | undefined },
): Promise<{ id: number; code: string; challenge: string }> {
  return db.transaction(async (tx) => {
    await lockSignInCodesOfPhone(tx, request.phone);
    const count = await countRecentSignInCodes(tx, request);
    const waits: number[] = [];
    if (count.lastSecondsAgo !== null && count.lastSecondsAgo < policy.resendSeconds)
      waits.push(policy.resendSeconds - count.lastSecondsAgo);
    if (count.phoneHour >= policy.maxPerPhonePerHour)
      waits.push(
        await secondsUntilFewerSignInCodes(
          tx,
          { phone: request.phone, ip: request.ip },
          '1 hour',
          count.phoneHour,
          policy.maxPerPhonePerHour,
        ),
      );
    if (count.ipHour >= policy.maxPerIpPerHour)
      waits.push(
        await secondsUntilFewerSignInCodes(
          tx,
          { ip: request.ip },
          '1 hour',
          count.ipHour,
          policy.maxPerIpPerHour,
        ),
      );
    // The daily budgets stop strangers pumping SMS to new numbers; spent, they would keep every patron,
    // staff member and administrator from signing in too. So a number that already has an account is
    // still texted (its own limits above still hold). This tells, only while a budget is spent, that
    // a refused number has no account: a small price beside a day with nobody signed in.
    const budgetsApply =
      (count.countryDay >= policy.maxPerCountryPerDay || count.day >= policy.maxPerDay) &&
      !(await findUserByPhone(tx, request.phone));
    if (budgetsApply && count.countryDay >= policy.maxPerCountryPerDay)
      waits.push(
        await secondsUntilFewerSignInCodes(
          tx,
          { country: request.country },
          '1 day',
          count.countryDay,
          policy.maxPerCountryPerDay,
        ),
      );
    if (budgetsApply && count.day >= policy.maxPerDay)
      waits.push(await secondsUntilFewerSignInCodes(tx, 'everyone', '1 day', count.day, policy.maxPerDay));
    if (waits.length > 0) throw new SignInThrottledError(Math.max(1, Math.ceil(Math.max(...waits))));

    const code = generateCode();
    const challenge = generateChallenge();
    const id = await insertSignInCode(tx, {
      phone: request.phone,
      codeHash: hashCode(key, request.phone, code),
      challengeHash: challengeHashFor(challenge, request.purpose),
      ip: request.ip,
      country: request.country,
      ttlSeconds: policy.ttlSeconds,
    });
    return { id, code, challenge };
  });
}

/** A code whose SMS could not be sent is withdrawn, so the person may ask again at once. */
export async function withdrawCode(db: Database, id: number): Promise<void> {
  await deleteSignInCode(db, id);
}

/**
 * Issues a code (if no throttle forbids it) and texts it. A text that cannot be sent withdraws its code,
 * so the person may ask again at once and is told the truth (503) rather than left waiting for a code
 * that will not come. Answers what the browser needs for the next step: the challenge to bring back with
 * the code, the number exactly as texted, and how long before another code may be sent.
 */
export async function textNewCode(
  dependencies: {
    db: Database;
    key: Uint8Array;
    policy: CodePolicy;
    sms: SmsSender;
    log: { warn: (object: object, message: string) => void };
  },
  request: { phone: string; ip: string; purpose?: string | undefined },
  text: (code: string, minutes: number) => string,
): Promise<SendOtpResponse> {
  const { db, key, policy, sms, log } = dependencies;
  // Before a code exists: nothing to withdraw, no throttle spent, and the person learns why at once.
  const country = countryOf(request.phone);
  if (!country || !policy.countries.has(country)) {
    const message = country
      ? apiMessage('smsCountryNotServed', { country: countryName(country) })
      : apiMessage('smsCannotReachNumber', {});
    throw new AppError('invalidInput', message, { phone: [message] });
  }
  if (!sms.reaches(request.phone)) {
    const message = smsCannotReachMessage(request.phone);
    throw new AppError('invalidInput', message, { phone: [message] });
  }
  const issued = await issueCode(db, key, policy, { ...request, country });
  try {
    await sms.send({ to: request.phone, text: text(issued.code, Math.round(policy.ttlSeconds / 60)) });
  } catch (error) {
    await withdrawCode(db, issued.id);
    log.warn(
      { err: error, provider: sms.name, purpose: request.purpose ?? 'sign-in' },
      'code SMS not delivered',
    );
    throw new AppError('unavailable', 'We could not send the SMS. Please try again in a moment.');
  }
  return {
    message: SMS_SENT_MESSAGE,
    challenge: issued.challenge,
    phone: request.phone,
    resend_after_seconds: policy.resendSeconds,
  };
}

/** What a person whose number no configured SMS provider reaches is told (Sparrow alone: abroad). */
export function smsCannotReachMessage(phone: string): string {
  const country = countryOf(phone);
  return country
    ? apiMessage('smsCannotReachCountry', { country: countryName(country) })
    : apiMessage('smsCannotReachNumber', {});
}

/** The number's country (ISO 3166: `NP`), when its digits say. */
function countryOf(phone: string): string | undefined {
  try {
    return parsePhoneNumberWithError(phone).country;
  } catch {
    return undefined;
  }
}

const countryName = (region: string) =>
  new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? region;

/**
 * Checks a code and, when right, consumes it in the same locked transaction: a code works once. Only the
 * code of the given challenge is looked at, so a wrong code counts a try against that code alone (at the
 * limit it is dead), and a log-in without the right challenge finds nothing and changes nothing.
 */
export async function consumeCode(
  db: Database,
  key: Uint8Array,
  policy: CodePolicy,
  attempt: CodeAttempt,
): Promise<boolean> {
  return db.transaction((tx) => consumeCodeIn(tx, key, policy, attempt));
}

export interface CodeAttempt {
  phone: string;
  challenge: string;
  code: string;
  purpose?: string | undefined;
}

/**
 * `consumeCode` inside the caller's transaction, for a change the code must pay for only if it is made: a
 * refusal after a right code rolls the consumption back with the change. A wrong code must still count,
 * so the caller commits when this answers false.
 */
export async function consumeCodeIn(
  tx: Transaction,
  key: Uint8Array,
  policy: CodePolicy,
  attempt: CodeAttempt,
): Promise<boolean> {
  const pending = await lockPendingSignInCode(tx, {
    phone: attempt.phone,
    challengeHash: challengeHashFor(attempt.challenge, attempt.purpose),
  });
  if (!pending || pending.failedAttempts >= policy.maxAttempts) return false;
  if (sameHash(pending.codeHash, hashCode(key, attempt.phone, attempt.code))) {
    await markSignInCodeConsumed(tx, pending.id);
    return true;
  }
  await countFailedSignInAttempt(tx, pending.id);
  return false;
}
