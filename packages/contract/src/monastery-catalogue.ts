import { catalogueItemFieldsSchema, pujaSchema, pujaWithPivotSchema } from './catalogue.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema } from './input-rules.ts';
import { isWholePaisa } from './money.ts';
import { checkOfferingPricing, offeringPricingFieldsSchema } from './offerings.ts';
import { recordVersionSchema } from './record-version.ts';
import { z } from './zod.ts';

/** A monastery's own offerings, managed by its staff (docs/api.md "Monastery catalogue"). */

/** Khalti takes nothing under Rs. 10, so no puja may cost less. */
export const MIN_PUJA_COST = 10;
export const MAX_PUJA_COST = 10_000_000;

export const pujaCostSchema = z.coerce
  .number({ error: 'Cost is required and must be a number.' })
  .min(MIN_PUJA_COST, `Cost must be at least Rs. ${MIN_PUJA_COST}.`)
  .max(MAX_PUJA_COST, 'Cost is too large.')
  .refine(isWholePaisa, 'Cost can have at most two decimals (paisa).');

export const monasteryPujasResponseSchema = z.object({
  /** Catalogue pujas this monastery does not offer yet. */
  pujas: z.array(pujaSchema),
  monasteryPuja: z.object({ pujas: z.array(pujaWithPivotSchema) }),
});
export type MonasteryPujasResponse = z.infer<typeof monasteryPujasResponseSchema>;

export const pivotIdParamsSchema = z.object({ pivotId: idSchema() });

/** Offering a catalogue puja: its price, and how it is priced (docs/decisions/054). */
export const addMonasteryPujaRequestSchema = z
  .object({ puja: idSchema('Choose a puja.'), cost: pujaCostSchema })
  .extend(offeringPricingFieldsSchema.shape)
  .superRefine(checkOfferingPricing);
export type AddMonasteryPujaRequest = z.input<typeof addMonasteryPujaRequestSchema>;

export const selectedPujaResponseSchema = z.object({ selectedPuja: pujaWithPivotSchema });
export type SelectedPujaResponse = z.infer<typeof selectedPujaResponseSchema>;

/** A special puja: the fields of any catalogue item, and its price at this monastery. */
const specialPujaShape = catalogueItemFieldsSchema
  .extend({ cost: pujaCostSchema })
  .extend(offeringPricingFieldsSchema.shape);
export const specialPujaFieldsSchema = specialPujaShape.superRefine(checkOfferingPricing);
export type SpecialPujaFields = z.input<typeof specialPujaFieldsSchema>;
/** An edit of a special puja: the version it was opened at (docs/decisions/040). */
export const specialPujaEditSchema = specialPujaShape
  .extend({ version: recordVersionSchema })
  .superRefine(checkOfferingPricing);

// ---- Endpoints (docs/decisions/014) ----
// Staff only, each of their own monastery: a offering of another monastery answers 403. A special puja
// comes with a picture, so creating and editing one take multipart form data.

const staffErrors = [401, 403, 404, 409, 422] as const;

export const listMonasteryPujasEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery-puja',
  access: { roles: ['monastery'] },
  summary: 'The pujas this monastery offers, with prices, and the catalogue pujas it could add',
  tags: ['monastery catalogue'],
  responses: { 200: monasteryPujasResponseSchema },
  errors: [401, 403],
});

export const addMonasteryPujaEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monastery-puja',
  access: { roles: ['monastery'] },
  summary: 'Offer a catalogue puja at a price',
  tags: ['monastery catalogue'],
  body: addMonasteryPujaRequestSchema,
  responses: { 200: monasteryPujasResponseSchema },
  errors: staffErrors,
});

export const getMonasteryPujaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery-puja/:pivotId/edit',
  access: { roles: ['monastery'] },
  summary: 'A catalogue puja this monastery offers, with its price',
  tags: ['monastery catalogue'],
  params: pivotIdParamsSchema,
  responses: { 200: selectedPujaResponseSchema },
  errors: staffErrors,
});

export const updateMonasteryPujaCostEndpoint = defineEndpoint({
  method: 'PATCH',
  methodOverride: true,
  path: '/api/monastery-puja/:pivotId',
  access: { roles: ['monastery'] },
  summary: 'Change a price',
  tags: ['monastery catalogue'],
  params: pivotIdParamsSchema,
  body: addMonasteryPujaRequestSchema,
  responses: { 200: monasteryPujasResponseSchema },
  errors: staffErrors,
});

export const removeMonasteryPujaEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/monastery-puja/:pivotId',
  access: { roles: ['monastery'] },
  summary: 'Stop offering a puja (archived when it has orders)',
  tags: ['monastery catalogue'],
  params: pivotIdParamsSchema,
  responses: { 200: monasteryPujasResponseSchema },
  errors: staffErrors,
});

export const getSpecialPujaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery-special-puja/:pivotId/edit',
  access: { roles: ['monastery'] },
  summary: 'One of this monastery’s special pujas, with its price',
  tags: ['monastery catalogue'],
  params: pivotIdParamsSchema,
  responses: { 200: selectedPujaResponseSchema },
  errors: staffErrors,
});

/**
 * The error answers creating and editing a special puja have always documented (a 401 is answered too, and
 * has never been listed in their OpenAPI entries).
 */
const specialPujaErrors = [403, 404, 409, 422] as const;

export const createSpecialPujaEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monastery-special-puja',
  access: { roles: ['monastery'] },
  summary: 'Create a special puja of this monastery',
  tags: ['monastery catalogue'],
  body: specialPujaFieldsSchema,
  consumes: 'multipart/form-data',
  responses: { 200: monasteryPujasResponseSchema },
  errors: specialPujaErrors,
});

export const updateSpecialPujaEndpoint = defineEndpoint({
  method: 'PATCH',
  methodOverride: true,
  path: '/api/monastery-special-puja/:pivotId',
  access: { roles: ['monastery'] },
  summary: 'Edit a special puja',
  tags: ['monastery catalogue'],
  params: pivotIdParamsSchema,
  body: specialPujaEditSchema,
  consumes: 'multipart/form-data',
  responses: { 200: monasteryPujasResponseSchema },
  errors: specialPujaErrors,
});
