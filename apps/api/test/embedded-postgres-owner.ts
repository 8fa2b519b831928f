// The server's part in src/db/embedded-postgres.test.ts: a process of its own that starts the embedded
// PostgreSQL on the data folder it is given, says so, and waits to be killed as a server can be.
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

const dataDirectory = process.argv[2];
if (!dataDirectory) throw new Error('usage: embedded-postgres-owner.ts <data folder>');
const embedded = await startEmbeddedPostgres(dataDirectory, () => undefined, 'postgres');
process.stdout.write(`ready ${embedded.connectionString}\n`);
setInterval(() => undefined, 60_000);
