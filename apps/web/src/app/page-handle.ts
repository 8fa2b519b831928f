import type { Language } from '@puja/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Params } from 'react-router';

/**
 * The pages the server renders (docs/decisions/017). A route names its page in its `handle`; what the
 * server needs to render it (a `PageHandle`) is looked up by that name in `entry-server.tsx`, so none of it
 * is in the browser's bundle. The browser fetches as it always does, finding the data the server rendered
 * with already in its query cache.
 */
export type ServerPage =
  | 'home'
  | 'monasteries'
  | 'monastery'
  | 'pujas'
  | 'puja'
  | 'verify'
  | InfoPageName
  | 'not-found';

/** The information pages (docs/product.md#information-pages), rendered on the server too. */
export type InfoPageName = 'about' | 'contact' | 'faq' | 'terms' | 'privacy' | 'refunds';

export const serverPage = (page: ServerPage) => ({ serverPage: page });

export function serverPageOf(handle: unknown): ServerPage | undefined {
  return typeof handle === 'object' && handle !== null && 'serverPage' in handle
    ? (handle.serverPage as ServerPage)
    : undefined;
}

/** What the server needs to render a page: the data it shows and its head. */
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
  /** A site path as the absolute address structured data needs, in the page's language. */
  absoluteUrl(path: string): string;
  /** The language the page is rendered in. */
  language: Language;
}

export interface PageHead {
  /** The page's own name, as `usePageTitle` is given it; undefined on the home page. */
  title: string | undefined;
  description: string;
  /** The canonical address, from the site's root, in English (the renderer adds the language's prefix). */
  path: string;
  /** The picture a shared link shows: a catalogue picture's stored path and its alternative text. */
  image?: { path: string; alt: string } | undefined;
  /**
   * The page's largest picture (its LCP element), preloaded from the head so the browser fetches it
   * before the stylesheet and scripts are in: its stored path and the `sizes` it is shown at.
   */
  largestPicture?: { path: string; sizes: string } | undefined;
  /** Structured data (schema.org) for search engines. */
  jsonLd: Record<string, unknown>;
  /** Shared by link but kept out of search engines (a certificate's page): `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
}
