import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { giftInputSchema, orderGiftSchema } from './offerings.ts';
import { orderIdParamsSchema } from './orders.ts';
import { z } from './zod.ts';

/**
 * A patron's own gift, to change or withdraw (docs/decisions/059): until the recipient is told, everything
 * may change, and the gift may be withdrawn; once told, only what the recipient's page shows (their name,
 * the patron's words, whether the patron's name shows).
 */

/** The gift as its patron edits it: what the order shows, with how the recipient is told. */
export const giftDetailsSchema = orderGiftSchema
  .extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    language: z.enum(LANGUAGES),
  })
  .meta({ id: 'GiftDetails' });
export type GiftDetails = z.infer<typeof giftDetailsSchema>;

export const giftResponseSchema = z.object({ gift: giftDetailsSchema });
export type GiftResponse = z.infer<typeof giftResponseSchema>;

export const orderGiftEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order/:orderId/gift',
  access: { roles: ['user'] },
  summary: 'The patron’s own gift on their order, with the recipient’s e-mail and phone, to edit it',
  tags: ['orders'],
  params: orderIdParamsSchema,
  responses: { 200: giftResponseSchema },
  errors: [401, 403, 404, 422],
});

export const updateOrderGiftEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/order/:orderId/gift',
  access: { roles: ['user'] },
  summary:
    'The patron changes their gift as a whole: anything until the recipient is told, then only their name, the words and whether the patron’s name shows',
  tags: ['orders'],
  params: orderIdParamsSchema,
  body: giftInputSchema,
  responses: { 200: giftResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const withdrawOrderGiftEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/order/:orderId/gift',
  access: { roles: ['user'] },
  summary: 'The patron withdraws their gift before the recipient is told: nothing is sent to them',
  tags: ['orders'],
  params: orderIdParamsSchema,
  responses: { 200: z.object({ gift: z.null() }) },
  errors: [401, 403, 404, 409, 422],
});
