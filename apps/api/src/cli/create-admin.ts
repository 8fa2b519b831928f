import { parseArgs } from 'node:util';
import { isValidE164 } from '@puja/contract';
import { loadConfig } from '../config/env.ts';
import { connectDatabase, migrateDatabase } from '../db/client.ts';
import { findRunningEmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { makeAdministrator } from '../modules/users/users.shared-queries.ts';

/**
 * `npm run create-admin -- --phone +9779800000009 [--name "Full Name"]`: makes or promotes an administrator,
 * which is how a real deployment gets its first one. Uses DATABASE_URL, or the embedded database under
 * DATA_DIR (the running server's, or started for the moment).
 */
const usage = 'Usage: npm run create-admin -- --phone <E.164, e.g. +9779800000009> [--name "Full Name"]';

async function main() {
  const { values } = parseArgs({ options: { phone: { type: 'string' }, name: { type: 'string' } } });
  const phone = values.phone?.replace(/[\s-]/g, '');
  if (!phone || !isValidE164(phone)) {
    console.error(`A valid phone number in E.164 form is required.\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  let stopEmbedded: (() => Promise<void>) | undefined;
  let connectionString = config.DATABASE_URL ?? (await findRunningEmbeddedPostgres(config.dataDirectory));
  if (!connectionString) {
    const embedded = await startEmbeddedPostgres(config.dataDirectory, () => undefined);
    connectionString = embedded.connectionString;
    stopEmbedded = embedded.stop;
  }
  const database = connectDatabase(connectionString, 1);
  try {
    await migrateDatabase(database);
    const admin = await makeAdministrator(database.db, phone, values.name?.trim());
    console.log(
      admin.created
        ? `Created administrator ${phone} (user ${admin.id}). Sign in with that phone number.`
        : `${phone} (user ${admin.id}) is now an administrator.`,
    );
  } finally {
    await database.close();
    await stopEmbedded?.();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
