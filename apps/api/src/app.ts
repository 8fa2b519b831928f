import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './integrations/storage/file-storage.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { CatalogueCache, listenForCatalogueChanges } from './modules/catalogue/catalogue-cache.ts';
import { healthRoutes } from './modules/system/health.routes.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  storage: FileStorage;
  /** Where public uploads are served from (the local storage's folder). */
  publicUploadsDirectory: string;
  webDistDirectory: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: FileStorage;
    catalogueCache: CatalogueCache;
  }
}

/**
 * Builds the whole application from its dependencies without listening (DESIGN.md, convention 2): tests
 * call `app.inject` against a fresh database; `server.ts` adds the port and the shutdown.
 */
export async function buildApp(dependencies: AppDependencies, logger?: FastifyBaseLogger) {
  const { config } = dependencies;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    // Requests with images are handled by the multipart limits; everything else is small.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', dependencies.db);
  app.decorate('storage', dependencies.storage);
  app.decorate('catalogueCache', new CatalogueCache());

  const stopListening = await listenForCatalogueChanges(dependencies.pool, app.catalogueCache, (error) =>
    app.log.warn({ err: error }, 'catalogue change listener lost its connection'),
  );
  app.addHook('onClose', stopListening);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(bodyParsersPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(catalogueRoutes);

  await app.register(webPlugin, {
    webDistDirectory: dependencies.webDistDirectory,
    publicUploadsDirectory: dependencies.publicUploadsDirectory,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
