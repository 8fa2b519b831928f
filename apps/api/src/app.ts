import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config/env.ts';
import { resolveJwtSecret } from './config/secrets.ts';
import type { Database } from './db/client.ts';
import { createCaptchaVerifier } from './integrations/captcha/captcha-verifier.ts';
import { createSmsSender, type SmsSender } from './integrations/sms/sms-sender.ts';
import type { FileStorage } from './integrations/storage/file-storage.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { CatalogueCache, listenForCatalogueChanges } from './modules/catalogue/catalogue-cache.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { healthRoutes } from './modules/system/health.routes.ts';
import { authPlugin } from './plugins/auth.ts';
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
  /** Defaults to the provider SMS_PROVIDER names. */
  sms?: SmsSender;
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

  // Listen only once the app is ready, so an app that fails to build leaves no connection behind.
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await listenForCatalogueChanges(dependencies.pool, app.catalogueCache, (error) =>
      app.log.warn({ err: error }, 'catalogue change listener lost its connection'),
    );
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });

  const jwtSecret = resolveJwtSecret(config);
  await app.register(errorsPlugin);
  const captcha = createCaptchaVerifier(config);
  await app.register(securityPlugin, {
    trustedWidgetOrigins: captcha.provider === 'turnstile' ? ['https://challenges.cloudflare.com'] : [],
  });
  await app.register(bodyParsersPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { jwtSecret });

  const sessions = createSessionService({
    db: dependencies.db,
    config,
    jwtSecret,
    sms: dependencies.sms ?? createSmsSender(config, (message) => app.log.info(message)),
    captcha,
    log: app.log,
  });

  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(sessionRoutes, { sessions, captcha });
  await app.register(ordersRoutes, {
    orders: createOrdersService({ db: dependencies.db, businessTimeZone: config.BUSINESS_TIME_ZONE }),
  });

  await app.register(webPlugin, {
    webDistDirectory: dependencies.webDistDirectory,
    publicUploadsDirectory: dependencies.publicUploadsDirectory,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
