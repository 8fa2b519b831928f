import { z } from 'zod';
import { DEFAULT_COUNTRY_DIAL_CODE } from './constants.ts';
import { INVALID_PHONE_MESSAGE, toE164 } from './phone.ts';

/** Phone sign-in requests: the dial code and digits must form a valid number of that country. */

export const dialCodeSchema = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}$/, 'Choose a country code.')
  .default(DEFAULT_COUNTRY_DIAL_CODE);
export const nationalPhoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone is required.')
  .regex(/^\d+$/, 'Phone must contain digits only.')
  .max(15, INVALID_PHONE_MESSAGE);

/** The dial code and digits must form a valid number of that country. */
function validPhoneNumber<T extends { code: string; phone: string }>(value: T, context: z.RefinementCtx) {
  if (!toE164(value.code, value.phone).ok)
    context.addIssue({ code: 'custom', path: ['phone'], message: INVALID_PHONE_MESSAGE });
}

export const sendOtpRequestSchema = z
  .object({ code: dialCodeSchema, phone: nationalPhoneSchema, captcha: z.string().max(4096).optional() })
  .superRefine(validPhoneNumber);
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;

export const otpSchema = z
  .string()
  .trim()
  .min(1, 'OTP is required.')
  .regex(/^\d{6}$/, 'The code has 6 digits.');

export const loginPhoneRequestSchema = z
  .object({ code: dialCodeSchema, phone: nationalPhoneSchema, otp: otpSchema })
  .superRefine(validPhoneNumber);
export type LoginPhoneRequest = z.input<typeof loginPhoneRequestSchema>;
