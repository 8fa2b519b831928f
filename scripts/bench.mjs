// `npm run bench`: the catalogue reads under load. Starts the real app (npm start: built, embedded
// PostgreSQL, demo data) and a bare Node http server that answers the same bytes from memory, each in its
// own process, then drives both with autocannon (50 connections, 10 s per endpoint) and prints
// requests/s, p99 latency and the app/bare ratio. Figures only: nothing here passes or fails a build.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import getPort from 'get-port';
import { waitFor } from './bench/wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const endpoints = ['/api/monastery', '/api/monastery/kopan-monastery/edit'];

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const appPort = await getPort();
const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'puja-bench-'));
chmodSync(dataDirectory, 0o755);
const app = spawn('node', [path.join(root, 'scripts/start.mjs')], {
  env: {
    ...process.env,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDirectory,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const children = [app];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

try {
  const appBase = `http://127.0.0.1:${appPort}`;
  await waitFor(`${appBase}/healthz`, app);

  const bodies = {};
  for (const endpoint of endpoints) bodies[endpoint] = await (await fetch(`${appBase}${endpoint}`)).text();
  const barePort = await getPort();
  const bare = spawn('node', [path.join(root, 'scripts/bench/bare-server.mjs'), String(barePort)], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  children.push(bare);
  bare.stdin.end(JSON.stringify(bodies));
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareBase}${endpoints[0]}`, bare);

  console.log(`\nautocannon: ${connections} connections, ${duration} s per run (warm-up run first)\n`);
  const rows = [];
  for (const endpoint of endpoints) {
    await run(`${appBase}${endpoint}`); // warm-up: JIT, caches, connection pools
    const appResult = await run(`${appBase}${endpoint}`);
    const bareResult = await run(`${bareBase}${endpoint}`);
    rows.push({
      endpoint,
      'app req/s': Math.round(appResult.requests.average),
      'app p99 ms': appResult.latency.p99,
      'bare req/s': Math.round(bareResult.requests.average),
      'bare p99 ms': bareResult.latency.p99,
      ratio: Number((appResult.requests.average / bareResult.requests.average).toFixed(2)),
      'app errors': appResult.errors + appResult.non2xx,
    });
  }
  console.table(rows);
  const lowest = Math.min(...rows.map((row) => row.ratio));
  console.log(`Lowest app/bare ratio: ${lowest} (goal ≥ 0.7)`);
} finally {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  rmSync(dataDirectory, { recursive: true, force: true });
}
