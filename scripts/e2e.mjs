// `npm run test:e2e`: Playwright against the real app on a free port with a fresh data folder
// (a new embedded PostgreSQL, freshly seeded), removed afterwards, and the stand-ins of Twilio and of an
// SMTP server on ports of their own.
//
// E2E_SHARDS=N (default 1) splits the spec files into N Playwright runs side by side, each against its own
// server, data folder and stand-ins, so no run sees another's data. Most of a spec's time is spent waiting
// (the slowed phone, the simulator's pages, a code's resend wait), so two runs on two cores take little more
// than half the time of one. Each run's lines are prefixed with its number; with
// PLAYWRIGHT_JSON_OUTPUT_NAME set, the runs' JSON reports are added up into that file. Build first
// (`npm run build`): each run's server builds what is stale when it starts, and two would build the same
// folders at once.
//
// The spec files are dealt to the runs by how long each took last time (e2e/spec-durations.json), longest
// first to the run with the least so far, so the runs end together: Playwright's own `--shard` splits by
// count, and one run took twice as long as the other. A spec missing from the file counts as the median.
// With files or patterns on the command line, Playwright's `--shard` splits those instead.
// E2E_WRITE_DURATIONS=1 (with PLAYWRIGHT_JSON_OUTPUT_NAME) writes this run's times into the file.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import getPort from 'get-port';

const shards = Number(process.env.E2E_SHARDS ?? 1);
if (!Number.isInteger(shards) || shards < 1) throw new Error('E2E_SHARDS must be a positive integer');
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
const takenPorts = [];
const DURATIONS_FILE = 'e2e/spec-durations.json';
const cliArguments = process.argv.slice(2);

/** Arguments that name files or patterns: not options, nor the value of an option that takes one. */
function hasFileFilters(args) {
  const takesValue = new Set([
    '-g',
    '--grep',
    '--grep-invert',
    '--project',
    '-c',
    '--config',
    '-j',
    '--workers',
  ]);
  return args.some((arg, i) => !arg.startsWith('-') && !takesValue.has(args[i - 1] ?? ''));
}

/** Each run's spec files, longest first to the run with the least time so far. */
function dealSpecFiles(count) {
  const durations = existsSync(DURATIONS_FILE) ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) : {};
  const known = Object.values(durations).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 60;
  const files = readdirSync('e2e')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ file: `e2e/${name}`, seconds: durations[`e2e/${name}`] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const runs = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const spec of files) {
    const lightest = runs.reduce((least, run) => (run.seconds < least.seconds ? run : least));
    lightest.files.push(spec.file);
    lightest.seconds += spec.seconds;
  }
  return runs;
}

const dealt = shards > 1 && !hasFileFilters(cliArguments) ? dealSpecFiles(shards) : undefined;

async function freePort() {
  const port = await getPort({ exclude: takenPorts });
  takenPorts.push(port);
  return port;
}

async function runShard(index) {
  const port = await freePort();
  // The stand-ins of Twilio and of an SMTP server (playwright.config.ts), each on a port of its own.
  const twilioPort = await freePort();
  const smtpPort = await freePort();
  // Nepal Rastra Bank's stand-in (the exchange rates beside prices).
  const nrbPort = await freePort();
  // A browser's push service, played locally (apps/api/test/stand-ins/e2e-stand-ins.ts).
  const pushPort = await freePort();
  // Stripe's stand-in: cards are on in the e2e app (docs/decisions/052).
  const stripePort = await freePort();
  // Under the system temp folder, which the `postgres` user can reach when we run as root.
  const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'puja-e2e-'));
  chmodSync(dataDirectory, 0o755);
  // A file's path as a pattern: Playwright matches it against the absolute path, so `e2e/x.spec.ts` is
  // that file alone.
  const shardArguments = dealt ? dealt[index - 1].files : shards > 1 ? [`--shard=${index}/${shards}`] : [];
  if (dealt) {
    const run = dealt[index - 1];
    console.log(`[e2e ${index}/${shards}] ${run.files.length} spec files, about ${run.seconds} s last time`);
  }
  const child = spawn('npx', ['playwright', 'test', ...shardArguments, ...cliArguments], {
    stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_TWILIO_PORT: String(twilioPort),
      E2E_SMTP_PORT: String(smtpPort),
      E2E_DATA_DIR: dataDirectory,
      E2E_NRB_PORT: String(nrbPort),
      E2E_PUSH_PORT: String(pushPort),
      E2E_STRIPE_PORT: String(stripePort),
      ...(shards > 1 ? { E2E_OUTPUT_DIR: path.join('test-results', `run-${index}`) } : {}),
      ...(jsonReport && shards > 1 ? { PLAYWRIGHT_JSON_OUTPUT_NAME: shardReport(index) } : {}),
    },
  });
  if (shards > 1) {
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        console.log(`[e2e ${index}/${shards}] ${line}`);
      });
    }
  }
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  rmSync(dataDirectory, { recursive: true, force: true });
  return status;
}

function shardReport(index) {
  return jsonReport.replace(/(\.json)?$/, `-${index}.json`);
}

/** One report whose stats are the runs' sums (what scripts/ci-summary.mjs reads) and whose suites are all of them. */
function addUpReports() {
  const reports = Array.from({ length: shards }, (_, i) => shardReport(i + 1))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')));
  if (reports.length < shards) return; // a run that never finished: the missing report fails the summary
  const stats = { ...reports[0].stats };
  for (const key of ['expected', 'unexpected', 'flaky', 'skipped']) {
    stats[key] = reports.reduce((sum, report) => sum + (report.stats?.[key] ?? 0), 0);
  }
  // The runs went side by side: the suite took as long as the longest.
  stats.duration = Math.max(...reports.map((report) => report.stats?.duration ?? 0));
  const combined = {
    ...reports[0],
    suites: reports.flatMap((report) => report.suites ?? []),
    errors: reports.flatMap((report) => report.errors ?? []),
    stats,
  };
  writeFileSync(jsonReport, JSON.stringify(combined));
}

/** Seconds each spec file took in this run (every attempt counted: a retry is time too). */
function writeDurations() {
  const reports = shards > 1 ? Array.from({ length: shards }, (_, i) => shardReport(i + 1)) : [jsonReport];
  const durations = {};
  const walk = (suite, file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const key = `e2e/${spec.file ?? own}`;
      for (const test of spec.tests) {
        for (const result of test.results) durations[key] = (durations[key] ?? 0) + result.duration / 1000;
      }
    }
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const file of reports.filter((report) => existsSync(report))) {
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  }
  const rounded = Object.fromEntries(
    Object.entries(durations)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, seconds]) => [file, Math.round(seconds)]),
  );
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(rounded, null, 2)}\n`);
}

const statuses = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
if (jsonReport && shards > 1) addUpReports();
if (jsonReport && process.env.E2E_WRITE_DURATIONS === '1') writeDurations();
process.exit(statuses.every((status) => status === 0) ? 0 : 1);
