// Runs the server as a child process and starts it again whenever it exits on its own, with back-off
// (docs/decisions/025): what `npm start` does after building. A platform supervisor (systemd, Kubernetes)
// does the same for `node apps/api/dist/server.js` (docs/operations.md). Also runnable by itself:
// `node scripts/supervisor.mjs <server.js>`, as `npm run test:faults` does with its own build.
//
// - Exit code 0, or the server stopped by our own SIGINT/SIGTERM: the supervisor ends with it.
// - Exit code 78 (EX_CONFIG: the settings are invalid): a restart cannot help, so it ends too, with 78.
// - Anything else (a crash, `kill -9`, the embedded PostgreSQL gone): started again after 1 s, 2 s, 4 s …
//   up to 30 s; the wait starts over once a run has lasted a minute. Without end, as systemd's
//   Restart=always: a port still taken or a database still down may be free or back at the next try.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const EXIT_INVALID_ENVIRONMENT = 78;
const STABLE_AFTER_MS = 60_000;
const MAX_DELAY_MS = 30_000;

export function supervise(entry, { log = (message) => console.error(`[supervisor] ${message}`) } = {}) {
  let child;
  let stopping = false;
  let failures = 0;
  let restartTimer;

  const start = () => {
    const startedAt = Date.now();
    // In the supervisor's process group, so whatever stops the group (a terminal's Ctrl-C, a test runner's
    // kill) stops the server too, and its watchdog the embedded PostgreSQL. The server takes a signal
    // passed on after the group's own as the same request to stop.
    child = spawn(process.execPath, [entry], { stdio: 'inherit' });
    // Node itself could not be started (the binary gone): nothing to restart, and nothing to wait for.
    child.once('error', (error) => {
      log(`the server could not be started: ${error.message}`);
      process.exit(1);
    });
    child.once('exit', (code, signal) => {
      child = undefined;
      if (stopping || code === 0) return process.exit(code ?? 0);
      if (code === EXIT_INVALID_ENVIRONMENT) return process.exit(code);
      failures = Date.now() - startedAt > STABLE_AFTER_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_DELAY_MS, 1_000 * 2 ** (failures - 1));
      log(`the server exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`);
      restartTimer = setTimeout(start, delay);
    });
  };

  const stop = (signal) => {
    stopping = true;
    clearTimeout(restartTimer);
    if (child) child.kill(signal);
    else process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A closed terminal hangs the supervisor up: the server stops with it rather than live on orphaned and
  // hold the port against the next start.
  process.on('SIGHUP', () => stop('SIGTERM'));
  start();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = process.argv[2];
  if (!entry) {
    console.error('usage: node scripts/supervisor.mjs <server.js>');
    process.exit(2);
  }
  supervise(path.resolve(entry));
}
