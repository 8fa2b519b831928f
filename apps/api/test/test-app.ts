import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { connectDatabase, type DatabaseConnection } from '../src/db/client.ts';
import type { SmsSender } from '../src/integrations/sms/sms-sender.ts';
import { createLocalFileStorage, type FileStorage } from '../src/integrations/storage/file-storage.ts';
import type { PageRendererModule } from '../src/plugins/page-renderer.ts';
import { runAdmin, withDatabase } from './global-setup.ts';

/** A database of its own for one test file: a clone of the migrated template, dropped afterwards. */
export async function createTestDatabase(): Promise<
  DatabaseConnection & { url: string; drop: () => Promise<void> }
> {
  const adminDatabaseUrl = inject('adminDatabaseUrl');
  const name = `puja_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(
    adminDatabaseUrl,
    `CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`,
    // A commit need not wait for the disk in a test's database, whichever server holds it.
    `ALTER DATABASE "${name}" SET synchronous_commit = off`,
  );
  const url = withDatabase(adminDatabaseUrl, name);
  const connection = connectDatabase(url, 5);
  return {
    ...connection,
    url,
    drop: async () => {
      await connection.close();
      await runAdmin(adminDatabaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export interface TestApp {
  app: App;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  dataDirectory: string;
  close: () => Promise<void>;
}

/** The real app on a fresh database, with files in a temporary folder. */
export async function createTestApp(
  options: {
    webDistDirectory?: string;
    /** The page renderer's module, for tests that render pages from the web app's source. */
    pageRenderer?: PageRendererModule;
    env?: NodeJS.ProcessEnv;
    /** An SMS sender of the test's own (default: the one the environment names, the outbox). */
    sms?: SmsSender;
    /** Storage of the test's own (default: a temporary folder, as `STORAGE=local`). */
    storage?: FileStorage;
    extend?: (app: App) => Promise<void> | void;
    /** The app's logger, for tests that check what it logs (default: none). */
    logger?: FastifyBaseLogger;
    /** The clock the order days' cut-off reads (default: the system's). */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-api-files-'));
  // No worker: tests run the queue's jobs themselves (`app.jobs.runDueJobs()`), when they choose.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDirectory,
    JOB_WORKER: 'false',
    ...options.env,
  });
  const publicUploadsDirectory = path.join(dataDirectory, 'uploads');
  const removeFiles = () => fs.rm(dataDirectory, { recursive: true, force: true });
  let app: App;
  try {
    app = await buildApp(
      {
        config,
        db: database.db,
        pool: database.pool,
        storage: options.storage ?? createLocalFileStorage(publicUploadsDirectory),
        webDistDirectory: options.webDistDirectory,
        ...(options.pageRenderer ? { pageRenderer: options.pageRenderer } : {}),
        ...(options.sms ? { sms: options.sms } : {}),
        ...(options.now ? { now: options.now } : {}),
      },
      options.logger,
    );
    await options.extend?.(app);
    await app.ready();
  } catch (error) {
    await database.drop();
    await removeFiles();
    throw error;
  }
  return {
    app,
    database,
    dataDirectory,
    close: async () => {
      await app.close();
      await database.drop();
      await removeFiles();
    },
  };
}
