import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `route` label of this route's requests, when its own path would not do (routeLabel). */
    metricsRoute?: string;
  }
}

/** The label of every file of the web app's build (scripts, styles, fonts, icons): one kind of request. */
export const STATIC_FILES_ROUTE = 'static files';
/** Requests no route took: pages the browser renders from the shell, and 404s (their status tells which). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * A request's `route` label in the metrics: the route pattern (`/api/order/:orderId`, `/uploads/*`), never
 * the path, as ids and signed links would make endless label values. Routes registered per file (the web
 * build's, whose names change with every build) carry one label for all in their config.
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? UNMATCHED_ROUTE;
}
