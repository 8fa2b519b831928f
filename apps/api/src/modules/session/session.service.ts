import { hash, verify } from '@node-rs/argon2';
import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  type DisplayCurrency,
  EMAIL_TAKEN_MESSAGE,
  type Language,
  type LoginResponse,
  OTP_MISMATCH_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  type ReminderChannel,
  type SendOtpResponse,
  type SessionUser,
  STAFF_EMAIL_REQUIRED_MESSAGE,
  toE164,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@puja/contract';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { CaptchaVerifier } from '../../integrations/captcha/captcha-verifier.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { AppError } from '../../lib/app-error.ts';
import { noticeText } from '../../notices/notices.ts';
import { toSessionUser, type Viewer } from '../../plugins/auth.ts';
import { changedFields, recordAudit } from '../audit/audit.service.ts';
import { findActiveUser } from '../users/users.shared-queries.ts';
import {
  findOrCreatePatronByPhone,
  findUserByEmail,
  findUserByPhone,
  insertSession,
  revokeSession,
  revokeSessionsOfUser,
  setPasswordHash,
  setUserEmailNotices,
  setUserLanguage,
  setUserPreferences,
  type UserRow,
  updateUserDetails as updateUserDetailsQuery,
} from './session.queries.ts';
import { signSessionToken } from './session-tokens.ts';
import { codePolicyOf, consumeCode, signInCodeKey, textNewCode } from './sign-in-codes.ts';

export interface SessionServiceDependencies {
  db: Database;
  config: Config;
  jwtSecret: Uint8Array;
  sms: SmsSender;
  captcha: CaptchaVerifier;
  log: { warn: (object: object, message: string) => void };
}

const CLOSED_ACCOUNT_MESSAGE = 'This account is closed. Please contact us.';
const WRONG_PASSWORD_MESSAGE = 'Wrong e-mail or password.';
// Verified when no account matches, so a wrong e-mail takes as long as a wrong password.
const UNKNOWN_ACCOUNT_HASH = hash('no account has this password', { memoryCost: 19456, timeCost: 2 });

export function createSessionService(dependencies: SessionServiceDependencies) {
  const { db, config, jwtSecret, sms, captcha } = dependencies;
  const codeKey = signInCodeKey(jwtSecret);
  const policy = codePolicyOf(config);

  function e164Of(code: string, phone: string): string {
    const checked = toE164(code, phone);
    if (!checked.ok) throw new AppError('invalidInput', checked.message, { phone: [checked.message] });
    return checked.e164;
  }

  async function startSession(user: UserRow, userAgent: string | undefined): Promise<LoginResponse> {
    if (user.archivedAt) throw new AppError('forbidden', CLOSED_ACCOUNT_MESSAGE);
    const expiresAt = new Date(Date.now() + config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000);
    const sessionId = await insertSession(db, { userId: user.id, expiresAt, userAgent });
    const token = await signSessionToken(jwtSecret, { userId: user.id, sessionId }, expiresAt);
    return { token, user: toSessionUser(user) };
  }

  return {
    /**
     * Sends a sign-in code and answers the challenge the log-in must bring back with it, the number it
     * went to and how long before another may be sent. The answer is the same whether or not the number has
     * an account, so it tells nobody who uses the service.
     */
    async sendCode(request: {
      code: string;
      phone: string;
      captcha?: string | undefined;
      ip: string;
      /** The language the browser asks for; the number's account's own language comes first. */
      language?: Language | undefined;
    }): Promise<SendOtpResponse> {
      const phone = e164Of(request.code, request.phone);
      if (!(await captcha.verify(request.captcha, request.ip))) {
        throw new AppError('invalidInput', 'Please complete the bot check.', {
          captcha: ['Please complete the bot check.'],
        });
      }
      const language = (await findUserByPhone(db, phone))?.language ?? request.language;
      return textNewCode(
        { db, key: codeKey, policy, sms, log: dependencies.log },
        { phone, ip: request.ip },
        (code, minutes) => noticeText(language, 'sms', 'signInCode', { code, minutes: String(minutes) }),
      );
    },

    async signInWithCode(request: {
      code: string;
      phone: string;
      otp: string;
      challenge: string;
      userAgent: string | undefined;
    }) {
      const phone = e164Of(request.code, request.phone);
      const attempt = { phone, challenge: request.challenge, code: request.otp };
      if (!(await consumeCode(db, codeKey, policy, attempt))) {
        throw new AppError('unauthenticated', OTP_MISMATCH_MESSAGE);
      }
      return startSession(await findOrCreatePatronByPhone(db, phone), request.userAgent);
    },

    async signInWithPassword(request: { email: string; password: string; userAgent: string | undefined }) {
      const user = await findUserByEmail(db, request.email);
      const passwordHash = user?.passwordHash ?? (await UNKNOWN_ACCOUNT_HASH);
      const matches = await verify(passwordHash, request.password).catch(() => false);
      if (!user?.passwordHash || !matches) throw new AppError('unauthenticated', WRONG_PASSWORD_MESSAGE);
      return startSession(user, request.userAgent);
    },

    signOut: (sessionId: string) => revokeSession(db, sessionId),

    /** Signs a person out on every device (an administrator's action, audited with the revocation). */
    async revokeAllSessions(admin: Viewer, userId: number): Promise<{ revoked: number; user: SessionUser }> {
      return db.transaction(async (tx) => {
        const user = await findActiveUser(tx, userId);
        if (!user) throw new AppError('notFound', 'User not found.');
        const revoked = await revokeSessionsOfUser(tx, user.id);
        await recordAudit(tx, {
          actor: admin,
          action: 'revoke-sessions',
          subject: 'user',
          subjectId: user.id,
          before: null,
          after: { revoked_sessions: revoked },
        });
        return { revoked, user: toSessionUser(user) };
      });
    },

    /**
     * The signed-in person's own name and e-mail (anyone signed in). A staff member's or administrator's
     * change is audited, as their other writes are; a patron's, made when they first sign in, is not.
     */
    async updateDetails(
      viewer: Viewer,
      details: { name: string; email?: string | undefined },
    ): Promise<SessionUser> {
      // A patron may have no address (receipts then come by SMS only); staff sign in with theirs.
      if (!details.email && viewer.role !== 'user') {
        throw new AppError('invalidInput', STAFF_EMAIL_REQUIRED_MESSAGE, {
          email: [STAFF_EMAIL_REQUIRED_MESSAGE],
        });
      }
      const owner = details.email ? await findUserByEmail(db, details.email) : undefined;
      if (owner && owner.id !== viewer.id) {
        throw new AppError('invalidInput', EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] });
      }
      try {
        return await db.transaction(async (tx) => {
          const current = await findActiveUser(tx, viewer.id, 'no key update');
          if (!current) throw new AppError('unauthenticated', 'Unauthorized');
          const updated = await updateUserDetailsQuery(tx, viewer.id, {
            name: details.name.trim(),
            email: details.email ?? null,
          });
          if (viewer.role !== 'user') {
            await recordAudit(tx, {
              actor: viewer,
              action: 'update',
              subject: 'user',
              subjectId: viewer.id,
              ...changedFields(
                { name: current.name, email: current.email },
                { name: updated.name, email: updated.email },
              ),
            });
          }
          return toSessionUser(updated);
        });
      } catch (error) {
        // Two people claiming one address at the same moment: the unique index decides.
        if ((error as { code?: string }).code === '23505' || hasUniqueViolationCause(error)) {
          throw new AppError('invalidInput', EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] });
        }
        throw error;
      }
    },

    /**
     * The signed-in person's language, for the interface and the SMS and e-mail sent to them. Not audited:
     * it changes nothing anyone else sees.
     */
    async updateLanguage(viewer: Viewer, language: Language): Promise<SessionUser> {
      const current = await findActiveUser(db, viewer.id);
      if (!current) throw new AppError('unauthenticated', 'Unauthorized');
      return toSessionUser(await setUserLanguage(db, viewer.id, language));
    },

    /** The currency shown beside prices (docs/decisions/020). Not audited, as the language is not. */
    async updateCurrency(viewer: Viewer, currency: DisplayCurrency): Promise<SessionUser> {
      const current = await findActiveUser(db, viewer.id);
      if (!current) throw new AppError('unauthenticated', 'Unauthorized');
      return toSessionUser(await setUserPreferences(db, viewer.id, { currency }));
    },

    /**
     * Whether the signed-in person's order notices also go by e-mail (docs/decisions/019). Not audited, as
     * their language is not: it changes nothing anyone else sees.
     */
    /** How the person is reminded the day before a puja; the browser's zone comes with it when it knows one. */
    async updateReminders(
      viewer: Viewer,
      request: { reminder_channel: ReminderChannel; time_zone?: string | undefined },
    ): Promise<SessionUser> {
      const current = await findActiveUser(db, viewer.id);
      if (!current) throw new AppError('unauthenticated', 'Unauthorized');
      return toSessionUser(
        await setUserPreferences(db, viewer.id, {
          reminderChannel: request.reminder_channel,
          ...(request.time_zone ? { timeZone: request.time_zone } : {}),
        }),
      );
    },

    async updateEmailNotices(viewer: Viewer, emailNotices: boolean): Promise<SessionUser> {
      const current = await findActiveUser(db, viewer.id);
      if (!current) throw new AppError('unauthenticated', 'Unauthorized');
      return toSessionUser(await setUserEmailNotices(db, viewer.id, emailNotices));
    },

    /**
     * A staff member's or administrator's own new password. The current one is required when the account
     * has one (a wrong one is 422, never 401, which would end this session); an account without one (an
     * administrator made with create-admin) sets its first, and needs an e-mail to sign in with it. Every
     * other session of the account ends, this one stays; audited without the password.
     */
    async changePassword(
      viewer: Viewer,
      request: { current_password?: string | undefined; password: string },
    ): Promise<{ message: string }> {
      const account = await findActiveUser(db, viewer.id);
      if (!account) throw new AppError('unauthenticated', 'Unauthorized');
      if (account.passwordHash) {
        if (!request.current_password) {
          throw new AppError('invalidInput', CURRENT_PASSWORD_REQUIRED_MESSAGE, {
            current_password: [CURRENT_PASSWORD_REQUIRED_MESSAGE],
          });
        }
        const matches = await verify(account.passwordHash, request.current_password).catch(() => false);
        if (!matches) {
          throw new AppError('invalidInput', WRONG_CURRENT_PASSWORD_MESSAGE, {
            current_password: [WRONG_CURRENT_PASSWORD_MESSAGE],
          });
        }
      } else if (!account.email) {
        throw new AppError(
          'conflict',
          'Add your e-mail address first: you sign in with your e-mail and password.',
        );
      }
      // argon2 is slow on purpose: hashed before the transaction.
      const passwordHash = await hash(request.password);
      await db.transaction(async (tx) => {
        const current = await findActiveUser(tx, viewer.id, 'no key update');
        // Changed by another session in the meantime: the current password this one checked is gone.
        if (!current || current.passwordHash !== account.passwordHash) {
          throw new AppError('conflict', 'Your password was changed meanwhile. Please try again.');
        }
        await setPasswordHash(tx, viewer.id, passwordHash);
        const revoked = await revokeSessionsOfUser(tx, viewer.id, { keepSessionId: viewer.sessionId });
        await recordAudit(tx, {
          actor: viewer,
          action: 'update',
          subject: 'user',
          subjectId: viewer.id,
          before: {},
          after: { password_changed: true, revoked_sessions: revoked },
        });
      });
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/** Drizzle wraps PostgreSQL's error as `cause`. */
function hasUniqueViolationCause(error: unknown): boolean {
  return (error as { cause?: { code?: string } } | undefined)?.cause?.code === '23505';
}
