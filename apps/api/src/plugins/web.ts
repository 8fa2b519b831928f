import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE,
  ERROR_MESSAGES,
  isPublicPagePath,
  localizedPath,
  splitLanguagePath,
} from '@puja/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicArea } from '../integrations/storage/file-storage.ts';
import { allowPublicImages, servePublicUploads } from '../integrations/storage/public-uploads.ts';
import { forRenderedPage, withStyleNonce } from '../lib/csp.ts';
import { STATIC_FILES_ROUTE } from '../lib/metrics-route.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { loadPageRenderer, type PageRendererModule, type RenderedPage } from './page-renderer.ts';

export interface WebPluginOptions {
  /** The built web app (apps/web/dist); when missing, only the API is served. */
  webDistDirectory: string | undefined;
  /** Public uploads (catalogue pictures), served at /uploads from wherever the storage keeps them. */
  publicUploads: PublicArea;
  /** The site's public address: canonical links and shared pictures in server-rendered pages. */
  publicUrl: string;
  /** The page renderer's module; by default the build's (apps/web/dist-ssr). */
  pageRenderer?: PageRendererModule;
}

const NONCE_MARKER = '__CSP_NONCE__';
const NONCE_PLACEHOLDER = new RegExp(NONCE_MARKER, 'g');
const SERVER_PATHS = /^\/(api|uploads|healthz|livez|readyz|metrics)(\/|$|\?)/;

/**
 * Serves the built single-page app beside the API on one port. Hashed assets are cached for a year;
 * index.html is never cached and carries the CSP nonce of its own response. Any other GET for a page
 * falls back to index.html so client routes survive a reload, while unknown API paths stay JSON 404s.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app: FastifyInstance, options) => {
    await servePublicUploads(app, options.publicUploads);

    const indexFile = options.webDistDirectory
      ? path.join(options.webDistDirectory, 'index.html')
      : undefined;
    const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
    if (options.webDistDirectory && indexHtml) {
      // A route per file of the build, each named by its content's hash: counted in the metrics under one
      // label, or every build would add label values for ever (lib/metrics-route.ts).
      const files = options.webDistDirectory;
      await app.register(async (staticFiles) => {
        staticFiles.addHook('onRoute', (routeOptions) => {
          routeOptions.config = { ...routeOptions.config, metricsRoute: STATIC_FILES_ROUTE };
        });
        await staticFiles.register(fastifyStatic, {
          root: files,
          prefix: '/',
          index: false,
          wildcard: false,
          setHeaders: (response, filePath: string) => {
            const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
            response.header(
              'cache-control',
              isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        });
      });
    } else {
      app.log.warn('No built web app found; serving the API only. Run `npm run build` to build it.');
    }

    const renderedShell =
      options.webDistDirectory && indexHtml
        ? renderedPageShell(indexHtml, options.webDistDirectory)
        : undefined;
    const renderer =
      options.webDistDirectory && indexHtml
        ? await loadPageRenderer(app, {
            webDistDirectory: options.webDistDirectory,
            publicUrl: options.publicUrl,
            nonceMarker: NONCE_MARKER,
            module: options.pageRenderer,
          })
        : undefined;

    const sendIndex = (reply: FastifyReply, page?: RenderedPage) => {
      // A fresh nonce per page, only for pages: API answers share one precomputed policy.
      const nonce = randomBytes(16).toString('base64url');
      const policy = allowPublicImages(
        String(reply.getHeader('content-security-policy')),
        options.publicUploads,
      );
      return reply
        .header('content-security-policy', (page ? forRenderedPage : withStyleNonce)(policy, nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .status(page?.status ?? 200)
        .send((page ? withPage(renderedShell!, page) : indexHtml!).replace(NONCE_PLACEHOLDER, nonce));
    };

    /** A public page rendered on the server when it is one, else the shell the browser renders into. */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      // A public page has an address per language (docs/decisions/047): `/ne/…` is in Nepali whoever
      // asks. Without one, the page is English, unless the browser remembers or asks for another of our
      // languages (its `lang` cookie, else Accept-Language): it is sent to that language's address. What
      // is not a public page (the 404 page, the shell) is in that language at its one address.
      const addressed = splitLanguagePath(request.url).language;
      const asked = addressed ? undefined : requestLanguage(request.headers);
      if (!addressed) reply.header('vary', 'Cookie, Accept-Language');
      if (asked && asked !== DEFAULT_LANGUAGE && isPublicPagePath(request.url)) {
        return reply.header('cache-control', 'no-cache').redirect(localizedPath(request.url, asked), 302);
      }
      let page: RenderedPage | undefined;
      try {
        page = await renderer?.renderPage(request.url, addressed ?? asked ?? DEFAULT_LANGUAGE);
      } catch (error) {
        // The browser can still render the page from the shell: never an error page for a rendering fault.
        request.log.error({ err: error }, 'server-side rendering failed; sending the shell');
      }
      return sendIndex(reply, page);
    };

    // Pages, not API: kept out of the OpenAPI document.
    const page = { schema: { hide: true } };
    app.get('/', page, (request, reply) =>
      indexHtml ? sendPage(request, reply) : reply.status(404).send({ message: ERROR_MESSAGES.notFound }),
    );
    // The server-rendered pages are routes of their own (the not-found handler below gets none of the
    // routes' hooks, compression among them).
    // A certificate's page is a public look-up of a code, limited per visitor as its API is
    // (docs/decisions/037); the renderer's own call to that API is not counted again.
    const verifyLimit = {
      config: { rateLimit: { max: app.config.VERIFY_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
    };
    for (const pagePath of renderer?.paths ?? []) {
      if (pagePath === '/') continue;
      if (pagePath.startsWith('/verify/')) app.get(pagePath, { ...page, ...verifyLimit }, sendPage);
      else app.get(pagePath, page, sendPage);
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const wantsPage =
        indexHtml &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !SERVER_PATHS.test(request.url) &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (wantsPage) return sendPage(request, reply);
      return reply.status(404).send({ message: ERROR_MESSAGES.notFound });
    });
  },
  { name: 'web', dependencies: ['security'] },
);

/**
 * The shell of a server-rendered page, which is read before any script runs (docs/decisions/017):
 * - its style sheets written into it, each as a `<style>` with the page's nonce, so the page paints as soon
 *   as its HTML has arrived, without a second request on a phone's slow network. These are the first
 *   paint's styles (about 12 KB compressed, entry-client.ts) and those of the app's own components, which
 *   come with the code the entry starts later (docs/decisions/024); the shell the browser renders into
 *   keeps its links, which stay cached;
 * - its scripts asked for at low priority: they make the page work but show nothing, so on a slow network
 *   the browser fetches the pictures on screen first (the largest is preloaded at high priority).
 */
function renderedPageShell(shell: string, webDistDirectory: string): string {
  const inlineStyle = (file: string) => {
    const css = fs.readFileSync(path.join(webDistDirectory, file), 'utf8');
    // A style sheet cannot end its own element; one that seems to stays a link.
    return css.includes('</') ? undefined : `<style nonce="${NONCE_MARKER}">${css}</style>`;
  };
  const startedCodeStyles = startedCodeStyleSheets(webDistDirectory)
    .map((file) => inlineStyle(file) ?? `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  return shell
    .replace(
      /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
      (link, file: string) => inlineStyle(file) ?? link,
    )
    .replace('</head>', () => `${startedCodeStyles}</head>`)
    .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

interface ManifestChunk {
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The style sheets of the code index.html's entry starts (main.tsx and the chunks it imports), found in
 * the build's manifest as Vite's guide to backend integration describes. The browser would fetch them with
 * that code; a rendered page needs them for its first paint. None for a build without a manifest (the
 * hand-made ones of the server's tests).
 */
function startedCodeStyleSheets(webDistDirectory: string): string[] {
  const manifestFile = path.join(webDistDirectory, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = [...(manifest['index.html']?.dynamicImports ?? [])];
  for (const key of chunks) {
    for (const imported of manifest[key]?.imports ?? [])
      if (!chunks.includes(imported)) chunks.push(imported);
  }
  return [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))];
}

/**
 * The shell with a rendered page in it: its language, head, markup and the data it was rendered from.
 * Replacements are functions: a `$` in a description must not be read as a replacement pattern.
 */
function withPage(shell: string, page: RenderedPage): string {
  return shell
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => page.head)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="page-data">${page.pageData}</script>`,
    );
}
