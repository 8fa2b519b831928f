import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { InvalidEnvironmentError, loadConfig } from './config/env.ts';
import { connectDatabase, migrateDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { seedDemoData } from './db/seed/seed-demo-data.ts';
import { createFileStorage } from './integrations/storage/create-file-storage.ts';
import { serializeRequest } from './lib/log-redaction.ts';

/**
 * How the server's exit code tells its supervisor (scripts/supervisor.mjs, systemd) what to do: start it
 * again after a failure that may pass (the database not answering yet, PostgreSQL killed), but not when the
 * settings are wrong, which only a person can fix (78 is sysexits' EX_CONFIG; docs/decisions/025).
 */
const EXIT_FOR_RESTART = 1;
const EXIT_INVALID_ENVIRONMENT = 78;

/**
 * What start-up has opened, closed in reverse order on SIGINT/SIGTERM and when start-up fails, so a failed
 * start also stops the embedded PostgreSQL cleanly. A crash that skips this is covered by the embedded
 * database's watchdog and by the next start (docs/decisions/012).
 */
const cleanups: (() => Promise<unknown>)[] = [];
async function runCleanups(onError: (error: unknown) => void): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(onError);
}
/** Bounded: a stop must end even if something it opened does not close (its database may be gone). */
async function runCleanupsWithinLimit(onError: (error: unknown) => void): Promise<void> {
  await Promise.race([runCleanups(onError), new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/** Environment → database → migrations → seed → app → listen, and a clean stop on SIGINT/SIGTERM. */
async function main() {
  // A .env file in the working folder, if any; variables already set in the environment win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const logger = pino({
    level: config.LOG_LEVEL,
    // Request lines without signed links or signed payment data (lib/log-redaction.ts).
    serializers: { req: serializeRequest },
    ...(process.stdout.isTTY && config.NODE_ENV !== 'production'
      ? { transport: { target: 'pino-pretty' } }
      : {}),
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    // A second signal (a terminal's Ctrl-C reaches the whole process group, and the supervisor passes it
    // on too) is the same request: the clean stop already under way goes on.
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal} received, shutting down`);
    await runCleanups((error) => logger.error(error));
    process.exit(0);
  };
  const exitForRestart = async () => {
    shuttingDown = true;
    await runCleanupsWithinLimit((error) => logger.error(error));
    process.exit(EXIT_FOR_RESTART);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  fs.mkdirSync(config.dataDirectory, { recursive: true });
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    // What a crash left behind is cleared first, and said at warn level (docs/decisions/012).
    const embedded = await startEmbeddedPostgres(config.dataDirectory, (message, level = 'info') =>
      logger[level](message),
    );
    cleanups.push(embedded.stop);
    connectionString = embedded.connectionString;
    // Our own PostgreSQL is gone (killed, crashed): only a new start brings it back, cleared of what it
    // left (docs/decisions/012). Exit, and let the supervisor (`npm start`, systemd) start us again.
    void embedded.unexpectedExit.then((how) => {
      if (shuttingDown) return; // a signal to the whole process group stops PostgreSQL too
      logger.error(`The embedded PostgreSQL stopped by itself (${how}); exiting so that both start again`);
      void exitForRestart();
    });
  }
  const database = connectDatabase(connectionString, config.DATABASE_POOL_SIZE);
  cleanups.push(database.close);

  await migrateDatabase(database);
  // STORAGE: DATA_DIR/uploads (one machine) or an S3 bucket every instance shares (docs/decisions/013).
  const storage = await createFileStorage(config);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(database.db, storage);
    // In production only with SEED_DEMO=true, and said louder: its accounts are published (README).
    if (seeded && config.NODE_ENV === 'production')
      logger.warn('Seeded demo data (demo accounts included) into the empty database: SEED_DEMO=true');
    else if (seeded) logger.info('Seeded demo data into the empty database');
  }

  const app = await buildApp(
    {
      config,
      db: database.db,
      pool: database.pool,
      storage,
      webDistDirectory: resolveWebDist(config.WEB_DIST_DIR),
    },
    logger,
  );
  cleanups.push(() => app.close());
  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info(`Ready at ${config.publicUrl}`);
}

function resolveWebDist(configured: string | undefined): string | undefined {
  if (configured) return path.resolve(configured);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From apps/api/src or apps/api/dist, the web build sits at apps/web/dist.
  return path.resolve(here, '../../web/dist');
}

main().catch(async (error: unknown) => {
  const invalidEnvironment = error instanceof InvalidEnvironmentError;
  console.error(invalidEnvironment ? error.message : error);
  await runCleanupsWithinLimit(() => undefined);
  process.exit(invalidEnvironment ? EXIT_INVALID_ENVIRONMENT : EXIT_FOR_RESTART);
});
