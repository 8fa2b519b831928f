import { DISPLAY_CURRENCIES, LANGUAGES, REMINDER_CHANNELS, STAFF_NOTICE_FREQUENCIES } from '@puja/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { monasteries } from './catalogue.ts';
import { archivedAt, createdAt, inList, updatedAt, version } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().default(''),
    email: text('email'),
    /** E.164, e.g. +9779812345678. */
    phone: text('phone'),
    /** argon2id; only accounts an admin created with a password have one. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'monastery', 'user'] })
      .notNull()
      .default('user'),
    monasteryId: integer('monastery_id').references(() => monasteries.id, { onDelete: 'restrict' }),
    /** The person's chosen language (docs/decisions/018); null until they choose one. */
    language: text('language', { enum: LANGUAGES }),
    /**
     * The currency the person chose to see beside prices (docs/decisions/020): one of CURRENCIES, or NPR for
     * rupees only; null until they choose.
     */
    currency: text('currency', { enum: DISPLAY_CURRENCIES }),
    /**
     * Whether the person wants their order notices by e-mail too, when they have an address
     * (docs/decisions/019). On until they turn it off in their account settings.
     */
    emailNotices: boolean('email_notices').notNull().default(true),
    /**
     * How the person is reminded the day before their puja (docs/decisions/038): by SMS (the default: every
     * patron has a number), by e-mail (SMS when they have no address), or not at all.
     */
    reminderChannel: text('reminder_channel', { enum: REMINDER_CHANNELS }).notNull().default('sms'),
    /**
     * The person's own time zone (IANA), as their browser gave it when they chose their reminders; null
     * until then. Reminders say the puja's time in it beside Nepal time.
     */
    timeZone: text('time_zone'),
    /**
     * How a monastery's staff member is told of orders (docs/decisions/041): any of SMS, e-mail and web push,
     * each order at once or gathered into a digest. SMS at each order is what staff had before.
     */
    staffNoticeSms: boolean('staff_notice_sms').notNull().default(true),
    staffNoticeEmail: boolean('staff_notice_email').notNull().default(false),
    staffNoticePush: boolean('staff_notice_push').notNull().default(false),
    staffNoticeFrequency: text('staff_notice_frequency', { enum: STAFF_NOTICE_FREQUENCIES })
      .notNull()
      .default('each'),
    /** A monastery's lead (set by administrators) invites and removes its own staff (docs/decisions/041). */
    isLead: boolean('is_lead').notNull().default(false),
    archivedAt: archivedAt(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_phone_unique').on(table.phone),
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_monastery_id_index').on(table.monasteryId),
    check('users_role_check', sql`${table.role} IN ('admin', 'monastery', 'user')`),
    check(
      'users_monastery_staff_check',
      sql`${table.role} <> 'monastery' OR ${table.monasteryId} IS NOT NULL`,
    ),
    check('users_language_check', sql`${table.language} IN ('en', 'ne', 'zh-Hant')`),
    check(
      'users_currency_check',
      sql`${table.currency} IN ('USD', 'EUR', 'GBP', 'AUD', 'CAD', 'INR', 'CNY', 'TWD', 'HKD', 'SGD', 'MYR', 'JPY', 'NPR')`,
    ),
    check('users_reminder_channel_check', sql`${table.reminderChannel} IN ('sms', 'email', 'none')`),
    check(
      'users_staff_notice_frequency_check',
      sql`${table.staffNoticeFrequency} IN (${inList(STAFF_NOTICE_FREQUENCIES)})`,
    ),
    check('users_time_zone_length', sql`char_length(${table.timeZone}) <= 64`),
    check('users_phone_format', sql`${table.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/** A signed-in device. The token names its row, so signing out or an admin's revocation takes effect at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_index').on(table.userId)],
);

/**
 * One-time sign-in codes: stored only as an HMAC, short-lived, single use, limited tries, and usable only
 * with the challenge send-otp gave the browser that asked for it.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the challenge (base64url). Null on codes made before challenges, which never match. */
    challengeHash: text('challenge_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    requestedFromIp: text('requested_from_ip'),
    /** The number's country (ISO 3166, `NP`), for the per-country daily budget; null on older codes. */
    country: text('country'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('sign_in_codes_phone_created_index').on(table.phone, table.createdAt),
    index('sign_in_codes_ip_created_index').on(table.requestedFromIp, table.createdAt),
    index('sign_in_codes_country_created_index').on(table.country, table.createdAt),
    check('sign_in_codes_attempts_check', sql`${table.failedAttempts} >= 0`),
  ],
);
