import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

/**
 * What a crash of the server leaves of the embedded PostgreSQL, and the next start (docs/decisions/012),
 * with real processes: a separate process starts the cluster (test/embedded-postgres-owner.ts) and is
 * killed with SIGKILL, as the kernel's out-of-memory killer would. Linux only: it reads /proc.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../node_modules/tsx/dist/loader.mjs')).href;
const ownerScript = path.resolve(here, '../../test/embedded-postgres-owner.ts');
const TIMEOUT = 90_000;

describe.skipIf(process.platform !== 'linux')('the embedded PostgreSQL after a crash', () => {
  let dataDirectory: string;
  let clusterDirectory: string;
  const notes: string[] = [];
  const log = (message: string) => void notes.push(message);
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // Under /tmp and open to others, so the `postgres` user PostgreSQL runs as (when we are root) gets in.
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-embedded-crash-'));
    await fs.chmod(dataDirectory, 0o755);
    clusterDirectory = path.join(dataDirectory, 'postgres');
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    // Whatever a failed test left running in this cluster, and only there (PostgreSQL's processes work in
    // their data directory).
    const folder = await fs.realpath(clusterDirectory).catch(() => undefined);
    const leftovers: number[] = [];
    for (const entry of folder ? await fs.readdir('/proc') : []) {
      if ((await fs.readlink(`/proc/${entry}/cwd`).catch(() => undefined)) === folder)
        leftovers.push(Number(entry));
    }
    for (const pid of leftovers) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {}
    }
    await waitUntil(async () => !(await Promise.all(leftovers.map(isRunning))).includes(true), 10_000);
    await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  /** Starts the cluster from a process of its own; resolves once it is ready. */
  async function startOwner(): Promise<{ owner: ChildProcess; postmaster: number; url: string }> {
    const owner = spawn(process.execPath, ['--import', tsxLoader, ownerScript, dataDirectory], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(owner);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      owner.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready ')) resolve();
      });
      owner.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      owner.once('exit', (code) => reject(new Error(`the owner exited (${code}): ${output}`)));
    });
    const postmaster = await postmasterPid();
    if (!postmaster) throw new Error('no postmaster.pid after the start');
    return { owner, postmaster, url: /ready (\S+)/.exec(output)![1]! };
  }

  async function killed(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async function postmasterPid(): Promise<number | undefined> {
    const lockFile = await fs.readFile(path.join(clusterDirectory, 'postmaster.pid'), 'utf8').catch(() => '');
    return Number.parseInt(lockFile, 10) || undefined;
  }

  /** The owner's watchdog: its child shell whose arguments name it. */
  async function watchdogOf(owner: ChildProcess): Promise<number> {
    for (const entry of await fs.readdir('/proc')) {
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== owner.pid) continue;
      const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes('postgres-watchdog')) return Number(entry);
    }
    throw new Error('no watchdog found');
  }

  async function answers(connectionString: string): Promise<boolean> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
    } finally {
      await client.end();
    }
  }

  it(
    'stops PostgreSQL cleanly when the process that started it is killed',
    async () => {
      const { owner, postmaster } = await startOwner();
      await killed(owner);
      // The watchdog asks for a fast shutdown, which ends by removing postmaster.pid.
      expect(await waitUntil(async () => !(await isRunning(postmaster)), 20_000)).toBe(true);
      expect(await postmasterPid()).toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    'stops a PostgreSQL left running without its server, then starts afresh',
    async () => {
      const { owner, postmaster } = await startOwner();
      // The watchdog killed too: what an older version, or a kill of both, leaves behind.
      process.kill(await watchdogOf(owner), 'SIGKILL');
      await killed(owner);
      expect(await isRunning(postmaster)).toBe(true);

      const embedded = await startEmbeddedPostgres(dataDirectory, log, 'postgres');
      try {
        expect(notes.join('\n')).toContain(`(pid ${postmaster}) left running by a server that is gone`);
        expect(await isRunning(postmaster)).toBe(false);
        expect(await answers(embedded.connectionString)).toBe(true);
      } finally {
        await embedded.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'starts at once after PostgreSQL was killed with its server, while its processes still exit',
    async () => {
      const { owner, postmaster, url } = await startOwner();
      // A backend busy with a query notices its postmaster's death only when the query ends.
      const busy = new pg.Client({ connectionString: url });
      busy.on('error', () => undefined);
      await busy.connect();
      const backend = (await busy.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      busy.query('SELECT count(*) FROM generate_series(1, 10000000000)').catch(() => undefined);
      // A kill of the server's process group: the postmaster and the watchdog die with it; the
      // postmaster's helpers and backends (each in a session of its own) do not.
      process.kill(await watchdogOf(owner), 'SIGKILL');
      process.kill(postmaster, 'SIGKILL');
      await killed(owner);
      expect(await isRunning(backend)).toBe(true);

      const embedded = await startEmbeddedPostgres(dataDirectory, log, 'postgres');
      try {
        expect(await isRunning(backend)).toBe(false);
        expect(await answers(embedded.connectionString)).toBe(true);
      } finally {
        await embedded.stop();
        void busy.end().catch(() => undefined); // its backend is gone: nothing to wait for
      }
    },
    TIMEOUT,
  );

  it(
    'refuses, and leaves alone, a PostgreSQL whose server still runs',
    async () => {
      const first = await startEmbeddedPostgres(dataDirectory, log, 'postgres');
      try {
        await expect(startEmbeddedPostgres(dataDirectory, log, 'postgres')).rejects.toThrow(
          /in use by another running process/,
        );
        expect(await answers(first.connectionString)).toBe(true);
      } finally {
        await first.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'is not blocked by a postmaster.pid naming another live process of the same user',
    async () => {
      // PostgreSQL itself refuses such a file ("lock file already exists"): the number is taken.
      const sameUser =
        process.getuid?.() === 0
          ? {
              uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
              gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
            }
          : {};
      const sleeper = spawn('sleep', ['60'], { ...sameUser, stdio: 'ignore' });
      children.push(sleeper);
      const lockFile = path.join(clusterDirectory, 'postmaster.pid');
      await fs.writeFile(lockFile, `${sleeper.pid}\n${clusterDirectory}\n1795000000\n5432\n\n127.0.0.1\n`, {
        mode: 0o600,
      });
      if (sameUser.uid !== undefined) await fs.chown(lockFile, sameUser.uid, sameUser.gid);

      const embedded = await startEmbeddedPostgres(dataDirectory, log, 'postgres');
      try {
        expect(await answers(embedded.connectionString)).toBe(true);
        expect(await isRunning(sleeper.pid!)).toBe(true);
      } finally {
        await embedded.stop();
        sleeper.kill();
      }
    },
    TIMEOUT,
  );
});

/** Alive, and not a zombie waiting to be reaped. */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return false;
  return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '');
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}
