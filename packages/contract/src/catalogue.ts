import { defineEndpoint } from './endpoint.ts';
import { isSlugOrId, MAX_SLUG_LENGTH, SLUG_PATTERN } from './identifiers.ts';
import { idSchema, uploadedFileSchema } from './input-rules.ts';
import { z } from './zod.ts';

/**
 * Catalogue shapes (docs/api.md "Shapes" and "Catalogue"): monasteries, pujas and the offering of the two
 * with a monastery's price. Costs are rupees as JSON numbers.
 */

export const catalogueStatusSchema = z.union([z.literal(0), z.literal(1)]);

/** The price a monastery asks for a puja: the monastery–puja offering. */
export const pivotSchema = z
  .object({ id: z.number().int(), cost: z.number().nonnegative() })
  .meta({ id: 'Pivot' });
export type Pivot = z.infer<typeof pivotSchema>;

export const pujaSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().nullable(),
    description: z.string(),
    image_path: z.string().nullable(),
    status: catalogueStatusSchema,
    /** Non-null marks a monastery's own special puja. */
    monastery_id: z.number().int().nullable(),
  })
  .meta({ id: 'Puja' });
export type Puja = z.infer<typeof pujaSchema>;

export const pujaWithPivotSchema = pujaSchema.extend({ pivot: pivotSchema }).meta({ id: 'PujaWithPivot' });
export type PujaWithPivot = z.infer<typeof pujaWithPivotSchema>;

export const monasterySummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    image_path: z.string().nullable(),
    status: catalogueStatusSchema,
  })
  .meta({ id: 'MonasterySummary' });
export type MonasterySummary = z.infer<typeof monasterySummarySchema>;

export const monasterySchema = monasterySummarySchema
  .extend({ pujas: z.array(pujaWithPivotSchema) })
  .meta({ id: 'Monastery' });
export type Monastery = z.infer<typeof monasterySchema>;

export const monasteryWithPivotSchema = monasterySummarySchema
  .extend({ pivot: pivotSchema })
  .meta({ id: 'MonasteryWithPivot' });
export type MonasteryWithPivot = z.infer<typeof monasteryWithPivotSchema>;

export const pujaDetailSchema = pujaSchema
  .extend({ monasteries: z.array(monasteryWithPivotSchema) })
  .meta({ id: 'PujaDetail' });
export type PujaDetail = z.infer<typeof pujaDetailSchema>;

/** `{slugOrId}` path parameter: a slug (lowercase words joined by hyphens) or a numeric id. */
export const slugOrIdParamsSchema = z.object({
  slugOrId: z
    .string()
    .min(1)
    .max(MAX_SLUG_LENGTH)
    .regex(SLUG_PATTERN, 'Expected a slug or an id.')
    // Digits alone are read as an id, which cannot be larger than an id column holds.
    .refine(isSlugOrId, 'Expected a slug or an id.'),
});

export const monasteryListResponseSchema = z.object({ monasteries: z.array(monasterySchema) });
export type MonasteryListResponse = z.infer<typeof monasteryListResponseSchema>;

export const monasteryDetailResponseSchema = z.object({ monastery: monasterySchema });
export type MonasteryDetailResponse = z.infer<typeof monasteryDetailResponseSchema>;

export const pujaListResponseSchema = z.object({ pujas: z.array(pujaSchema) });
export type PujaListResponse = z.infer<typeof pujaListResponseSchema>;

export const pujaDetailResponseSchema = z.object({ puja: pujaDetailSchema });
export type PujaDetailResponse = z.infer<typeof pujaDetailResponseSchema>;

/** The direct-order form's choices: every open monastery with its pujas and prices, and all pujas. */
export const monasteryPujaOptionsResponseSchema = z.object({
  monasteries: z.array(monasterySchema),
  pujas: z.array(pujaSchema),
});
export type MonasteryPujaOptionsResponse = z.infer<typeof monasteryPujaOptionsResponseSchema>;

/** Open (1) or closed (0), as forms send it ("1") or JSON does (1). */
export const catalogueStatusFieldSchema = z.coerce
  .number({ error: 'Choose a status.' })
  .refine((value) => value === 0 || value === 1, 'Status is Open (1) or Closed (0).')
  .transform((value) => value as 0 | 1);

/** A monastery or puja as the forms send it: name, image, description and status are all required. */
export const catalogueItemFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(120, 'Name can be at most 120 characters.'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required.')
    .max(5000, 'Description can be at most 5000 characters.'),
  status: catalogueStatusFieldSchema,
  /** A picture (multipart file). Required when creating; on edit only to replace the current one. */
  image: uploadedFileSchema('A picture (multipart file)'),
});
export type CatalogueItemFields = z.input<typeof catalogueItemFieldsSchema>;

export const idParamsSchema = z.object({ id: idSchema() });

// ---- Endpoints (docs/decisions/014) ----
// The reads are public; an administrator is answered fresh, closed rows included. The administrator's
// writes and archived lists are declared in catalogue-admin.ts.

export const listMonasteriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery',
  access: 'public',
  summary: 'Monasteries with the pujas they offer (open ones; all for admins)',
  tags: ['catalogue'],
  responses: { 200: monasteryListResponseSchema },
  errors: [],
});

export const getMonasteryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery/:slugOrId/edit',
  access: 'public',
  summary: 'One monastery with its pujas and prices',
  tags: ['catalogue'],
  params: slugOrIdParamsSchema,
  responses: { 200: monasteryDetailResponseSchema },
  errors: [404, 422],
});

export const listPujasEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/puja',
  access: 'public',
  summary: 'Catalogue pujas (open ones; all for admins)',
  tags: ['catalogue'],
  responses: { 200: pujaListResponseSchema },
  errors: [],
});

export const getPujaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/puja/:slugOrId/edit',
  access: 'public',
  summary: 'One puja with the monasteries offering it and their prices',
  tags: ['catalogue'],
  params: slugOrIdParamsSchema,
  responses: { 200: pujaDetailResponseSchema },
  errors: [404, 422],
});

export const getMonasteryPujaOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/get-monastery-puja',
  access: 'public',
  summary: 'Choices for the direct-order form',
  tags: ['catalogue'],
  responses: { 200: monasteryPujaOptionsResponseSchema },
  errors: [],
});
