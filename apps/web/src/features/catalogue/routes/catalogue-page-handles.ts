import { catalogueText, isSlugOrId } from '@puja/contract';
import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  HeadContext,
  InfoPageName,
  PageHandle,
  PageHead,
  ServerPage,
} from '../../../app/page-handle.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { PICTURE_SIZES } from '../../../lib/picture-sources.ts';
import { previewText } from '../../../lib/text.ts';
import { monasteriesQueryOptions } from '../api/get-monasteries.ts';
import { monasteryQueryOptions } from '../api/get-monastery.ts';
import { pujaQueryOptions } from '../api/get-puja.ts';
import { pujasQueryOptions } from '../api/get-pujas.ts';
import { monasteryPath, pujaPath } from '../utils/catalogue-paths.ts';

/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;
const SCHEMA_ORG = 'https://schema.org';

const describe = (text: string) => previewText(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH);

/** The data a query left in the cache; null when the server answered that it does not exist. */
function readPrefetched<TData>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, TData, Error>,
): TData | null {
  const state = queryClient.getQueryState(queryKey);
  if (state?.status === 'success') return state.data as TData;
  if (state?.error instanceof ApiError && state.error.status === 404) return null;
  throw state?.error ?? new Error(`Nothing prefetched for ${JSON.stringify(queryKey)}`);
}

/** A list page: the list's names in its description and as an ItemList. */
function listHead(
  { title, heading, path }: { title: string; heading: string; path: string },
  items: { name: string; path: string; imagePath: string | null }[],
  { absoluteUrl }: HeadContext,
): PageHead {
  const first = items[0];
  return {
    title,
    ...(first?.imagePath
      ? {
          image: { path: first.imagePath, alt: first.name },
          largestPicture: { path: first.imagePath, sizes: PICTURE_SIZES.card },
        }
      : {}),
    description: describe(`${heading}: ${items.map((item) => item.name).join(', ')}.`),
    path,
    jsonLd: {
      '@context': SCHEMA_ORG,
      '@type': 'ItemList',
      name: heading,
      itemListElement: items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.name,
        url: absoluteUrl(item.path),
      })),
    },
  };
}

const homePageHandle: PageHandle = {
  prefetch: (queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(monasteriesQueryOptions()),
      queryClient.prefetchQuery(pujasQueryOptions()),
    ]),
  head(queryClient, _params, { t, absoluteUrl, language }) {
    const monasteries = readPrefetched(queryClient, monasteriesQueryOptions().queryKey);
    // The first monastery's card is the largest picture the page opens with (home-page.tsx).
    const first = monasteries?.monasteries[0];
    return {
      title: undefined,
      description: describe(t('catalogue:home.description')),
      path: '/',
      image: first?.image_path
        ? { path: first.image_path, alt: catalogueText(first, 'name', language) }
        : undefined,
      largestPicture: first?.image_path ? { path: first.image_path, sizes: PICTURE_SIZES.card } : undefined,
      jsonLd: { '@context': SCHEMA_ORG, '@type': 'WebSite', name: t('appName'), url: absoluteUrl('/') },
    };
  },
};

const monasteriesPageHandle: PageHandle = {
  prefetch: (queryClient) => queryClient.prefetchQuery(monasteriesQueryOptions()),
  head(queryClient, _params, context) {
    const { t, language } = context;
    const data = readPrefetched(queryClient, monasteriesQueryOptions().queryKey);
    const items = (data?.monasteries ?? []).map((monastery) => ({
      name: catalogueText(monastery, 'name', language),
      path: monasteryPath(monastery),
      imagePath: monastery.image_path,
    }));
    return listHead(
      {
        title: t('catalogue:monasteries.title'),
        heading: t('catalogue:monasteries.heading'),
        path: '/monasteries',
      },
      items,
      context,
    );
  },
};

const pujasPageHandle: PageHandle = {
  prefetch: (queryClient) => queryClient.prefetchQuery(pujasQueryOptions()),
  head(queryClient, _params, context) {
    const { t, language } = context;
    const data = readPrefetched(queryClient, pujasQueryOptions().queryKey);
    const items = (data?.pujas ?? []).map((puja) => ({
      name: catalogueText(puja, 'name', language),
      path: pujaPath(puja),
      imagePath: puja.image_path,
    }));
    return listHead(
      { title: t('catalogue:pujas.title'), heading: t('catalogue:pujas.heading'), path: '/pujas' },
      items,
      context,
    );
  },
};

const monasteryPageHandle: PageHandle = {
  prefetch: (queryClient, { slug }) =>
    isSlugOrId(slug ?? '') ? queryClient.prefetchQuery(monasteryQueryOptions(slug!)) : Promise.resolve(),
  head(queryClient, { slug }, { absoluteUrl, language }) {
    if (!slug || !isSlugOrId(slug)) return null;
    const monastery = readPrefetched(queryClient, monasteryQueryOptions(slug!).queryKey)?.monastery;
    if (!monastery) return null;
    const path = monasteryPath(monastery);
    const name = catalogueText(monastery, 'name', language);
    const description = describe(catalogueText(monastery, 'description', language));
    return {
      title: name,
      description,
      path,
      image: monastery.image_path ? { path: monastery.image_path, alt: name } : undefined,
      largestPicture: monastery.image_path
        ? { path: monastery.image_path, sizes: PICTURE_SIZES.cover }
        : undefined,
      jsonLd: {
        '@context': SCHEMA_ORG,
        '@type': 'BuddhistTemple',
        name,
        description,
        url: absoluteUrl(path),
        ...(monastery.image_path ? { image: absoluteUrl(monastery.image_path) } : {}),
        address: { '@type': 'PostalAddress', addressCountry: 'NP' },
      },
    };
  },
};

const pujaPageHandle: PageHandle = {
  prefetch: (queryClient, { id }) =>
    isSlugOrId(id ?? '') ? queryClient.prefetchQuery(pujaQueryOptions(id!)) : Promise.resolve(),
  head(queryClient, { id }, { absoluteUrl, language }) {
    if (!id || !isSlugOrId(id)) return null;
    const puja = readPrefetched(queryClient, pujaQueryOptions(id!).queryKey)?.puja;
    if (!puja) return null;
    const path = pujaPath(puja);
    const costs = puja.monasteries.map((monastery) => monastery.pivot.cost);
    const name = catalogueText(puja, 'name', language);
    const description = describe(catalogueText(puja, 'description', language));
    return {
      title: name,
      description,
      path,
      image: puja.image_path ? { path: puja.image_path, alt: name } : undefined,
      largestPicture: puja.image_path ? { path: puja.image_path, sizes: PICTURE_SIZES.cover } : undefined,
      jsonLd: {
        '@context': SCHEMA_ORG,
        '@type': 'Service',
        name,
        serviceType: 'Puja',
        description,
        url: absoluteUrl(path),
        ...(puja.image_path ? { image: absoluteUrl(puja.image_path) } : {}),
        ...(costs.length > 0
          ? {
              offers: {
                '@type': 'AggregateOffer',
                priceCurrency: 'NPR',
                lowPrice: Math.min(...costs),
                highPrice: Math.max(...costs),
                offerCount: costs.length,
              },
            }
          : {}),
        // schema.org's `provider` is an Organization or a Person: a BuddhistTemple is a Place.
        provider: puja.monasteries.map((monastery) => ({
          '@type': 'Organization',
          name: catalogueText(monastery, 'name', language),
          url: absoluteUrl(monasteryPath(monastery)),
        })),
      },
    };
  },
};

/** The catalogue's server-rendered pages by the name their route gives (app/routes.tsx). */
export const cataloguePageHandles: Record<
  Exclude<ServerPage, 'not-found' | 'verify' | InfoPageName>,
  PageHandle
> = {
  home: homePageHandle,
  monasteries: monasteriesPageHandle,
  monastery: monasteryPageHandle,
  pujas: pujasPageHandle,
  puja: pujaPageHandle,
};
