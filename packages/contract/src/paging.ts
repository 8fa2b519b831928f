import { z } from './zod.ts';

/**
 * Server-side paging, the same on every list that grows with use: the client asks for a page (1-based),
 * the answer carries its page, page size and the total of matching rows. A request never makes the server
 * read more than one page, however many rows there are.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(10_000).default(1),
});

export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** How many pages `total` rows fill (at least one, so an empty list still shows page 1 of 1). */
export function pageCount(info: PageInfo): number {
  return Math.max(1, Math.ceil(info.total / info.pageSize));
}
