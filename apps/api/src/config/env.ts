import path from 'node:path';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@puja/contract';
import { z } from 'zod';
import { trustProxySetting } from './trust-proxy.ts';

/**
 * The environment, validated once at start-up (docs/design.md, convention 5): a missing or malformed
 * variable stops the server with the whole list of problems instead of failing later at first use.
 * Every variable is documented in `.env.example`.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A setting that may be left out, or set empty (as `.env.example` lists it), to mean "not set". */
function optionalSetting<Schema extends z.ZodType<string>>(schema: Schema) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/** The SMS providers the server can talk to; `outbox` is the development file (DATA_DIR/sms-outbox.jsonl). */
const SMS_PROVIDERS = ['outbox', 'sparrow', 'twilio'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Fill an empty database with the demo catalogue and accounts (an administrator on a published phone
   * number among them): by default outside production only; production seeds only when told to.
   */
  SEED_DEMO: booleanString.optional(),
  BUSINESS_TIME_ZONE: z
    .string()
    .refine(isKnownTimeZone, 'must be an IANA time zone such as Asia/Kathmandu')
    .default(DEFAULT_BUSINESS_TIME_ZONE),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Proxies whose X-Forwarded-For names the client: a hop count or their addresses, never any (trust-proxy.ts). */
  TRUST_PROXY: trustProxySetting,
  WEB_DIST_DIR: z.string().optional(),

  /** Signs session tokens (HS256). Required in production; in development generated once into DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),

  OTP_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  OTP_MAX_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OTP_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  OTP_MAX_PER_DAY: z.coerce.number().int().min(1).default(5000),
  /** Codes texted to the numbers of one country per day (docs/decisions/027). */
  OTP_MAX_PER_COUNTRY_PER_DAY: z.coerce.number().int().min(1).default(1000),
  /**
   * The countries (ISO 3166 codes, comma-separated) whose numbers are sent sign-in codes: Nepal and where
   * patrons live (docs/decisions/027). Any other number is refused before anything is sent.
   */
  SMS_COUNTRIES: z
    .string()
    .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()))
    .pipe(
      z.array(z.string().regex(/^[A-Z]{2}$/, 'must list two-letter country codes such as NP,IN,US')).min(1),
    )
    .default([
      'NP',
      'IN',
      'US',
      'GB',
      'GG',
      'JE',
      'IM',
      'AU',
      'CA',
      'HK',
      'TW',
      'SG',
      'JP',
      'KR',
      'DE',
      'FR',
      'CH',
    ]),
  /**
   * Heavy reads (the order lists) served at once per instance, waiting beyond them, and for how long; a
   * request beyond both, or that waited that long, is answered 503 with Retry-After (docs/decisions/027).
   * Probes are never counted.
   */
  HEAVY_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(8),
  HEAVY_REQUESTS_QUEUED: z.coerce.number().int().min(0).max(100_000).default(1000),
  HEAVY_REQUESTS_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Sign-in attempts (codes and passwords) per client address per minute. */
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),

  /**
   * One provider for every number, or `routed`: Nepali numbers (+977) through SMS_PROVIDER_NEPAL, all
   * others through SMS_PROVIDER_ABROAD (docs/decisions/019).
   */
  SMS_PROVIDER: z.enum([...SMS_PROVIDERS, 'routed']).optional(),
  SMS_PROVIDER_NEPAL: z.enum(SMS_PROVIDERS).default('sparrow'),
  /** Sparrow delivers within Nepal only, so it cannot carry the rest of the world. */
  SMS_PROVIDER_ABROAD: z.enum(['twilio', 'outbox']).default('twilio'),
  SMS_ALLOW_OUTBOX_IN_PRODUCTION: booleanString.default(false),
  SPARROW_API_URL: z.url().default('https://api.sparrowsms.com/v2/'),
  SPARROW_TOKEN: z.string().min(1).optional(),
  SPARROW_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),

  /**
   * How e-mail to patrons goes (docs/decisions/019): `smtp` through a mail server (SMTP_URL, or SMTP_HOST
   * and the settings beside it), `outbox` as `.eml` files in DATA_DIR/outbox/email (the default outside
   * production), or `none`: no e-mail at all. Production must say which.
   */
  EMAIL_TRANSPORT: z.enum(['smtp', 'outbox', 'none']).optional(),
  /** The sender patrons see: `Monastery Puja <pujas@example.org>` or a bare address. Required with smtp. */
  EMAIL_FROM: optionalSetting(
    z
      .string()
      .trim()
      .regex(
        /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
        'must be an address, or a name and an address: Monastery Puja <pujas@example.org>',
      ),
  ),
  /** smtp://user:password@host:587 or smtps://…:465; or the five settings below instead. */
  SMTP_URL: optionalSetting(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  SMTP_HOST: optionalSetting(z.string().min(1)),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** TLS from the first byte (port 465); unset: on for port 465, else STARTTLS when the server offers it. */
  SMTP_SECURE: booleanString.optional().or(z.literal('').transform(() => undefined)),
  SMTP_USER: optionalSetting(z.string().min(1)),
  SMTP_PASSWORD: optionalSetting(z.string().min(1)),

  CAPTCHA_PROVIDER: z.enum(['none', 'turnstile']).default('none'),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),

  /**
   * Nepal Rastra Bank's forex API (public, no key), for the approximate amounts beside prices
   * (docs/decisions/020). Tests and end-to-end runs point it at the local stand-in.
   */
  NRB_API_URL: z.url().default('https://www.nrb.org.np/api/forex/v1'),

  /** simulator (built in, default outside production), sandbox (providers' test systems) or live. */
  PAYMENT_MODE: z.enum(['simulator', 'sandbox', 'live']).optional(),
  /**
   * A production site on the providers' test systems (a rehearsal before going live): orders are paid with
   * test wallets and no money moves, so every page then says payments are tests.
   */
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: booleanString.default(false),
  ESEWA_PRODUCT_CODE: z.string().min(1).optional(),
  ESEWA_SECRET_KEY: z.string().min(1).optional(),
  ESEWA_FORM_URL: z.url().optional(),
  ESEWA_STATUS_URL: z.url().optional(),
  KHALTI_SECRET_KEY: z.string().min(1).optional(),
  KHALTI_BASE_URL: z.url().optional(),
  /**
   * Card payments through Stripe Checkout (docs/decisions/052): off unless both the secret key and the
   * webhook's signing secret are set, for a deployment with a Stripe account (a foreign friends' entity).
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls: Stripe unless set (the stand-in in tests and development). */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** Tell patrons by SMS when their order is approved, re-dated, declined, completed or messaged. */
  NOTIFY_PATRONS_BY_SMS: booleanString.default(true),
  /** Whether a monastery's staff's changes to its page wait for an administrator (docs/decisions/046). */
  MONASTERY_PAGE_REVIEW: booleanString.default(true),
  /**
   * Web Push for staff (docs/decisions/041): the VAPID key pair (base64url, as `web-push
   * generate-vapid-keys` prints it) that signs every push request. Production sets both to offer
   * notifications; outside production a pair is generated once into DATA_DIR.
   */
  VAPID_PUBLIC_KEY: optionalSetting(
    z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key'),
  ),
  VAPID_PRIVATE_KEY: optionalSetting(
    z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key'),
  ),
  /** Whom the push services may contact about our messages: `mailto:` or an https address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be mailto:address or an https address')
    .default('mailto:office@example.org'),
  /**
   * The push services the server sends to, comma-separated: host names, `.suffix` for a family of hosts
   * (https only), or an origin with its scheme for a test's stand-in. A subscription elsewhere is refused.
   */
  WEB_PUSH_SERVICES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .default([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      '.notify.windows.com',
    ]),
  /**
   * `GET /metrics` answers `Authorization: Bearer <token>`. Without a token: only this machine (loopback)
   * outside production, and no one in production (behind a proxy on the same machine, everyone is loopback).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * How long an unpaid order waits for its payment before it expires (never past its puja's day).
   * Staff only see orders to act on once they are paid.
   */
  /**
   * The largest video staff may attach to a performed puja, in megabytes (docs/decisions/037). The whole
   * file is received before it is stored, so this bounds each upload's memory too.
   */
  ORDER_VIDEO_MAX_MEGABYTES: z.coerce.number().int().min(1).max(500).default(50),
  /** Public certificate look-ups (`/verify/{code}` and its API) one address may make per minute. */
  VERIFY_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Requests to "Pay for me" links (reading one, starting its payment) one address may make per minute. */
  PAYMENT_LINK_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  ORDER_PAYMENT_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /**
   * Whether this process takes jobs from the queue (SMS notices, reconciliation, expiry, refunds). Every
   * instance may; turn it off only for a process that must not (tests run the queue themselves).
   */
  JOB_WORKER: booleanString.default(true),
  /**
   * The platform's commission on a performed puja, in basis points of its price (1000 = 10 %), rounded
   * half up to the paisa; the monastery earns the rest (docs/decisions/031).
   */
  COMMISSION_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * When monasteries are paid (docs/decisions/033): `weekly:<day>` (`weekly:mon` … `weekly:sun`) or
   * `monthly:<day of month>` (1 to 28, so every month has it), in the business time zone. The scheduled
   * job makes the run on that day (or on the first day it runs after it).
   */
  PAYOUT_SCHEDULE: z
    .string()
    .regex(
      /^(weekly:(mon|tue|wed|thu|fri|sat|sun)|monthly:([1-9]|1[0-9]|2[0-8]))$/,
      'must be weekly:mon … weekly:sun or monthly:1 … monthly:28',
    )
    .default('monthly:1'),
  /** A monastery is paid only when at least this much is due, in paisa (Rs. 1,000 by default). */
  PAYOUT_MINIMUM_PAISA: z.coerce.number().int().min(1).max(100_000_000).default(100_000),
  /** A change of a monastery's payout details holds its payouts for this many days (0: no hold). */
  /** Days after a puja is performed in which its patron may raise a concern (docs/decisions/036). */
  CONCERN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  PAYOUT_HOLD_DAYS_AFTER_DETAILS_CHANGE: z.coerce.number().int().min(0).max(90).default(7),
  /** One patron may place this many orders an hour (a form resent with its key is the same order). */
  ORDERS_PER_PATRON_PER_HOUR: z.coerce.number().int().min(1).default(30),

  /**
   * Where uploaded pictures and completion photos live: `local` (DATA_DIR/uploads and DATA_DIR/private,
   * one machine) or `s3` (an S3-compatible bucket every instance shares; docs/decisions/013).
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** An S3-compatible server (MinIO, R2, …); unset for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where the bucket's `public/` objects are readable directly (a CDN); unset: the app streams them. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Rate limits shared by every instance; unset: counted in each process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Put before every key this app writes, so deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('puja:'),

  /**
   * How people reach the team, shown on the Contact page; unset, the page sends them to their order's
   * messages instead. Public: the web app receives them through GET /api/client-config.
   */
  SUPPORT_EMAIL: optionalSetting(z.email('must be an e-mail address such as help@example.org')),
  /** As people should dial it from abroad, with the country code: +977 1 4412345. */
  SUPPORT_PHONE: optionalSetting(
    z
      .string()
      .trim()
      .regex(/^\+[1-9][\d\s().-]{5,24}$/, 'must be a number with its country code, such as +977 1 4412345'),
  ),
  /** The site's own social pages, linked from the footer; unset, the footer shows no link for it. */
  SOCIAL_FACEBOOK_URL: optionalSetting(z.url({ protocol: /^https$/, error: 'must be an https:// address' })),
  SOCIAL_INSTAGRAM_URL: optionalSetting(z.url({ protocol: /^https$/, error: 'must be an https:// address' })),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads: `.env.example` lists each (env-example.test.ts holds them together). */
export const ENVIRONMENT_VARIABLES = Object.keys(envSchema.shape);

export interface Config
  extends Omit<Env, 'SMS_PROVIDER' | 'PAYMENT_MODE' | 'EMAIL_TRANSPORT' | 'EMAIL_FROM' | 'SEED_DEMO'> {
  /** DATA_DIR made absolute, so later `chdir`s or relative paths cannot move the data. */
  dataDirectory: string;
  publicUrl: string;
  SMS_PROVIDER: SmsProviderName | 'routed';
  PAYMENT_MODE: 'simulator' | 'sandbox' | 'live';
  EMAIL_TRANSPORT: 'smtp' | 'outbox' | 'none';
  EMAIL_FROM: string;
  SEED_DEMO: boolean;
  /** A production site taking test payments (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION): every page says so. */
  paymentsAreTests: boolean;
  /** Card payments through Stripe are on: both Stripe secrets are set (docs/decisions/052). */
  cardsEnabled: boolean;
}

/** Settings that only make sense together, and what production must never run with. */
function crossCheck(env: Env): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  if (production && !env.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither');
  if (production && !env.SMS_PROVIDER)
    problems.push('SMS_PROVIDER: required in production (sparrow, twilio or routed)');
  problems.push(...smsProviderProblems(env));
  if (production && !env.EMAIL_TRANSPORT)
    problems.push('EMAIL_TRANSPORT: required in production (smtp, or none to send no e-mail)');
  if (production && env.EMAIL_TRANSPORT === 'outbox')
    problems.push('EMAIL_TRANSPORT: outbox delivers no e-mail; production needs smtp (or none)');
  if (env.EMAIL_TRANSPORT === 'smtp' && !env.SMTP_URL && !env.SMTP_HOST)
    problems.push('SMTP_URL or SMTP_HOST: required when EMAIL_TRANSPORT=smtp');
  if (env.EMAIL_TRANSPORT === 'smtp' && !env.EMAIL_FROM)
    problems.push('EMAIL_FROM: required when EMAIL_TRANSPORT=smtp (the address patrons see and reply to)');
  if (production && !env.PAYMENT_MODE)
    problems.push(
      'PAYMENT_MODE: required in production (live, or sandbox with ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true for a test site)',
    );
  if (production && env.PAYMENT_MODE === 'simulator') {
    problems.push('PAYMENT_MODE: the simulator takes no money; production needs live');
  }
  if (production && env.PAYMENT_MODE === 'sandbox' && !env.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION) {
    problems.push(
      'PAYMENT_MODE: sandbox marks orders paid while no money moves; production needs live, or set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true for a test site (every page then says payments are tests)',
    );
  }
  if (env.PAYMENT_MODE === 'live' && (!env.ESEWA_PRODUCT_CODE || !env.ESEWA_SECRET_KEY)) {
    problems.push('ESEWA_PRODUCT_CODE, ESEWA_SECRET_KEY: required when PAYMENT_MODE=live');
  }
  if ((env.PAYMENT_MODE === 'live' || env.PAYMENT_MODE === 'sandbox') && !env.KHALTI_SECRET_KEY) {
    problems.push(
      `KHALTI_SECRET_KEY: required when PAYMENT_MODE=${env.PAYMENT_MODE} (each merchant has its own)`,
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET))
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (cards on), or neither (cards off)');
  if (env.CAPTCHA_PROVIDER === 'turnstile' && (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY)) {
    problems.push('TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY: required when CAPTCHA_PROVIDER=turnstile');
  }
  if (env.STORAGE === 's3' && (!env.S3_BUCKET || !env.S3_REGION)) {
    problems.push('S3_BUCKET, S3_REGION: required when STORAGE=s3');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return problems;
}

/** The providers in use (SMS_PROVIDER, or both routes when it is `routed`) need their settings. */
function smsProviderProblems(env: Env): string[] {
  const problems: string[] = [];
  const routed = env.SMS_PROVIDER === 'routed';
  const used = routed
    ? [
        { name: env.SMS_PROVIDER_NEPAL, setting: 'SMS_PROVIDER_NEPAL' },
        { name: env.SMS_PROVIDER_ABROAD, setting: 'SMS_PROVIDER_ABROAD' },
      ]
    : env.SMS_PROVIDER
      ? [{ name: env.SMS_PROVIDER, setting: 'SMS_PROVIDER' }]
      : [];
  for (const { name, setting } of used) {
    const when = `required when ${setting}=${name}`;
    if (name === 'outbox' && env.NODE_ENV === 'production' && !env.SMS_ALLOW_OUTBOX_IN_PRODUCTION) {
      problems.push(
        `${setting}: outbox delivers no SMS; set SMS_ALLOW_OUTBOX_IN_PRODUCTION=true to run it in production anyway`,
      );
    }
    if (name === 'sparrow' && (!env.SPARROW_TOKEN || !env.SPARROW_FROM))
      problems.push(`SPARROW_TOKEN, SPARROW_FROM: ${when}`);
    if (name === 'twilio' && (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM))
      problems.push(`TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: ${when}`);
  }
  // Both routes through one provider is a single provider with extra steps: say which to set instead.
  if (routed && env.SMS_PROVIDER_NEPAL === env.SMS_PROVIDER_ABROAD) {
    problems.push(
      `SMS_PROVIDER_NEPAL, SMS_PROVIDER_ABROAD: both are ${env.SMS_PROVIDER_NEPAL}; set SMS_PROVIDER=${env.SMS_PROVIDER_NEPAL} instead of routed`,
    );
  }
  return [...new Set(problems)];
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new InvalidEnvironmentError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems = crossCheck(env);
  if (problems.length > 0) throw new InvalidEnvironmentError(problems);
  return {
    ...env,
    SMS_PROVIDER: env.SMS_PROVIDER ?? 'outbox',
    PAYMENT_MODE: env.PAYMENT_MODE ?? 'simulator',
    EMAIL_TRANSPORT: env.EMAIL_TRANSPORT ?? 'outbox',
    EMAIL_FROM: env.EMAIL_FROM ?? 'Monastery Puja <no-reply@localhost.localdomain>',
    // Demo accounts on a real site only when asked for (docs/decisions/026).
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    paymentsAreTests: env.NODE_ENV === 'production' && env.PAYMENT_MODE === 'sandbox',
    cardsEnabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET),
    dataDirectory: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
