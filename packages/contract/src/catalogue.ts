import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, MAX_ID } from './input-rules.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';

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
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a slug or an id.')
    // Digits alone are read as an id, which cannot be larger than an id column holds.
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= MAX_ID, 'Expected a slug or an id.'),
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
  image: z.unknown().optional().meta({ description: 'A picture (multipart file)' }),
});
export type CatalogueItemFields = z.input<typeof catalogueItemFieldsSchema>;

export const idParamsSchema = z.object({ id: idSchema() });

/** Archived monasteries and catalogue pujas, a page at a time, the latest archived first. */
export const ARCHIVED_PAGE_SIZE = 25;
export const archivedCatalogueQuerySchema = pageQuerySchema.extend({
  /** Part of the name, any case. */
  q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
});
export type ArchivedCatalogueQuery = z.input<typeof archivedCatalogueQuerySchema>;

export const archivedMonasterySchema = monasterySummarySchema
  .extend({ archived_at: z.string() })
  .meta({ id: 'ArchivedMonastery' });
export type ArchivedMonastery = z.infer<typeof archivedMonasterySchema>;
export const archivedPujaSchema = pujaSchema.extend({ archived_at: z.string() }).meta({ id: 'ArchivedPuja' });
export type ArchivedPuja = z.infer<typeof archivedPujaSchema>;

export const archivedMonasteriesResponseSchema = z.object({
  monasteries: z.array(archivedMonasterySchema),
  ...pageInfoSchema.shape,
});
export type ArchivedMonasteriesResponse = z.infer<typeof archivedMonasteriesResponseSchema>;
export const archivedPujasResponseSchema = z.object({
  pujas: z.array(archivedPujaSchema),
  ...pageInfoSchema.shape,
});
export type ArchivedPujasResponse = z.infer<typeof archivedPujasResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----
// The reads are public; an administrator is answered fresh, closed rows included. Creating and updating a
// monastery or a puja take a picture, so their body is multipart form data.

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

export const deleteMonasteryEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/monastery/:id',
  access: { roles: ['admin'] },
  summary: 'Delete a monastery (archived when it has orders or staff)',
  tags: ['catalogue'],
  params: idParamsSchema,
  responses: { 200: monasteryListResponseSchema },
  errors: [401, 403, 404, 413, 422],
});

export const deletePujaEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/puja/:id',
  access: { roles: ['admin'] },
  summary: 'Delete a catalogue puja (archived when it has orders)',
  tags: ['catalogue'],
  params: idParamsSchema,
  responses: { 200: pujaListResponseSchema },
  errors: [401, 403, 404, 413, 422],
});

/**
 * The error answers the administrator's multipart writes have always documented. Like any admin route they
 * also answer 401 and 403, which their OpenAPI entries have never listed.
 */
const catalogueWriteErrors = [404, 409, 413, 422] as const;

export const createMonasteryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monastery',
  access: { roles: ['admin'] },
  summary: 'Create a monastery',
  tags: ['catalogue'],
  body: catalogueItemFieldsSchema,
  consumes: 'multipart/form-data',
  responses: { 200: monasteryListResponseSchema },
  errors: catalogueWriteErrors,
});

export const updateMonasteryEndpoint = defineEndpoint({
  method: 'PATCH',
  methodOverride: true,
  path: '/api/monastery/:id',
  access: { roles: ['admin'] },
  summary: 'Update a monastery (the picture only when a new one is sent)',
  tags: ['catalogue'],
  params: idParamsSchema,
  body: catalogueItemFieldsSchema,
  consumes: 'multipart/form-data',
  responses: { 200: monasteryListResponseSchema },
  errors: catalogueWriteErrors,
});

export const createPujaEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/puja',
  access: { roles: ['admin'] },
  summary: 'Create a catalogue puja',
  tags: ['catalogue'],
  body: catalogueItemFieldsSchema,
  consumes: 'multipart/form-data',
  responses: { 200: pujaListResponseSchema },
  errors: catalogueWriteErrors,
});

export const updatePujaEndpoint = defineEndpoint({
  method: 'PATCH',
  methodOverride: true,
  path: '/api/puja/:id',
  access: { roles: ['admin'] },
  summary: 'Update a catalogue puja',
  tags: ['catalogue'],
  params: idParamsSchema,
  body: catalogueItemFieldsSchema,
  consumes: 'multipart/form-data',
  responses: { 200: pujaListResponseSchema },
  errors: catalogueWriteErrors,
});

// Archived monasteries and catalogue pujas: listed and restored by administrators. A restore answers the
// administrator's list, as the other writes do; a name now used by a current row answers 409.

export const listArchivedMonasteriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/monastery/archived',
  access: { roles: ['admin'] },
  summary: 'Archived monasteries, the latest archived first, a page at a time',
  tags: ['catalogue'],
  query: archivedCatalogueQuerySchema,
  responses: { 200: archivedMonasteriesResponseSchema },
  errors: [401, 403, 422],
});

export const restoreMonasteryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/monastery/:id/restore',
  access: { roles: ['admin'] },
  summary: 'Restore an archived monastery, with the offerings and special pujas archived with it',
  tags: ['catalogue'],
  params: idParamsSchema,
  responses: { 200: monasteryListResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const listArchivedPujasEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/puja/archived',
  access: { roles: ['admin'] },
  summary: 'Archived catalogue pujas, the latest archived first, a page at a time',
  tags: ['catalogue'],
  query: archivedCatalogueQuerySchema,
  responses: { 200: archivedPujasResponseSchema },
  errors: [401, 403, 422],
});

export const restorePujaEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/puja/:id/restore',
  access: { roles: ['admin'] },
  summary: 'Restore an archived catalogue puja, with the offerings archived with it',
  tags: ['catalogue'],
  params: idParamsSchema,
  responses: { 200: pujaListResponseSchema },
  errors: [401, 403, 404, 409, 422],
});
