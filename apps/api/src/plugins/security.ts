import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: only our own scripts, styles only from our
 * files or with the per-response nonce (the UI library injects its theme variables as a <style> tag and
 * reads the nonce from the page), no framing, no plugins. Then compression for text answers.
 */
export interface SecurityOptions {
  /** Outside origins whose scripts and frames the page needs (the bot-check widget, when enabled). */
  trustedWidgetOrigins: string[];
}

export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, { trustedWidgetOrigins }) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...trustedWidgetOrigins],
          frameSrc: trustedWidgetOrigins.length > 0 ? trustedWidgetOrigins : ["'none'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...trustedWidgetOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
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
