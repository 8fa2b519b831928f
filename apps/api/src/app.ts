import { createHmac } from 'node:crypto';
import http from 'node:http';
import { todayIn } from '@puja/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config/env.ts';
import { resolveJwtSecret, resolveVapidKeys } from './config/secrets.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { Database } from './db/client.ts';
import { createCaptchaVerifier } from './integrations/captcha/captcha-verifier.ts';
import { createEmailSender } from './integrations/email/create-email-sender.ts';
import { createNrbExchangeRates } from './integrations/exchange-rates/nrb-exchange-rates.ts';
import { resolvePaymentSettings, SIMULATOR_PREFIX } from './integrations/payments/payment-settings.ts';
import { PaymentSimulatorState, paymentSimulatorRoutes } from './integrations/payments/payment-simulator.ts';
import { createPushSender } from './integrations/push/web-push.ts';
import { createSmsSender } from './integrations/sms/create-sms-sender.ts';
import type { SmsSender } from './integrations/sms/sms-sender.ts';
import type { FileStorage } from './integrations/storage/file-storage.ts';
import { pictureVariantRoutes } from './integrations/storage/picture-variants.ts';
import { createUrlSigner } from './integrations/storage/signed-urls.ts';
import { createJobQueue, enqueueJob, type JobHandlers, type JobQueue } from './jobs/job-queue.ts';
import { validatorCompiler } from './lib/validator-compiler.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes.ts';
import { createAdminStatsService } from './modules/admin-stats/admin-stats.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditLogService } from './modules/audit/audit.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.ts';
import {
  CatalogueCache,
  invalidateCatalogue,
  listenForCatalogueChanges,
} from './modules/catalogue/catalogue-cache.ts';
import { concernsRoutes } from './modules/concerns/concerns.routes.ts';
import { createConcernsService } from './modules/concerns/concerns.service.ts';
import { earningsRoutes } from './modules/earnings/earnings.routes.ts';
import { createEarningsService } from './modules/earnings/earnings.service.ts';
import { exchangeRatesRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { createExchangeRatesService } from './modules/exchange-rates/exchange-rates.service.ts';
import { createGiftEmails } from './modules/gifts/gift-emails.ts';
import { giftsRoutes } from './modules/gifts/gifts.routes.ts';
import { createGiftsService } from './modules/gifts/gifts.service.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { monasteryCatalogueRoutes } from './modules/monastery-catalogue/monastery-catalogue.routes.ts';
import { createMonasteryCatalogueService } from './modules/monastery-catalogue/monastery-catalogue.service.ts';
import { monasteryPageRoutes } from './modules/monastery-page/monastery-page.routes.ts';
import { createMonasteryPageService } from './modules/monastery-page/monastery-page.service.ts';
import { monasteryTeamRoutes } from './modules/monastery-team/monastery-team.routes.ts';
import { createMonasteryTeamService } from './modules/monastery-team/monastery-team.service.ts';
import { orderDaysRoutes } from './modules/order-days/order-days.routes.ts';
import { createOrderDaysService } from './modules/order-days/order-days.service.ts';
import { backOfficeOrdersRoutes } from './modules/orders/back-office-orders.routes.ts';
import { createBackOfficeOrdersService } from './modules/orders/back-office-orders.service.ts';
import { createOrderEmails } from './modules/orders/order-emails.ts';
import { orderHandlingRoutes } from './modules/orders/order-handling.routes.ts';
import { createOrderHandlingService } from './modules/orders/order-handling.service.ts';
import { createOrderNotices } from './modules/orders/order-notices.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { paymentLinksRoutes } from './modules/payment-links/payment-links.routes.ts';
import { createPaymentLinksService } from './modules/payment-links/payment-links.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createReceiptsService } from './modules/payments/receipts.service.ts';
import { createRefundsService } from './modules/payments/refunds.service.ts';
import { commissionRateOn } from './modules/payouts/commission.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { createPayoutsService } from './modules/payouts/payouts.service.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { createPlansService } from './modules/plans/plans.service.ts';
import { proofRoutes } from './modules/proof/proof.routes.ts';
import { createProofService } from './modules/proof/proof.service.ts';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service.ts';
import { createRemindersService } from './modules/reminders/reminders.service.ts';
import { runSheetRoutes } from './modules/run-sheet/run-sheet.routes.ts';
import { createRunSheetService } from './modules/run-sheet/run-sheet.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { staffNoticesRoutes } from './modules/staff-notices/staff-notices.routes.ts';
import { createStaffNotices } from './modules/staff-notices/staff-notices.service.ts';
import { healthRoutes } from './modules/system/health.routes.ts';
import { createMetrics } from './modules/system/metrics.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyParsersPlugin } from './plugins/body-parsers.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { oneOriginPlugin } from './plugins/one-origin.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import type { PageRendererModule } from './plugins/page-renderer.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  /** Also says how `/uploads` is served (a folder, or a bucket; docs/decisions/013). */
  storage: FileStorage;
  webDistDirectory: string | undefined;
  /** The page renderer's module; by default the web app's build beside `webDistDirectory` (dist-ssr). */
  pageRenderer?: PageRendererModule;
  /** Defaults to the provider SMS_PROVIDER names. */
  sms?: SmsSender;
  /** The clock the order days' cut-off reads (tests move it; defaults to the system's). */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: FileStorage;
    catalogueCache: CatalogueCache;
    /** The built-in payment simulator's transactions (PAYMENT_MODE=simulator only). */
    paymentSimulator: PaymentSimulatorState | undefined;
    /** The job queue and what each job does (tests run jobs through these instead of a worker). */
    jobs: JobQueue & { handlers: JobHandlers };
  }
}

/**
 * Builds the whole application from its dependencies without listening (docs/design.md, convention 2): tests
 * call `app.inject` against a fresh database; `server.ts` adds the port and the shutdown.
 */
export async function buildApp(dependencies: AppDependencies, logger?: FastifyBaseLogger) {
  const { config } = dependencies;
  const catalogueCache = new CatalogueCache();
  const metrics = createMetrics({ pool: dependencies.pool });
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Whose X-Forwarded-For names the client (the rate limits count it): never anyone's (docs/decisions/026).
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Requests with images are handled by the multipart limits; everything else is small.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's own HTTP server, with the catalogue's answers from memory given ahead of routing
    // (catalogue-cache.ts, docs/decisions/022).
    serverFactory: (handleWithFastify, options) => {
      const server = http.createServer((request, response) => {
        const started = performance.now();
        const route = catalogueCache.answerBeforeRouting(request, response);
        if (route === undefined) return handleWithFastify(request, response);
        metrics.observeRequest('GET', route, response.statusCode, performance.now() - started);
      });
      // What Fastify sets on the server it makes itself (its defaults: options leaves them untyped).
      const timeouts = options as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
      };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', dependencies.db);
  app.decorate('storage', dependencies.storage);
  app.decorate('catalogueCache', catalogueCache);

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
  // Its gate is an onRequest hook ahead of the access check's: a shed request costs no database look-up.
  await app.register(loadSheddingPlugin, {
    inFlight: config.HEAVY_REQUESTS_IN_FLIGHT,
    queued: config.HEAVY_REQUESTS_QUEUED,
    maxWaitMs: config.HEAVY_REQUESTS_WAIT_MS,
  });
  if (config.NODE_ENV === 'production' && config.PUBLIC_URL)
    await app.register(oneOriginPlugin, { publicUrl: config.publicUrl });
  const captcha = createCaptchaVerifier(config);
  // How this server reaches itself once listening (the simulator's address); the browser uses PUBLIC_URL.
  const serverUrl = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : config.publicUrl;
  };
  const paymentSettings = () => resolvePaymentSettings(config, serverUrl());
  await app.register(securityPlugin, {
    trustedWidgetOrigins: captcha.provider === 'turnstile' ? ['https://challenges.cloudflare.com'] : [],
    // The eSewa form is posted by the browser to eSewa (or to the simulator at PUBLIC_URL).
    formTargets: [new URL(paymentSettings().esewa.formUrl).origin],
  });
  await app.register(bodyParsersPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { jwtSecret });
  // Before any route that sets `config.rateLimit`; in Redis when REDIS_URL is set (docs/decisions/013).
  await app.register(rateLimitsPlugin, { redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });

  const sms = dependencies.sms ?? createSmsSender(config, (message) => app.log.info(message));
  const sessions = createSessionService({
    db: dependencies.db,
    config,
    jwtSecret,
    sms,
    captcha,
    log: app.log,
  });

  metrics.addDatabaseGauges(app);
  await app.register(healthRoutes, { metrics, metricsToken: config.METRICS_TOKEN, pool: dependencies.pool });
  const catalogueChanged = () => invalidateCatalogue(dependencies.db, app.catalogueCache);
  const catalogue = createCatalogueService({ db: dependencies.db });
  await app.register(catalogueRoutes, {
    catalogue,
    admin: createCatalogueAdminService({
      db: dependencies.db,
      catalogue,
      storage: dependencies.storage,
      catalogueChanged,
    }),
  });
  await app.register(monasteryPageRoutes, {
    pages: createMonasteryPageService({
      db: dependencies.db,
      storage: dependencies.storage,
      review: config.MONASTERY_PAGE_REVIEW,
      catalogueChanged,
    }),
  });
  await app.register(sessionRoutes, { sessions, captcha });
  await app.register(accountRoutes, {
    account: createAccountService({
      db: dependencies.db,
      config,
      jwtSecret,
      sms,
      storage: dependencies.storage,
      log: app.log,
    }),
  });
  await app.register(usersRoutes, { users: createUsersService({ db: dependencies.db }) });
  await app.register(monasteryTeamRoutes, {
    team: createMonasteryTeamService({
      db: dependencies.db,
      sms: config.NOTIFY_PATRONS_BY_SMS,
      publicUrl: config.publicUrl,
    }),
  });
  const imageUrls = createUrlSigner(createHmac('sha256', jwtSecret).update('order-image-urls').digest());
  // The departed's photo's links (docs/decisions/060): a key of their own, so no other link's signature fits.
  const departedPhotoUrls = createUrlSigner(
    createHmac('sha256', jwtSecret).update('departed-photo-urls').digest(),
  );
  const emailSender = createEmailSender(config, (message) => app.log.info(message));
  const vapidKeys = resolveVapidKeys(config);
  const staffNotices = createStaffNotices({
    db: dependencies.db,
    sms: config.NOTIFY_PATRONS_BY_SMS,
    ...(emailSender ? { email: { sender: emailSender, siteName: 'Monastery Puja' } } : {}),
    ...(vapidKeys
      ? { push: { keys: vapidKeys, send: createPushSender(vapidKeys), services: config.WEB_PUSH_SERVICES } }
      : {}),
    publicUrl: config.publicUrl,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
  });
  await app.register(staffNoticesRoutes, { staffNotices });
  const notices = createOrderNotices({
    sms: config.NOTIFY_PATRONS_BY_SMS,
    email: config.EMAIL_TRANSPORT !== 'none',
    publicUrl: config.publicUrl,
    staff: staffNotices,
  });
  const orderDays = createOrderDaysService({
    db: dependencies.db,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    paymentWindowHours: config.ORDER_PAYMENT_WINDOW_HOURS,
    ...(dependencies.now ? { now: dependencies.now } : {}),
  });
  await app.register(orderDaysRoutes, { orderDays });
  const gifts = createGiftsService({
    db: dependencies.db,
    sms: config.NOTIFY_PATRONS_BY_SMS,
    email: config.EMAIL_TRANSPORT !== 'none',
    publicUrl: config.publicUrl,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    imageUrl: (imageId) => imageUrls.sign(`/api/order-images/${imageId}`),
  });
  await app.register(giftsRoutes, { gifts });
  const orders = createOrdersService({
    db: dependencies.db,
    orderDays,
    gifts,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    paymentWindowHours: config.ORDER_PAYMENT_WINDOW_HOURS,
    notices,
    imageUrl: (imageId) => imageUrls.sign(`/api/order-images/${imageId}`),
    concernWindowDays: config.CONCERN_WINDOW_DAYS,
  });
  await app.register(ordersRoutes, { orders });
  await app.register(concernsRoutes, {
    concerns: createConcernsService({
      db: dependencies.db,
      ordersService: orders,
      notices,
      concernWindowDays: config.CONCERN_WINDOW_DAYS,
      imageUrl: (imageId) => imageUrls.sign(`/api/order-images/${imageId}`),
    }),
  });
  const handling = createOrderHandlingService({
    db: dependencies.db,
    ordersService: orders,
    orderDays,
    storage: dependencies.storage,
    notices,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    commissionBasisPoints: config.COMMISSION_BASIS_POINTS,
  });
  await app.register(orderHandlingRoutes, { handling, storage: dependencies.storage, imageUrls });
  // A video's link lasts longer than a photo's: a patron may pause it and seek on after a while.
  const videoUrls = createUrlSigner(
    createHmac('sha256', jwtSecret).update('order-video-urls').digest(),
    2 * 60 * 60,
  );
  const maxVideoBytes = config.ORDER_VIDEO_MAX_MEGABYTES * 1024 * 1024;
  await app.register(proofRoutes, {
    proof: createProofService({
      db: dependencies.db,
      storage: dependencies.storage,
      notices,
      ordersService: orders,
      videoUrls,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      maxVideoBytes,
      publicUrl: config.publicUrl,
      siteName: 'Monastery Puja',
    }),
    storage: dependencies.storage,
    maxVideoBytes,
    verifyLookupsPerMinute: config.VERIFY_LOOKUPS_PER_MINUTE,
  });
  await app.register(runSheetRoutes, {
    runSheet: createRunSheetService({
      db: dependencies.db,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      siteName: 'Monastery Puja',
    }),
  });
  await app.register(backOfficeOrdersRoutes, {
    backOffice: createBackOfficeOrdersService({
      db: dependencies.db,
      ordersService: orders,
      handling,
      imageUrl: (imageId) => imageUrls.sign(`/api/order-images/${imageId}`),
      departedPhotoUrls,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
    }),
  });
  await app.register(monasteryCatalogueRoutes, {
    catalogue: createMonasteryCatalogueService({
      db: dependencies.db,
      storage: dependencies.storage,
      catalogueChanged,
    }),
  });
  await app.register(auditRoutes, {
    auditLog: createAuditLogService({ db: dependencies.db, businessTimeZone: config.BUSINESS_TIME_ZONE }),
  });
  await app.register(ledgerRoutes, { db: dependencies.db });
  const payouts = createPayoutsService({
    db: dependencies.db,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    defaultCommissionBasisPoints: config.COMMISSION_BASIS_POINTS,
    schedule: config.PAYOUT_SCHEDULE,
    minimumPaisa: config.PAYOUT_MINIMUM_PAISA,
    holdDaysAfterDetailsChange: config.PAYOUT_HOLD_DAYS_AFTER_DETAILS_CHANGE,
    log: app.log,
  });
  await app.register(payoutsRoutes, { payouts });
  await app.register(earningsRoutes, {
    earnings: createEarningsService({
      db: dependencies.db,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      // The rate in force today for the monastery (its own, else the default): what its staff are shown.
      commissionRateOf: (monasteryId) =>
        commissionRateOn(
          dependencies.db,
          monasteryId,
          todayIn(config.BUSINESS_TIME_ZONE),
          config.COMMISSION_BASIS_POINTS,
        ),
    }),
  });
  await app.register(adminStatsRoutes, {
    stats: createAdminStatsService({
      db: dependencies.db,
      ordersService: orders,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
    }),
  });
  const payments = createPaymentsService({
    db: dependencies.db,
    orders,
    notices,
    paymentReceived: (provider, kept) => metrics.paymentsReceived.inc({ provider, kept: String(kept) }),
    settings: paymentSettings,
    publicUrl: config.publicUrl,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    log: app.log,
  });
  const refunds = createRefundsService({
    db: dependencies.db,
    settings: paymentSettings,
    notices,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    log: app.log,
  });
  const receipts = createReceiptsService({
    db: dependencies.db,
    orders,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    siteName: 'Monastery Puja',
    publicUrl: config.publicUrl,
  });
  await app.register(paymentsRoutes, { payments, refunds, receipts });
  await app.register(plansRoutes, {
    payments,
    plans: createPlansService({
      db: dependencies.db,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      paymentWindowHours: config.ORDER_PAYMENT_WINDOW_HOURS,
      orders,
      orderDays,
      storage: dependencies.storage,
      departedPhotoUrls,
    }),
  });
  await app.register(paymentLinksRoutes, {
    links: createPaymentLinksService({ db: dependencies.db, orders, payments }),
    payments,
    requestsPerMinute: config.PAYMENT_LINK_REQUESTS_PER_MINUTE,
  });
  const orderEmails =
    emailSender &&
    createOrderEmails({
      db: dependencies.db,
      sender: emailSender,
      receipts,
      businessTimeZone: config.BUSINESS_TIME_ZONE,
      publicUrl: config.publicUrl,
      siteName: 'Monastery Puja',
    });
  const giftEmails =
    emailSender &&
    createGiftEmails({
      db: dependencies.db,
      sender: emailSender,
      publicUrl: config.publicUrl,
      siteName: 'Monastery Puja',
    });
  const exchangeRates = createExchangeRatesService({
    db: dependencies.db,
    provider: createNrbExchangeRates({ apiUrl: config.NRB_API_URL }),
    businessTimeZone: config.BUSINESS_TIME_ZONE,
    log: app.log,
  });
  await app.register(exchangeRatesRoutes, { exchangeRates });
  app.decorate(
    'paymentSimulator',
    config.PAYMENT_MODE === 'simulator' ? new PaymentSimulatorState() : undefined,
  );
  if (app.paymentSimulator) {
    await app.register(paymentSimulatorRoutes, {
      prefix: SIMULATOR_PREFIX,
      state: app.paymentSimulator,
      esewaMerchant: paymentSettings().esewa,
      khaltiSecretKey: paymentSettings().khalti.secretKey,
      publicUrl: config.publicUrl,
    });
  }

  // Notices and scheduled work (docs/decisions/011): payments whose callback never came are settled by
  // asking the provider, unpaid orders expire, Khalti refunds without an answer are confirmed.
  const reconciliation = createReconciliationService({ db: dependencies.db, log: app.log });
  const reminders = createRemindersService({
    db: dependencies.db,
    sms: config.NOTIFY_PATRONS_BY_SMS,
    email: config.EMAIL_TRANSPORT !== 'none',
    publicUrl: config.publicUrl,
    businessTimeZone: config.BUSINESS_TIME_ZONE,
  });
  const handlers: JobHandlers = {
    'send-sms': async (message) => {
      // No configured provider reaches it (Sparrow alone, a number abroad): retrying cannot help.
      if (!sms.reaches(message.to)) {
        app.log.warn({ provider: sms.name }, 'SMS not sent: no configured provider reaches this number');
        return;
      }
      await sms.send(message);
    },
    // EMAIL_TRANSPORT=none queues no e-mail; one queued before it was set is let go.
    'send-email': async (payload) => orderEmails?.send(payload),
    'send-staff-email': (payload) => staffNotices.sendEmail(payload),
    'send-push': (payload) => staffNotices.sendPush(payload),
    'send-staff-digests': async () => void (await staffNotices.sendDigests()),
    'reconcile-payments': async () => void (await payments.reconcile()),
    'expire-orders': async () => {
      const expired = await orders.expireOrders();
      if (expired > 0) app.log.info({ expired }, 'unpaid orders expired');
      // Pay-each occurrences due soon (docs/decisions/058): the same minute's look at unpaid orders.
      const reminded = await orders.remindPaymentsDue();
      if (reminded > 0) app.log.info({ reminded }, 'patrons reminded of payments due');
    },
    'process-refunds': async () => void (await refunds.confirmRequestedRefunds()),
    'fetch-exchange-rates': async () => {
      if (await exchangeRates.isBehind()) await exchangeRates.refresh();
    },
    'run-payouts': () => payouts.runOnSchedule(),
    'reconcile-ledger': async () => void (await reconciliation.run()),
    'remind-patrons': async (payload) => {
      const slot = payload._cron ? new Date(payload._cron.ts) : undefined;
      const reminded = await reminders.remindPatrons(new Date(), slot);
      if (reminded > 0) app.log.info({ reminded }, 'patrons reminded of tomorrow’s pujas');
    },
    'remind-staff': async () => void (await reminders.remindStaff()),
    'send-gift-email': async (payload) => giftEmails?.send(payload),
    'tell-gift-recipients': async () => {
      const told = await gifts.tellRecipients();
      if (told > 0) app.log.info({ told }, 'gift recipients told');
    },
  };
  const jobs = createJobQueue({ pool: dependencies.pool, handlers, log: app.log });
  app.decorate('jobs', Object.assign(jobs, { handlers }));
  app.addHook('onReady', async () => {
    if (!config.JOB_WORKER) return;
    await jobs.start();
    // A fresh database, or one left off for days, gets rates now rather than at the next scheduled run.
    if (await exchangeRates.isBehind())
      await enqueueJob(dependencies.db, 'fetch-exchange-rates', {}, { jobKey: 'fetch-exchange-rates' });
    // Likewise the books: the dashboard says how they stood within minutes of a first start.
    if (await reconciliation.isBehind())
      await enqueueJob(dependencies.db, 'reconcile-ledger', {}, { jobKey: 'reconcile-ledger' });
  });
  app.addHook('onClose', async () => jobs.stop());

  await app.register(seoRoutes, {
    seo: createSeoService({ db: dependencies.db, publicUrl: config.publicUrl }),
  });
  await app.register(pictureVariantRoutes, { storage: dependencies.storage });
  await app.register(webPlugin, {
    webDistDirectory: dependencies.webDistDirectory,
    ...(dependencies.pageRenderer ? { pageRenderer: dependencies.pageRenderer } : {}),
    publicUploads: dependencies.storage.publicArea,
    publicUrl: config.publicUrl,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
