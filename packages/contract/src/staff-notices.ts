import { STAFF_NOTICE_FREQUENCIES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { formBoolean } from './input-rules.ts';
import { listFromForm } from './orders.ts';
import { z } from './zod.ts';

/**
 * How a monastery's staff member is told of orders (docs/decisions/041): any of SMS, e-mail and web push,
 * at each order or in a digest. The channels the person cannot be reached by (no number, no address, no
 * device) are kept as chosen and used once they can.
 */
export const staffNoticeSettingsSchema = z.object({
  sms: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
  frequency: z.enum(STAFF_NOTICE_FREQUENCIES),
});
export type StaffNoticeSettings = z.infer<typeof staffNoticeSettingsSchema>;

/** The choice as it is sent: JSON or a form (whose yes and no are "true" and "false"). */
export const staffNoticeSettingsRequestSchema = z.object({
  sms: formBoolean('Say whether you want SMS: true or false.'),
  email: formBoolean('Say whether you want e-mails: true or false.'),
  push: formBoolean('Say whether you want notifications on your devices: true or false.'),
  frequency: z.enum(STAFF_NOTICE_FREQUENCIES, 'Choose how often to be told: each order, or a digest.'),
});

export const staffNoticeSettingsResponseSchema = staffNoticeSettingsSchema.extend({
  has_phone: z.boolean(),
  has_email: z.boolean(),
  /** This person's devices that receive notifications. */
  push_devices: z.number().int(),
  /** The server's VAPID public key for `PushManager.subscribe`; null when web push is not set up. */
  vapid_public_key: z.string().nullable(),
});
export type StaffNoticeSettingsResponse = z.infer<typeof staffNoticeSettingsResponseSchema>;

/** Base64url of a key's length, the length in the pattern (the fuzzer generates from patterns). */
const base64url = (message: string, length: { min: number; max: number }) =>
  z
    .string(message)
    .max(length.max + 2, message)
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length.min},${length.max}}={0,2}$`), message);

const pushEndpointSchema = z
  .url({ protocol: /^https?$/, error: 'A push endpoint is a web address.' })
  .max(1000, 'A push endpoint is a web address.');

/** A browser's `PushSubscription.toJSON()`, as `PushManager.subscribe` gave it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  /** The keys; a form carries them as one field holding their JSON. */
  keys: z.preprocess(
    listFromForm,
    z.object({
      p256dh: base64url('The browser’s key is not valid.', { min: 86, max: 90 }),
      auth: base64url('The browser’s key is not valid.', { min: 16, max: 32 }),
    }),
  ),
});
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequestSchema>;

export const pushSubscriptionQuerySchema = z.object({ endpoint: pushEndpointSchema });

export const getStaffNoticeSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/me/staff-notices',
  access: { roles: ['monastery'] },
  summary: 'How the signed-in staff member is told of orders',
  tags: ['staff-notices'],
  responses: { 200: staffNoticeSettingsResponseSchema },
  errors: [401, 403],
});

export const updateStaffNoticeSettingsEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/staff-notices',
  access: { roles: ['monastery'] },
  summary: 'Choose SMS, e-mail and notifications, at each order or in a digest',
  tags: ['staff-notices'],
  body: staffNoticeSettingsRequestSchema,
  methodOverride: true,
  responses: { 200: staffNoticeSettingsResponseSchema },
  errors: [401, 403, 422],
});

export const addPushSubscriptionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/me/push-subscriptions',
  access: { roles: ['monastery'] },
  summary: 'Keep this device’s push subscription (one per device; the same endpoint again replaces it)',
  tags: ['staff-notices'],
  body: pushSubscriptionRequestSchema,
  responses: { 200: staffNoticeSettingsResponseSchema },
  errors: [401, 403, 422],
});

export const removePushSubscriptionEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/me/push-subscriptions',
  access: { roles: ['monastery'] },
  summary: 'Forget one of the signed-in person’s devices',
  tags: ['staff-notices'],
  query: pushSubscriptionQuerySchema,
  responses: { 200: staffNoticeSettingsResponseSchema },
  errors: [401, 403, 422],
});
