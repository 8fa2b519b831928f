import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from '../lib/in-process-request.ts';

/**
 * The web app's server-side renderer (apps/web/src/entry-server.tsx, docs/decisions/017), loaded from its
 * build beside the web app's (apps/web/dist-ssr next to apps/web/dist). Its API calls are answered in
 * process by `inject`, through the same routes, checks and catalogue cache as any other request.
 */
export interface RenderedPage {
  status: 200 | 404;
  language: string;
  head: string;
  html: string;
  pageData: string;
}
export interface PageRenderer {
  renderPage(url: string, language?: string): Promise<RenderedPage | undefined>;
  /** The paths of the pages it renders, as routes (`/monastery/:slug`). */
  paths: string[];
}

export interface PageRendererModule {
  createPageRenderer(options: {
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
    origin: string;
    nonceMarker: string;
  }): PageRenderer;
}

export async function loadPageRenderer(
  app: FastifyInstance,
  options: {
    webDistDirectory: string;
    publicUrl: string;
    nonceMarker: string;
    /** The renderer's module when it is not the build's (tests load it from source through Vite). */
    module?: PageRendererModule | undefined;
  },
): Promise<PageRenderer | undefined> {
  const file = path.join(path.dirname(options.webDistDirectory), 'dist-ssr', 'entry-server.js');
  if (!options.module && !fs.existsSync(file)) {
    app.log.warn('No server-side renderer built; public pages are rendered in the browser only.');
    return undefined;
  }
  const renderer = options.module ?? ((await import(pathToFileURL(file).href)) as PageRendererModule);
  return renderer.createPageRenderer({
    origin: options.publicUrl,
    nonceMarker: options.nonceMarker,
    async fetchApi(apiPath, init) {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: apiPath,
        headers: { ...Object.fromEntries(new Headers(init.headers)), [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN },
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
      return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers });
    },
  });
}
