import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Params } from 'react-router';

/**
 * What the server needs to render a public page (docs/decisions/017): the data it shows and its head.
 * A route carries it as its `handle`; the browser ignores it and fetches as it always does, finding the
 * data the server rendered with already in its query cache.
 */
export interface PageHandle {
  /** Fills the query cache with what the page shows. Errors are left in the cache, as a page would see them. */
  prefetch(queryClient: QueryClient, params: Params): Promise<unknown>;
  /**
   * The page's head from the prefetched data; `null` when the address names nothing (answered 404). Throws
   * when the data could not be read for another reason: the page is then left to the browser.
   */
  head(queryClient: QueryClient, params: Params, context: HeadContext): PageHead | null;
}

export interface HeadContext {
  t: TFunction<readonly ['common', 'catalogue']>;
  /** A site path as the absolute address structured data needs. */
  absoluteUrl(path: string): string;
}

export interface PageHead {
  /** The page's own name, as `usePageTitle` is given it; undefined on the home page. */
  title: string | undefined;
  description: string;
  /** The canonical address, from the site's root. */
  path: string;
  /** The picture a shared link shows: a catalogue picture's stored path and its alternative text. */
  image?: { path: string; alt: string } | undefined;
  /** Structured data (schema.org) for search engines. */
  jsonLd: Record<string, unknown>;
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'prefetch' in handle && 'head' in handle;
}

/** The handle of the route that matches any unknown address: the server answers it with a 404 page. */
export const NOT_FOUND_PAGE = 'not-found';
