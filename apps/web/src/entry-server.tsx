import './lib/i18n.ts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  localizedPath,
  SOCIAL_CARD_SIZE,
  socialCardPath,
} from '@puja/contract';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { matchRoutes, type RouteObject, StaticRouter } from 'react-router';
import { MantineStyleElements } from './app/mantine-style-elements.tsx';
import { serializePageData } from './app/page-data.ts';
import { type PageHandle, type PageHead, type ServerPage, serverPageOf } from './app/page-handle.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, routes } from './app/routes.tsx';
import { cataloguePageHandles } from './features/catalogue/routes/catalogue-page-handles.ts';
import { siteContactsQueryOptions } from './features/info-pages/api/get-site-contacts.ts';
import { infoPageHandles } from './features/info-pages/routes/info-page-handles.ts';
import { verifyPageHandle } from './features/proof/routes/verify-page-handle.ts';
import { setApiTransport } from './lib/api-client.ts';
import { i18n, loadLanguage } from './lib/i18n.ts';
import { picturePreloadLink } from './lib/picture-sources.ts';

/**
 * Server-side rendering of the public pages (docs/decisions/017). The API server imports this bundle
 * (built by `vite build --ssr` into apps/web/dist-ssr) and asks it for a page; the same route table and
 * components as in the browser render it, with the data the page's route `handle` prefetched through the
 * API's own routes, answered in process.
 */

export interface RendererOptions {
  /** Answers an API request in process (the server's `inject`), as `fetch` would over the network. */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  /** The site's public address, for canonical links and shared pictures, without a trailing slash. */
  origin: string;
  /** Replaced by each response's CSP nonce, so one rendering can serve many responses. */
  nonceMarker: string;
}

export interface RenderedPage {
  status: 200 | 404;
  language: string;
  /** The tags for <head>: title, description, canonical link, Open Graph, Twitter card, JSON-LD. */
  head: string;
  /** The app's markup, for inside #root. */
  html: string;
  /** The query cache as JSON, for `<script type="application/json" id="page-data">`. */
  pageData: string;
}

/** The server-rendered pages' handles by the name their route gives (app/routes.tsx). */
const pageHandles: Record<Exclude<ServerPage, 'not-found'>, PageHandle> = {
  ...cataloguePageHandles,
  ...infoPageHandles,
  verify: verifyPageHandle,
};

/**
 * Open Graph writes a locale as `language_TERRITORY` (ogp.me): the territory each of our languages is
 * read in most (Traditional Chinese as in Taiwan, which is what crawlers map zh-Hant to).
 */
const OG_LOCALES: Record<Language, string> = { en: 'en_US', ne: 'ne_NP', 'zh-Hant': 'zh_TW' };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function createPageRenderer(options: RendererOptions) {
  setApiTransport(options.fetchApi);
  const absoluteUrl = (path: string) => new URL(path, `${options.origin}/`).toString();

  /**
   * The page's addresses in every language (docs/decisions/047), for search engines: `hreflang` links, the
   * English one also as `x-default` (the root, which sends a visitor whose browser asks for another of
   * our languages to its address).
   */
  function alternateLinks(path: string): string[] {
    return [
      ...LANGUAGES.map(
        (language) =>
          `<link rel="alternate" hreflang="${language}" href="${escapeHtml(absoluteUrl(localizedPath(path, language)))}">`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absoluteUrl(localizedPath(path, DEFAULT_LANGUAGE)))}">`,
    ];
  }

  function headTags(head: PageHead | null, title: string, language: Language): string {
    const tags = [`<title>${escapeHtml(title)}</title>`];
    if (!head) return `${tags[0]}<meta name="robots" content="noindex">`;
    if (head.noindex) tags.push('<meta name="robots" content="noindex">');
    const canonical = absoluteUrl(localizedPath(head.path, language));
    const properties: [string, string][] = [
      ['og:type', 'website'],
      ['og:site_name', i18n.t('appName', { lng: language })],
      ['og:title', head.title ?? title],
      ['og:description', head.description],
      ['og:url', canonical],
      ['og:locale', OG_LOCALES[language]],
      ...LANGUAGES.filter((other) => other !== language).map((other): [string, string] => [
        'og:locale:alternate',
        OG_LOCALES[other],
      ]),
    ];
    const names: [string, string][] = [
      ['description', head.description],
      ['twitter:card', head.image ? 'summary_large_image' : 'summary'],
      ['twitter:title', head.title ?? title],
      ['twitter:description', head.description],
    ];
    // Link previews get the picture as the 1200×630 JPEG card made for them (docs/decisions/021).
    const socialCard = socialCardPath(head.image?.path);
    if (head.image && socialCard) {
      const image = absoluteUrl(socialCard);
      properties.push(
        ['og:image', image],
        ['og:image:type', 'image/jpeg'],
        ['og:image:width', String(SOCIAL_CARD_SIZE.width)],
        ['og:image:height', String(SOCIAL_CARD_SIZE.height)],
        ['og:image:alt', head.image.alt],
      );
      names.push(['twitter:image', image], ['twitter:image:alt', head.image.alt]);
    }
    for (const [name, content] of names) tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
    for (const [property, content] of properties)
      tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`, ...alternateLinks(head.path));
    const preload = picturePreloadLink(head.largestPicture?.path, head.largestPicture?.sizes ?? '');
    if (preload) {
      tags.push(
        `<link rel="preload" as="image" type="${preload.type}" imagesrcset="${escapeHtml(preload.imageSrcSet)}" imagesizes="${escapeHtml(preload.imageSizes)}" fetchpriority="high">`,
      );
    }
    // JSON in a data block is not run, so the CSP allows it; `<` is escaped so no text can end the element.
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`,
    );
    return tags.join('');
  }

  // One page at a time: the interface has one language (lib/i18n.ts), which the formatters of dates and
  // numbers read too, and each rendering sets it; rendering is work for this one thread anyway.
  let previous: Promise<unknown> = Promise.resolve();
  function renderPage(url: string, language: Language = DEFAULT_LANGUAGE): Promise<RenderedPage | undefined> {
    const rendering = previous.then(() => renderPageIn(url, language));
    previous = rendering.catch(() => undefined);
    return rendering;
  }

  // Mantine's own <style> elements, the same for every page: in the head, where HTML allows them.
  let mantineStyles: Promise<string> | undefined;
  const headStyles = () => {
    mantineStyles ??= prerender(<MantineStyleElements styleNonce={options.nonceMarker} />).then(
      ({ prelude }) => new Response(prelude).text(),
    );
    return mantineStyles;
  };

  return { renderPage, paths: serverRenderedPaths(routes) };

  /**
   * The page at `url` (path and query), or undefined when it is not one the server renders (the signed-in
   * areas, the back offices, the information pages): the browser then renders it from the shell.
   */
  async function renderPageIn(url: string, language: Language): Promise<RenderedPage | undefined> {
    const match = matchRoutes(routes, new URL(url, `${options.origin}/`).pathname)?.at(-1);
    const page = serverPageOf(match?.route.handle);
    if (!match || !page) return undefined;
    const handle = page === 'not-found' ? undefined : pageHandles[page];

    await loadLanguage(language);
    await i18n.changeLanguage(language);
    const t = i18n.getFixedT(language, ['common', 'catalogue'] as const);
    const queryClient = createQueryClient();
    await Promise.all([
      handle?.prefetch(queryClient, match.params),
      // Every page's footer shows the site's social pages (app/layouts/social-links.tsx).
      queryClient.prefetchQuery(siteContactsQueryOptions()),
    ]);
    let head: PageHead | null = null;
    if (handle) {
      try {
        // Addresses in structured data are the page's language's (docs/decisions/047).
        const localUrl = (path: string) => absoluteUrl(localizedPath(path, language));
        head = handle.head(queryClient, match.params, { t, absoluteUrl: localUrl, language });
      } catch {
        // The data could not be read (the API failed): the browser renders the page and shows why.
        return undefined;
      }
    }
    const title = head?.title
      ? t('documentTitle', { page: head.title })
      : head
        ? t('appName')
        : t('documentTitle', { page: t('notFound.title') });

    // `prerender` waits for every lazy part to load, so the page arrives whole and hydrates as it is, where
    // `renderToString` would leave those to the browser to redo.
    const { prelude } = await prerender(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <AppProviders queryClient={queryClient} styleNonce={options.nonceMarker}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </I18nextProvider>
      </StrictMode>,
      // A page is one whole: React would otherwise send a large Suspense boundary's content (a lazily
      // loaded page is in one) after it, with an inline script to move it in place, which the CSP refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    return {
      status: head ? 200 : 404,
      language,
      head: `${headTags(head, title, language)}${await headStyles()}`,
      html,
      pageData: serializePageData(queryClient),
    };
  }
}

/**
 * The route table's paths of the pages rendered here (`/monastery/:slug`…), which the server registers as
 * its own routes: React Router and Fastify write parameters the same way.
 */
function serverRenderedPaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.index ? parent : route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = serverPageOf(route.handle) && serverPageOf(route.handle) !== 'not-found' ? [path || '/'] : [];
    return [...own, ...serverRenderedPaths(route.children ?? [], path)];
  });
}
