import { DEFAULT_COUNTRY_DIAL_CODE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { INVALID_PHONE_MESSAGE, toE164 } from './phone.ts';
import { loginResponseSchema } from './session.ts';
import { z } from './zod.ts';

/** Phone sign-in requests: the dial code and digits must form a valid number of that country. */

export const dialCodeSchema = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}$/, 'Choose a country code.')
  .default(DEFAULT_COUNTRY_DIAL_CODE);

/**
 * What people put between the digits when they write a number: "(201) 555-0123", "98765 43210",
 * "0412 345 678", "981.234.5678". Unicode dashes too, as a number copied from a document often has them.
 */
const PHONE_SEPARATORS = /[\s().\-\u2010-\u2015\u2212]/g;
export const PHONE_CHARACTERS_MESSAGE = 'Phone may contain only digits, spaces, brackets, dashes and dots.';

/**
 * The number as typed or pasted: the separators are dropped, so only digits go on to the country's rules
 * (a leading trunk 0, as in "07911 123456" for +44, is dropped there by libphonenumber). A number pasted
 * whole keeps its leading `+` ("+977 981-234-5670", "(+977) 9812345670"): its own country code then
 * counts, not the one chosen beside the field (`toE164`), and the server stores it in E.164.
 */
export const nationalPhoneSchema = z
  .string()
  .trim()
  .max(40, INVALID_PHONE_MESSAGE)
  .transform((value) => value.replace(PHONE_SEPARATORS, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'Phone is required.', abort: true })
      .regex(/^\+?\d+$/, PHONE_CHARACTERS_MESSAGE)
      .max(16, INVALID_PHONE_MESSAGE),
  );

/** A whole number's characters as people write them, for fields that take one (an administrator's form). */
export function withoutPhoneSeparators(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}

/** The dial code and digits must form a valid number of that country (a `superRefine` of a request). */
export function validPhoneNumber<T extends { code: string; phone: string }>(
  value: T,
  context: z.RefinementCtx,
) {
  // A number that already broke the field's own rules has its message; a second one would only blur it.
  if (typeof value.phone !== 'string' || !/^\+?\d{1,15}$/.test(value.phone)) return;
  if (!toE164(value.code, value.phone).ok)
    context.addIssue({ code: 'custom', path: ['phone'], message: INVALID_PHONE_MESSAGE });
}

export const sendOtpRequestSchema = z
  .object({ code: dialCodeSchema, phone: nationalPhoneSchema, captcha: z.string().max(4096).optional() })
  .superRefine(validPhoneNumber);
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;

/**
 * send-otp's answer. `challenge` ties the code to the browser that asked for it: only a log-in that brings
 * it back can try the code, so someone who merely knows the number can neither guess it nor use up its
 * tries. `phone` is the number the code went to (E.164), and `resend_after_seconds` how long the server
 * makes the number wait before it sends another code.
 */
export const sendOtpResponseSchema = z.object({
  message: z.string(),
  challenge: z.string(),
  phone: z.string(),
  resend_after_seconds: z.number().int().min(0),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/** A challenge as send-otp makes it: 32 random bytes in base64url, 43 characters. */
export const signInChallengeSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{43}$/, 'Ask for a new code.');

export const otpSchema = z
  .string()
  .trim()
  .min(1, 'OTP is required.')
  .regex(/^\d{6}$/, 'The code has 6 digits.');

export const loginPhoneRequestSchema = z
  .object({
    code: dialCodeSchema,
    phone: nationalPhoneSchema,
    otp: otpSchema,
    challenge: signInChallengeSchema,
  })
  .superRefine(validPhoneNumber);
export type LoginPhoneRequest = z.input<typeof loginPhoneRequestSchema>;

// ---- Endpoints (docs/decisions/014) ----

/** Throttled answers (429) also carry the wait as a `Retry-After` header, in seconds. */
export const sendOtpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/send-otp',
  access: 'public',
  summary: 'Text a sign-in code to a number; the answer’s challenge must come back with the code',
  tags: ['session'],
  body: sendOtpRequestSchema,
  responses: { 200: sendOtpResponseSchema },
  errors: [422, 429, 503],
});

export const loginWithPhoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/login-phone',
  access: 'public',
  summary: 'Sign in with the texted code and its challenge; a first sign-in creates a patron',
  tags: ['session'],
  body: loginPhoneRequestSchema,
  responses: { 200: loginResponseSchema },
  errors: [401, 403, 422, 429],
});
