import type { FastifyError, FastifyInstance, RouteOptions } from 'fastify';
import { vi } from 'vitest';

/**
 * Setup file of `npm run test:security`. Every Fastify instance the tests build gets, before its first
 * route, an `onRoute` hook, so the tests see the routes the real app registers (methods, URL, config and
 * zod schemas) rather than a list written by hand that could miss a new one, and an `onError` hook, so they
 * see every error a request raised, including those the error handler turns into a 4xx.
 */
export interface Instrumented {
  routes: RouteOptions[];
  errors: { method: string; url: string; error: FastifyError }[];
}
const KEY = Symbol.for('puja.security.instrumented');
type Registry = WeakMap<object, Instrumented>;
const shared = globalThis as unknown as Record<symbol, Registry>;
shared[KEY] ??= new WeakMap();
const registry = shared[KEY];

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    const seen: Instrumented = { routes: [], errors: [] };
    (globalThis as unknown as Record<symbol, Registry>)[Symbol.for('puja.security.instrumented')]!.set(
      app,
      seen,
    );
    app.addHook('onRoute', (route) => {
      seen.routes.push(route);
    });
    app.addHook('onError', async (request, _reply, error) => {
      seen.errors.push({ method: request.method, url: request.url, error });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create, fastify: create };
});

/** What an app built during this test file registered and raised. */
export function instrumentationOf(app: FastifyInstance): Instrumented {
  const seen = registry.get(app);
  if (!seen) throw new Error('This app was not built through the instrumented Fastify (setup file missing?)');
  return seen;
}
