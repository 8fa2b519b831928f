import {
  catalogueItemEditSchema,
  catalogueItemFieldsSchema,
  idParamsSchema,
  monasteryListResponseSchema,
  monasterySummarySchema,
  pujaListResponseSchema,
  pujaSchema,
} from './catalogue.ts';
import { defineEndpoint } from './endpoint.ts';
import { pageInfoSchema, pageQuerySchema } from './paging.ts';
import { z } from './zod.ts';

/*
 * The administrator's side of the catalogue: creating, updating, deleting, listing the archived and
 * restoring monasteries and catalogue pujas. A file apart from catalogue.ts because a bundler keeps a
 * module whole: while these declarations sat beside the public reads, the home page's first bundle carried
 * every one of them, though only the lazily loaded admin screens use them.
 */

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
// Creating and updating a monastery or a puja take a picture, so their body is multipart form data.

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
  body: catalogueItemEditSchema,
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
  body: catalogueItemEditSchema,
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
