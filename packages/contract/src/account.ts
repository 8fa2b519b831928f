import { defineEndpoint } from './endpoint.ts';
import { meResponseSchema, messageResponseSchema } from './session.ts';
import {
  dialCodeSchema,
  loginPhoneRequestSchema,
  nationalPhoneSchema,
  sendOtpResponseSchema,
  validPhoneNumber,
} from './sign-in.ts';
import { z } from './zod.ts';

/**
 * The patron's own account (docs/product.md#account-settings): moving it to a new phone number, proved by
 * a code texted to that number, and deleting it. Kept apart from session.ts because it loads the phone
 * metadata (sign-in.ts), which only the account page needs.
 */

export const PHONE_TAKEN_MESSAGE =
  'This number belongs to another account. Sign in with it to use that account, or choose another number.';
export const SAME_PHONE_MESSAGE = 'This is already your phone number.';

/**
 * What a deleted account is called wherever its orders and payments are still shown (staff lists,
 * administrators' payments, receipts): the person's own name is gone.
 */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** The word a patron types to confirm they mean to delete their account (any case). */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
export const DELETE_ACCOUNT_CONFIRMATION_MESSAGE = `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`;

/** The new number, written as on the sign-in form: a dial code and the national number. */
export const sendPhoneChangeCodeRequestSchema = z
  .object({ code: dialCodeSchema, phone: nationalPhoneSchema })
  .superRefine(validPhoneNumber);
export type SendPhoneChangeCodeRequest = z.input<typeof sendPhoneChangeCodeRequestSchema>;

/**
 * The same number again, the code texted to it, and the challenge the code request answered: the shape of
 * a sign-in with a code, so one schema serves both.
 */
export const changePhoneRequestSchema = loginPhoneRequestSchema;
export type ChangePhoneRequest = z.input<typeof changePhoneRequestSchema>;

export const deleteAccountRequestSchema = z.object({
  confirmation: z
    .string()
    .trim()
    .max(40, DELETE_ACCOUNT_CONFIRMATION_MESSAGE)
    .refine(
      (value) => value.toUpperCase() === DELETE_ACCOUNT_CONFIRMATION,
      DELETE_ACCOUNT_CONFIRMATION_MESSAGE,
    ),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

// ---- Endpoints (docs/decisions/014) ----

/**
 * The code machinery and throttles of sign-in (docs/decisions/005), for a number the patron wants to move
 * to. A wrong code answers 422 on `otp`, never 401: the person is signed in, and a 401 would end their
 * session. Throttled answers (429) carry `Retry-After`.
 */
export const sendPhoneChangeCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/me/phone/code',
  access: { roles: ['user'] },
  summary: 'Text a code to the number the patron wants to move their account to',
  tags: ['account'],
  body: sendPhoneChangeCodeRequestSchema,
  responses: { 200: sendOtpResponseSchema },
  errors: [401, 403, 409, 422, 429, 503],
});

export const changePhoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/me/phone',
  access: { roles: ['user'] },
  summary: 'Move the account to the new number, with the code texted to it; the old number is told',
  tags: ['account'],
  body: changePhoneRequestSchema,
  responses: { 200: meResponseSchema },
  errors: [401, 403, 409, 422, 429],
});

/**
 * Removes the person from their account: name, e-mail, phone and password cleared, sessions and sign-in
 * codes deleted. Orders, payments and refunds stay, under DELETED_ACCOUNT_NAME. Refused (409, saying why)
 * while an order still holds the patron's money: paid and not yet performed, or a refund not yet made.
 */
export const deleteAccountEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/me',
  access: { roles: ['user'] },
  summary: 'Delete the signed-in patron’s account, keeping its orders and payments without their identity',
  tags: ['account'],
  body: deleteAccountRequestSchema,
  responses: { 200: messageResponseSchema },
  errors: [401, 403, 409, 422],
});
