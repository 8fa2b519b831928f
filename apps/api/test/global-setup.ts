import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL to a maintenance database, used to create and drop per-file databases. */
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * Starts the database the API tests use: the server in DATABASE_URL when set (CI runs the suite a second
 * time against the machine's PostgreSQL), otherwise an embedded PostgreSQL in a temporary folder. Then it
 * migrates a template database that each test file clones: a fresh, migrated database in milliseconds.
 */
export default async function setup(project: TestProject) {
  const cleanups: (() => Promise<unknown>)[] = [];
  let adminDatabaseUrl = process.env.DATABASE_URL;
  if (!adminDatabaseUrl) {
    // Under /tmp so the `postgres` user that PostgreSQL runs as (when we are root) can reach it.
    const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-api-test-'));
    await fs.chmod(dataDirectory, 0o755);
    // A throw-away cluster: no wait for the disk at each commit or database copy (8 ms per flush on the
    // CI machine's disk, thousands of commits a run). Nothing here outlives the run.
    const embedded = await startEmbeddedPostgres(dataDirectory, () => undefined, 'postgres', [
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
    ]);
    adminDatabaseUrl = embedded.connectionString;
    cleanups.push(() => fs.rm(dataDirectory, { recursive: true, force: true }));
    cleanups.push(embedded.stop);
  }

  const templateDatabase = `puja_template_${randomBytes(4).toString('hex')}`;
  await runAdmin(adminDatabaseUrl, `CREATE DATABASE "${templateDatabase}"`);
  cleanups.push(() =>
    runAdmin(adminDatabaseUrl, `DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`),
  );
  const template = connectDatabase(withDatabase(adminDatabaseUrl, templateDatabase), 1);
  await migrateDatabase(template);
  await template.close();

  project.provide('adminDatabaseUrl', adminDatabaseUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function runAdmin(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
