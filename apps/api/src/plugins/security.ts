import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: only our own scripts and styles, no framing, no
 * plugins. The policy is one precomputed string for every answer; the web page alone adds a fresh style
 * nonce to it (see `withStyleNonce`), because the UI library injects its theme variables as <style> tags.
 * Then compression for text answers.
 */
export interface SecurityOptions {
  /** Outside origins whose scripts and frames the page needs (the bot-check widget, when enabled). */
  trustedWidgetOrigins: string[];
  /** Where the page's forms may post besides this site (the payment provider's form). */
  formTargets: string[];
}

/**
 * JSON answers are never rendered, so most document headers (CSP for scripts and styles, framing rules)
 * mean nothing for them; computing helmet's full set cost a third of the API's throughput. API routes get
 * this fixed set instead: no sniffing, no cross-site embedding, nothing allowed if one were ever rendered.
 *
 * `no-store` too: API answers carry personal data (the person, their orders, messages, phone numbers) or a
 * sign-in token, which no browser disk cache or shared proxy may keep. Set here, before the handler runs,
 * so every API route has it unless it chooses otherwise: the public catalogue reads replace it with their
 * own `no-cache` and ETag (catalogue-cache.ts), and a signed photo link with a short private cache.
 */
export const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};
const isJsonApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
const setApiHeaders: onRequestHookHandler = (_request, reply, done) => {
  reply.headers(API_HEADERS);
  done();
};

export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, { trustedWidgetOrigins, formTargets }) => {
    // Registered before helmet so helmet sees `helmet: false` on the API routes.
    app.addHook('onRoute', (route) => {
      if (!isJsonApiRoute(route.url)) return;
      // helmet records the opt-out by assigning into route.config: give the route a config of its own, so
      // a config object shared between routes is never changed for all of them.
      route.config = { ...route.config };
      route.helmet = false;
      route.onRequest = [setApiHeaders, ...(route.onRequest ? [route.onRequest].flat() : [])];
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...trustedWidgetOrigins],
          frameSrc: trustedWidgetOrigins.length > 0 ? trustedWidgetOrigins : ["'none'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // FullCalendar's stylesheet carries its small icon font inline, as a data: URL. A font cannot run
          // code, and only styles we serve or nonce can name one.
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...trustedWidgetOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...formTargets],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // Same-origin images in a new tab and the API docs' own assets need no cross-origin isolation.
      crossOriginEmbedderPolicy: false,
    });
    await app.register(compress, { threshold: 1024 });
  },
  { name: 'security' },
);
