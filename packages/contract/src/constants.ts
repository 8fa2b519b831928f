/** Values the spec fixes (SPEC §3, §9) and DESIGN.md decides; shared by server and web. */

export const ROLES = ['admin', 'monastery', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Monastery and puja status: 1 open, 0 closed (SPEC §3). */
export const CATALOGUE_STATUS = { closed: 0, open: 1 } as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUS)[keyof typeof CATALOGUE_STATUS];

export const PAYMENT_METHODS = ['esewa', 'khalti'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = ['pending', 'approved', 'declined', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['Pending', 'Completed', 'Failed', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SORT_OPTIONS = ['lowToHigh', 'highToLow'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Description previews (SPEC §9). */
export const PREVIEW_LENGTH = { monasteryCard: 100, pujaCard: 100, monasteryCardOnPujaPage: 50 } as const;

export const DEFAULT_COUNTRY_DIAL_CODE = '+977';
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Kathmandu';
export const TOKEN_STORAGE_KEY = 'token';
export const TOAST_DURATION_MS = 2000;

/** The largest file an upload may carry (a photo from a phone fits); the server answers 413 above it. */
export const MAX_UPLOAD_MEGABYTES = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;
