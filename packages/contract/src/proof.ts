import { isCalendarDate } from './business-time.ts';
import { defineEndpoint } from './endpoint.ts';
import { idSchema, uploadedFileSchema } from './input-rules.ts';
import { ISO_DATE_PATTERN } from './orders.ts';
import { z } from './zod.ts';

/**
 * Proof of a performed puja (docs/decisions/037): one short video of it, a livestream or recording link,
 * and a certificate whose code anyone can check at `/verify/{code}`.
 */

/** The video formats taken, by what their bytes say they are. */
export const ORDER_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type OrderVideoType = (typeof ORDER_VIDEO_TYPES)[number];

/** The hosts a livestream or recording link may be on (and their subdomains), over https only. */
export const LIVESTREAM_HOSTS = {
  youtube: ['youtube.com', 'youtu.be'],
  facebook: ['facebook.com', 'fb.watch'],
  zoom: ['zoom.us'],
} as const;
export type LivestreamProvider = keyof typeof LIVESTREAM_HOSTS;
export const LIVESTREAM_PROVIDERS = Object.keys(LIVESTREAM_HOSTS) as LivestreamProvider[];

/** The provider whose host serves `url`, or undefined when it is not an https link on one of them. */
export function livestreamProviderOf(url: string): LivestreamProvider | undefined {
  // https, then the host alone: no user or password before it (`@`), no port after it (`:`).
  const host = /^https:\/\/([A-Za-z0-9.-]+)(?:[/?#]|$)/.exec(url)?.[1]?.toLowerCase();
  if (!host || /\s/.test(url)) return undefined;
  return LIVESTREAM_PROVIDERS.find((provider) =>
    LIVESTREAM_HOSTS[provider].some((allowed) => host === allowed || host.endsWith(`.${allowed}`)),
  );
}

export const orderProofParamsSchema = z.object({ orderId: idSchema() });

export const orderVideoSchema = z
  .object({
    id: z.number().int(),
    /** A signed link that expires; the browser asks it for ranges of the file. */
    url: z.string(),
    /** A signed link to the poster picture, or null when there is none (no poster and no photo). */
    poster_url: z.string().nullable(),
    content_type: z.enum(ORDER_VIDEO_TYPES),
    size_bytes: z.number().int(),
    uploaded_at: z.string(),
  })
  .meta({ id: 'OrderVideo' });

export const orderLivestreamSchema = z
  .object({
    url: z.string(),
    provider: z.enum(LIVESTREAM_PROVIDERS as [LivestreamProvider, ...LivestreamProvider[]]),
    /** When it starts (ISO, UTC). */
    starts_at: z.string(),
  })
  .meta({ id: 'OrderLivestream' });

export const orderCertificateSchema = z
  .object({
    code: z.string(),
    /** The public page that confirms it (`/verify/7K3M-…`). */
    verify_path: z.string(),
  })
  .meta({ id: 'OrderCertificate' });

export const orderProofResponseSchema = z
  .object({
    video: orderVideoSchema.nullable(),
    livestream: orderLivestreamSchema.nullable(),
    /** Only once the order is completed. */
    certificate: orderCertificateSchema.nullable(),
  })
  .meta({ id: 'OrderProof' });
export type OrderProofResponse = z.infer<typeof orderProofResponseSchema>;

export const uploadOrderVideoRequestSchema = z.object({
  video: uploadedFileSchema('One MP4 or WebM file (multipart)'),
  poster: uploadedFileSchema('A picture shown before the video plays (multipart)'),
});

export const LIVESTREAM_URL_MESSAGE = 'Give an https link on YouTube, Facebook or Zoom.';
export const announceLivestreamRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .max(500, LIVESTREAM_URL_MESSAGE)
    .refine((value) => livestreamProviderOf(value) !== undefined, LIVESTREAM_URL_MESSAGE),
  /** The day and time it starts, in Nepal time. */
  date: z.string().trim().regex(ISO_DATE_PATTERN, 'Choose a date.').refine(isCalendarDate, 'Choose a date.'),
  time: z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a time such as 07:00 or 18:30 (Nepal time).'),
});
export type AnnounceLivestreamRequest = z.input<typeof announceLivestreamRequestSchema>;

export const signedFileQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(100),
});

export const verifyCertificateParamsSchema = z.object({ code: z.string().max(40) });
export const certificateLanguageQuerySchema = z.object({
  lang: z.enum(['en', 'ne', 'zh-Hant']).optional(),
});

/** What the public page shows: nothing that names or reaches the patron. */
export const verifiedCertificateSchema = z
  .object({
    code: z.string(),
    monastery: z.object({ name: z.string(), slug: z.string(), image_path: z.string().nullable() }),
    puja: z.string(),
    /** The puja's day (Nepal). */
    performed_on: z.string(),
    names_read: z.number().int(),
  })
  .meta({ id: 'VerifiedCertificate' });
export const verifyCertificateResponseSchema = z.object({ certificate: verifiedCertificateSchema });
export type VerifyCertificateResponse = z.infer<typeof verifyCertificateResponseSchema>;

// ---- Endpoints (docs/decisions/014) ----

export const orderProofEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:orderId/proof',
  access: 'signedIn',
  summary: 'An order’s video, livestream link and certificate: its patron, its monastery’s staff, admins',
  tags: ['proof'],
  params: orderProofParamsSchema,
  responses: { 200: orderProofResponseSchema },
  errors: [401, 403, 404, 422],
});

export const uploadOrderVideoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/video',
  access: { roles: ['monastery'] },
  summary: 'Attach a short video (MP4 or WebM) to a completed order, replacing any before it',
  tags: ['proof'],
  params: orderProofParamsSchema,
  body: uploadOrderVideoRequestSchema,
  consumes: 'multipart/form-data',
  responses: { 200: orderProofResponseSchema },
  errors: [401, 403, 404, 409, 413, 422],
});

export const announceLivestreamEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:orderId/livestream',
  access: { roles: ['monastery'] },
  summary:
    'Announce a livestream or recording link (YouTube, Facebook, Zoom) and its time; the patron is told',
  tags: ['proof'],
  params: orderProofParamsSchema,
  body: announceLivestreamRequestSchema,
  responses: { 200: orderProofResponseSchema },
  errors: [401, 403, 404, 409, 422],
});

export const orderVideoFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order-videos/:videoId',
  access: 'public',
  summary: 'A puja’s video through a signed, expiring link; answers byte ranges (206, 416)',
  tags: ['proof'],
  params: z.object({ videoId: idSchema() }),
  query: signedFileQuerySchema,
  responses: {},
  file: 'video/*',
  errors: [403, 404, 416],
});

export const orderVideoPosterEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/order-videos/:videoId/poster',
  access: 'public',
  summary: 'The picture shown before a puja’s video plays, through a signed, expiring link',
  tags: ['proof'],
  params: z.object({ videoId: idSchema() }),
  query: signedFileQuerySchema,
  responses: {},
  file: 'image/webp',
  errors: [403, 404],
});

export const certificatePdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:orderId/certificate.pdf',
  access: 'signedIn',
  summary: 'A completed order’s certificate as a PDF with its QR code, in the reader’s language',
  tags: ['proof'],
  params: orderProofParamsSchema,
  query: certificateLanguageQuerySchema,
  responses: {},
  file: 'application/pdf',
  errors: [401, 403, 404, 409, 422],
});

export const verifyCertificateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/verify/:code',
  access: 'public',
  summary: 'What a certificate confirms: monastery, puja, day, names read; nothing personal',
  tags: ['proof'],
  params: verifyCertificateParamsSchema,
  responses: { 200: verifyCertificateResponseSchema },
  errors: [404, 429],
});
