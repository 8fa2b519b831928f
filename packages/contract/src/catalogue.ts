import { PLAN_KINDS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { isSlugOrId, MAX_SLUG_LENGTH, SLUG_PATTERN } from './identifiers.ts';
import { idSchema, uploadedFileSchema } from './input-rules.ts';
import { offeringPricingSchema } from './offerings.ts';
import { recordVersionSchema } from './record-version.ts';
import { z } from './zod.ts';

/**
 * Catalogue shapes (docs/api.md "Shapes" and "Catalogue"): monasteries, pujas and the offering of the two
 * with a monastery's price. Costs are rupees as JSON numbers.
 */

/**
 * A name or description entered in Nepali or Traditional Chinese, or null where only the English was
 * (docs/decisions/049; `catalogueText` picks the reader's). The server always sends them; optional so an
 * answer kept from before they existed still reads.
 */
const translationSchema = z.string().nullable().optional();
/** The names in the other languages: every shape that names a monastery or puja carries them. */
export const nameTranslationsSchema = z.object({
  name_ne: translationSchema,
  name_zh_hant: translationSchema,
});
const catalogueTranslationsSchema = nameTranslationsSchema.extend({
  description_ne: translationSchema,
  description_zh_hant: translationSchema,
});

export const catalogueStatusSchema = z.union([z.literal(0), z.literal(1)]);

/** The price a monastery asks for a puja: the monastery–puja offering. */
export const pivotSchema = z
  .object({
    id: z.number().int(),
    /** The price, the unit's price or the least amount, as `pricing` says (docs/decisions/054). */
    cost: z.number().nonnegative(),
    /** How the offering is priced. The server always sends it; optional so an answer kept from before reads. */
    pricing: offeringPricingSchema.optional(),
    /**
     * The dedication plans the monastery offers the puja as (docs/decisions/055); empty: orders only. The
     * server always sends it; optional so an answer kept from before reads.
     */
    plan_kinds: z.array(z.enum(PLAN_KINDS)).optional(),
    /**
     * The monastery's own days after a death for the 49 days (docs/decisions/059); null: the 7th, 14th …
     * 49th. Optional so an answer kept from before reads.
     */
    plan_schedule: z.array(z.number().int()).nullable().optional(),
    /**
     * Whether its plans may be paid occurrence by occurrence (docs/decisions/058); false: paid whole. The
     * server always sends it; optional so an answer kept from before reads.
     */
    plan_pay_each: z.boolean().optional(),
  })
  .meta({ id: 'Pivot' });
export type Pivot = z.infer<typeof pivotSchema>;

export const pujaSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().nullable(),
    description: z.string(),
    ...catalogueTranslationsSchema.shape,
    image_path: z.string().nullable(),
    status: catalogueStatusSchema,
    /** Non-null marks a monastery's own special puja. */
    monastery_id: z.number().int().nullable(),
    /** What a save sends back (docs/decisions/040). */
    version: z.number().int(),
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
    ...catalogueTranslationsSchema.shape,
    image_path: z.string().nullable(),
    /**
     * The gallery's pictures, in order, and where the monastery is and how to reach it (docs/decisions/046).
     * The server always sends them; optional so an answer kept from before they existed still reads.
     */
    gallery: z.array(z.string()).optional(),
    address: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    status: catalogueStatusSchema,
    /** What a save sends back (docs/decisions/040). */
    version: z.number().int(),
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

const NAME_MAX = 120;
const nameTooLong = 'Name can be at most 120 characters.';
const DESCRIPTION_MAX = 5000;
const descriptionTooLong = 'Description can be at most 5000 characters.';

/** A text in another language as a form sends it: empty (or left out) is none, and the English is shown. */
const translationField = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);
export const descriptionTranslationFieldsSchema = z.object({
  description_ne: translationField(DESCRIPTION_MAX, descriptionTooLong),
  description_zh_hant: translationField(DESCRIPTION_MAX, descriptionTooLong),
});

/**
 * A monastery or puja as the forms send it: name, image, description and status are all required; the
 * name and description in Nepali and Chinese are optional (docs/decisions/049).
 */
export const catalogueItemFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(NAME_MAX, nameTooLong),
  description: z.string().trim().min(1, 'Description is required.').max(DESCRIPTION_MAX, descriptionTooLong),
  name_ne: translationField(NAME_MAX, nameTooLong),
  name_zh_hant: translationField(NAME_MAX, nameTooLong),
  ...descriptionTranslationFieldsSchema.shape,
  status: catalogueStatusFieldSchema,
  /** A picture (multipart file). Required when creating; on edit only to replace the current one. */
  image: uploadedFileSchema('A picture (multipart file)'),
});
export type CatalogueItemFields = z.input<typeof catalogueItemFieldsSchema>;

/** An edit: the same fields and the version the form was opened at; a save from an older one is refused (409). */
export const catalogueItemEditSchema = catalogueItemFieldsSchema.extend({ version: recordVersionSchema });
export type CatalogueItemEdit = z.input<typeof catalogueItemEditSchema>;

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
