import { REMINDER_CHANNELS, ROLES } from './constants.ts';
import { DISPLAY_CURRENCIES } from './currencies.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { z } from './zod.ts';

/**
 * The session and the signed-in person's own details (docs/api.md "Session"). The phone sign-in requests
 * and their endpoints live in sign-in.ts, so pages that only need these shapes do not load the phone-number
 * metadata.
 */

export const FULL_NAME_MESSAGE = 'Oops, can you give us your full name?';
export const OTP_MISMATCH_MESSAGE = 'OTP does not match';
export const SMS_SENT_MESSAGE = 'SMS Sent';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Try again after a few minutes.';
export const EMAIL_TAKEN_MESSAGE = 'Email already exists';
export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters.';
/** The product's original wording said "doesnot"; the typo is fixed here. */
export const PASSWORD_MISMATCH_MESSAGE = 'Password and Confirm Password do not match.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not right.';
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Your other devices are signed out.';

/**
 * A full name: two words separated by whitespace, the first at least 2 word characters, the second at
 * least 1. "Word characters" include letters of every script (Devanagari, Tibetan), not only ASCII.
 */
export const FULL_NAME_PATTERN = /^\s*[\p{L}\p{M}\p{N}_]{2,}\s+[\p{L}\p{M}\p{N}_]+/u;

export const fullNameSchema = z.string().trim().max(120).regex(FULL_NAME_PATTERN, FULL_NAME_MESSAGE);
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Enter a valid e-mail address.'));

export const loginPasswordRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required.').max(200),
});
export type LoginPasswordRequest = z.input<typeof loginPasswordRequestSchema>;

export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    monastery_id: z.number().int().nullable(),
    /**
     * The language the person chose (docs/decisions/018), null until they choose. The server always sends
     * it; optional so a user kept in a browser from before it existed still reads.
     */
    language: z.enum(LANGUAGES).nullable().optional(),
    /**
     * The currency the person chose to see beside prices (a currency, or NPR for rupees only), null until
     * they choose (docs/decisions/020). The server always sends it; optional as `language` is.
     */
    currency: z.enum(DISPLAY_CURRENCIES).nullable().optional(),
    /**
     * Whether order notices also go to the person's e-mail address, when they have one (docs/decisions/019).
     * The server always sends it; optional so a user kept in a browser from before it existed still reads.
     */
    email_notices: z.boolean().optional(),
    /**
     * The account's version, what an administrator's save sends back (docs/decisions/040). The server always
     * sends it; optional as `email_notices` is.
     */
    version: z.number().int().optional(),
    /**
     * How the person is reminded the day before a puja: `sms`, `email` (SMS without an address) or `none`
     * (docs/decisions/038). The server always sends it; optional as `email_notices` is.
     */
    reminder_channel: z.enum(REMINDER_CHANNELS).optional(),
    /** The person's own time zone (IANA) as their browser gave it, null until then (docs/decisions/038). */
    time_zone: z.string().nullable().optional(),
    /**
     * Whether a monastery's staff member is its lead, who invites and removes its staff (docs/decisions/041);
     * false for everyone else. The server always sends it; optional as `email_notices` is.
     */
    is_lead: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * An e-mail address that may be left out: empty or missing means none. A patron needs none to order
 * (the receipts and order updates then come by SMS only, docs/decisions/029); staff sign in with theirs,
 * which the server insists on.
 */
export const optionalEmailSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(emailSchema.optional());

/** Staff and administrators sign in with their e-mail: they cannot leave it out (the server's check). */
export const STAFF_EMAIL_REQUIRED_MESSAGE = 'Staff sign in with their e-mail address: it cannot be left out.';

export const updateUserDetailsRequestSchema = z.object({ name: fullNameSchema, email: optionalEmailSchema });
export type UpdateUserDetailsRequest = z.input<typeof updateUserDetailsRequestSchema>;

/**
 * A staff member's or administrator's own new password (docs/api.md "Session"). `current_password` is
 * required when the account has a password; an account without one (an administrator made with
 * `npm run create-admin`) sets its first. The server checks the current password; the form can only
 * check the rest.
 */
export const changePasswordRequestSchema = z
  .object({
    current_password: z.string().max(200).optional(),
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE).max(200),
    cpassword: z.string().max(200),
  })
  .refine((request) => request.password === request.cpassword, {
    path: ['cpassword'],
    message: PASSWORD_MISMATCH_MESSAGE,
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/**
 * What the web app needs to know about the server: whether the sign-in form must show a bot-check widget,
 * how people reach the team (the Contact page), the site's social pages (the footer) and whether payments
 * are tests (`payments.test_mode`: a production site on the providers' test systems, where every page
 * says so). Each contact is null when the deployment has not set it, and the page then leaves it out. The
 * groups default to "not set" so that an answer without them (a server from before they existed) still
 * reads.
 */
export const clientConfigResponseSchema = z.object({
  captcha: z.object({ provider: z.enum(['none', 'turnstile']), site_key: z.string().nullable() }),
  support: z
    .object({ email: z.string().nullable(), phone: z.string().nullable() })
    .default({ email: null, phone: null }),
  social: z
    .object({ facebook: z.string().nullable(), instagram: z.string().nullable() })
    .default({ facebook: null, instagram: null }),
  /**
   * `cards_enabled`: whether this deployment takes cards beside eSewa and Khalti through Stripe Checkout
   * (the payment step offers them and the help pages say "or pay by card"; docs/decisions/051, 052).
   */
  payments: z
    .object({ test_mode: z.boolean(), cards_enabled: z.boolean().default(false) })
    .default({ test_mode: false, cards_enabled: false }),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const getClientConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/client-config',
  access: 'public',
  summary: 'What the web app needs to know: the bot check, the support contacts, the social pages',
  tags: ['session'],
  responses: { 200: clientConfigResponseSchema },
  errors: [],
});

export const loginWithPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  summary: 'Sign in with e-mail and password (accounts that have a password)',
  tags: ['session'],
  body: loginPasswordRequestSchema,
  responses: { 200: loginResponseSchema },
  errors: [401, 403, 422, 429],
});

export const getMeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/me',
  access: 'signedIn',
  summary: 'The signed-in person as the server knows them now',
  tags: ['session'],
  responses: { 200: meResponseSchema },
  errors: [401, 403],
});

export const logOutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/logout',
  access: 'signedIn',
  summary: 'Sign out: the session is revoked',
  tags: ['session'],
  responses: { 200: messageResponseSchema },
  errors: [401, 403],
});

export const updateUserDetailsEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/update-user-details',
  access: 'signedIn',
  summary: 'The signed-in person’s own name and e-mail',
  tags: ['session'],
  body: updateUserDetailsRequestSchema,
  methodOverride: true,
  responses: { 200: meResponseSchema },
  errors: [401, 403, 422],
});

export const updateLanguageRequestSchema = z.object({
  language: z.enum(LANGUAGES, 'Choose English, नेपाली or 繁體中文.'),
});
export type UpdateLanguageRequest = z.input<typeof updateLanguageRequestSchema>;

/** The signed-in person's language, kept on the account for the interface, SMS and e-mail (docs/decisions/018). */
export const updateLanguageEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/language',
  access: 'signedIn',
  summary: 'The signed-in person’s language: en, ne or zh-Hant',
  tags: ['session'],
  body: updateLanguageRequestSchema,
  methodOverride: true,
  responses: { 200: meResponseSchema },
  errors: [401, 403, 422],
});

export const updateEmailNoticesRequestSchema = z.object({
  email_notices: z.boolean('Say whether you want e-mails: true or false.'),
});
export type UpdateEmailNoticesRequest = z.input<typeof updateEmailNoticesRequestSchema>;

/**
 * Whether the signed-in person's order notices (receipts, approvals, new dates, messages, refunds) also go
 * by e-mail, besides SMS (docs/decisions/019). Kept when they have no address yet.
 */
export const updateEmailNoticesEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/email-notices',
  access: 'signedIn',
  summary: 'Whether the signed-in person’s order notices also go by e-mail',
  tags: ['session'],
  body: updateEmailNoticesRequestSchema,
  methodOverride: true,
  responses: { 200: meResponseSchema },
  errors: [401, 403, 422],
});

export const updateRemindersRequestSchema = z.object({
  reminder_channel: z.enum(REMINDER_CHANNELS, 'Choose how to be reminded: SMS, e-mail or not at all.'),
  /**
   * The browser's own time zone (IANA, e.g. `Australia/Sydney`), so reminders also say the puja's time in
   * it; the server keeps only a zone it knows.
   */
  time_zone: z
    .string()
    .trim()
    .max(64, 'Unknown time zone.')
    .refine(isKnownTimeZone, 'Unknown time zone.')
    .optional(),
});
export type UpdateRemindersRequest = z.input<typeof updateRemindersRequestSchema>;

/** How the signed-in person is reminded the day before their puja, and their time zone (docs/decisions/038). */
export const updateRemindersEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/reminders',
  access: 'signedIn',
  summary: 'How the signed-in person is reminded the day before a puja, and their time zone',
  tags: ['session'],
  body: updateRemindersRequestSchema,
  methodOverride: true,
  responses: { 200: meResponseSchema },
  errors: [401, 403, 422],
});

/** Whether `zone` is an IANA time zone this runtime knows (Intl throws a RangeError for any other). */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const updateCurrencyRequestSchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES, 'Choose a currency, or rupees only.'),
});
export type UpdateCurrencyRequest = z.input<typeof updateCurrencyRequestSchema>;

/** The currency shown beside prices, kept on the account (docs/decisions/020). */
export const updateCurrencyEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/currency',
  access: 'signedIn',
  summary: 'The currency the signed-in person sees beside prices (NPR: rupees only)',
  tags: ['session'],
  body: updateCurrencyRequestSchema,
  methodOverride: true,
  responses: { 200: meResponseSchema },
  errors: [401, 403, 422],
});

/**
 * Staff and administrators change their own password. The other sessions of the account end; the one
 * that made the change stays. A wrong current password answers 422 on `current_password`, never 401,
 * which would end this session.
 */
export const changePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/me/password',
  access: { roles: ['monastery', 'admin'] },
  summary: 'Change one’s own password (staff and administrators); other sessions end',
  tags: ['session'],
  body: changePasswordRequestSchema,
  responses: { 200: messageResponseSchema },
  errors: [401, 403, 409, 422, 429],
});
