import { z } from 'zod';
import { pujaSchema, pujaWithPivotSchema } from './catalogue.ts';

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

export const pivotIdParamsSchema = z.object({ pivotId: z.coerce.number().int().positive() });

export const addMonasteryPujaRequestSchema = z.object({
  puja: z.coerce.number({ error: 'Choose a puja.' }).int('Choose a puja.').positive('Choose a puja.'),
  cost: pujaCostSchema,
});
export type AddMonasteryPujaRequest = z.input<typeof addMonasteryPujaRequestSchema>;

export const selectedPujaResponseSchema = z.object({ selectedPuja: pujaWithPivotSchema });
export type SelectedPujaResponse = z.infer<typeof selectedPujaResponseSchema>;

export const catalogueStatusFieldSchema = z.coerce
  .number({ error: 'Choose a status.' })
  .refine((value) => value === 0 || value === 1, 'Status is Open (1) or Closed (0).')
  .transform((value) => value as 0 | 1);

export const specialPujaFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(120, 'Name can be at most 120 characters.'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required.')
    .max(5000, 'Description can be at most 5000 characters.'),
  status: catalogueStatusFieldSchema,
  cost: pujaCostSchema,
  /** A picture (multipart file). Required when creating; on edit only to replace the current one. */
  image: z.unknown().optional().meta({ description: 'A picture (multipart file)' }),
});
export type SpecialPujaFields = z.input<typeof specialPujaFieldsSchema>;
