import { z } from 'zod';
import { catalogueItemFieldsSchema, pujaSchema, pujaWithPivotSchema } from './catalogue.ts';
import { idSchema } from './input-rules.ts';

/** A monastery's own offerings, managed by its staff (API.md "Monastery catalogue"). */

/** Khalti takes nothing under Rs. 10, so no puja may cost less. */
export const MIN_PUJA_COST = 10;
export const MAX_PUJA_COST = 10_000_000;

export const pujaCostSchema = z.coerce
  .number({ error: 'Cost is required and must be a number.' })
  .min(MIN_PUJA_COST, `Cost must be at least Rs. ${MIN_PUJA_COST}.`)
  .max(MAX_PUJA_COST, 'Cost is too large.')
  .refine((value) => Math.round(value * 100) === value * 100, 'Cost can have at most two decimals (paisa).');

export const monasteryPujasResponseSchema = z.object({
  /** Catalogue pujas this monastery does not offer yet. */
  pujas: z.array(pujaSchema),
  monasteryPuja: z.object({ pujas: z.array(pujaWithPivotSchema) }),
});
export type MonasteryPujasResponse = z.infer<typeof monasteryPujasResponseSchema>;

export const pivotIdParamsSchema = z.object({ pivotId: idSchema() });

export const addMonasteryPujaRequestSchema = z.object({
  puja: idSchema('Choose a puja.'),
  cost: pujaCostSchema,
});
export type AddMonasteryPujaRequest = z.input<typeof addMonasteryPujaRequestSchema>;

export const selectedPujaResponseSchema = z.object({ selectedPuja: pujaWithPivotSchema });
export type SelectedPujaResponse = z.infer<typeof selectedPujaResponseSchema>;

/** A special puja: the fields of any catalogue item, and its price at this monastery. */
export const specialPujaFieldsSchema = catalogueItemFieldsSchema.extend({ cost: pujaCostSchema });
export type SpecialPujaFields = z.input<typeof specialPujaFieldsSchema>;
