// `npm run bench:soak`: a mixed load for BENCH_SECONDS (60) with BENCH_CONNECTIONS (20) connections. Starts
// the real app (npm start: built, embedded PostgreSQL, demo data), signs in 5 patrons and Kopan's demo
// staff, then each request is drawn at random: 80 % browsing the public catalogue (GET /api/monastery,
// /api/monastery/<slug>/edit, /api/puja, /api/puja/<slug>/edit), 10 % ordering (POST /api/order as a
// patron, any monastery's puja) and 10 % staff (GET /api/order as Kopan's staff). Prints, per kind, the
// requests, non-2xx and 5xx answers (goal: no 5xx) and p50/p99 latency, and the server process's resident
// memory (VmRSS) before the load, after a 10 s warm-up and at the end, with the growth between the last
// two. Figures only: nothing here passes or fails a build.
import {
  cannon,
  DEMO_STAFF_PHONE,
  getJson,
  ms,
  offeringsOf,
  orderBody,
  percentile,
  residentMegabytes,
  signIn,
  signInPatrons,
  startApp,
} from './bench/harness.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARM_UP_SECONDS = 10;
const SHARES = { browse: 80, order: 10, staff: 10 };

const app = await startApp('bench-soak');
try {
  const staffToken = await signIn(app, DEMO_STAFF_PHONE);
  const patrons = await signInPatrons(app, 5);
  const offerings = await offeringsOf(app);
  const { monasteries } = await getJson(app, '/api/monastery');
  const { pujas } = await getJson(app, '/api/puja');
  // The four public reads in equal parts, a monastery's or puja's page for any of them.
  const pages = [
    () => '/api/monastery',
    () => `/api/monastery/${slugOrId(pick(monasteries))}/edit`,
    () => '/api/puja',
    () => `/api/puja/${slugOrId(pick(pujas))}/edit`,
  ];

  const kinds = Object.fromEntries(
    Object.keys(SHARES).map((kind) => [
      kind,
      { requests: 0, non2xx: 0, server: 0, codes: {}, latencies: [] },
    ]),
  );
  let ordersSent = 0;
  const request = {
    // Drawn anew for every request; the connection's context carries its kind and start to the answer.
    setupRequest: (base, context) => {
      const roll = Math.random() * 100;
      const kind = roll < SHARES.browse ? 'browse' : roll < SHARES.browse + SHARES.order ? 'order' : 'staff';
      context.kind = kind;
      context.sentAt = performance.now();
      if (kind === 'browse') return { ...base, method: 'GET', path: pick(pages)(), headers: {}, body: '' };
      if (kind === 'staff') {
        return {
          ...base,
          method: 'GET',
          path: '/api/order',
          headers: { authorization: `Bearer ${staffToken}` },
          body: '',
        };
      }
      const n = ordersSent++;
      return {
        ...base,
        method: 'POST',
        path: '/api/order',
        headers: {
          authorization: `Bearer ${patrons[n % patrons.length].token}`,
          'content-type': 'application/json',
        },
        // Random offerings, not in turn: in turn, one connection's orders would follow the others'.
        body: orderBody(offerings, Math.floor(Math.random() * 1_000_000)),
      };
    },
    onResponse: (status, _body, context) => {
      const stats = kinds[context.kind];
      stats.requests += 1;
      stats.latencies.push(performance.now() - context.sentAt);
      if (status < 200 || status >= 300) {
        stats.non2xx += 1;
        stats.codes[status] = (stats.codes[status] ?? 0) + 1;
      }
      if (status >= 500) stats.server += 1;
    },
  };

  // Memory: the server process alone (PostgreSQL runs in processes of its own), every second.
  const rssBefore = await residentMegabytes(app);
  const started = performance.now();
  const samples = [];
  const sampler = setInterval(async () => {
    samples.push({ at: (performance.now() - started) / 1000, mb: await residentMegabytes(app) });
  }, 1000);
  console.log(
    `\nautocannon: ${connections} connections for ${duration} s, each request drawn: ` +
      `${SHARES.browse} % browsing, ${SHARES.order} % ordering, ${SHARES.staff} % staff\n`,
  );
  let result;
  try {
    result = await cannon({ url: app.base, connections, duration, timeout: 30, requests: [request] });
  } finally {
    clearInterval(sampler);
  }
  const rssEnd = await residentMegabytes(app);
  const rssWarm = samples.find((sample) => sample.at >= WARM_UP_SECONDS)?.mb ?? Number.NaN;
  const rssPeak = Math.max(rssEnd, ...samples.map((sample) => sample.mb));

  const total = Object.values(kinds).reduce((sum, stats) => sum + stats.requests, 0);
  console.table(
    Object.entries(kinds).map(([kind, stats]) => ({
      kind,
      requests: stats.requests,
      share: `${((100 * stats.requests) / Math.max(1, total)).toFixed(1)} %`,
      'req/s': Math.round(stats.requests / duration),
      'non-2xx': stats.non2xx,
      '5xx': stats.server,
      'p50 ms': ms(percentile(stats.latencies, 50)),
      'p99 ms': ms(percentile(stats.latencies, 99)),
      'non-2xx codes': JSON.stringify(stats.codes),
    })),
  );
  const serverErrors = Object.values(kinds).reduce((sum, stats) => sum + stats.server, 0);
  console.log(
    `${total} answers, ${Math.round(total / duration)} req/s; ${result.errors} errors ` +
      `(${result.timeouts} time-outs); 5xx: ${serverErrors} (goal 0)\n`,
  );
  console.table([
    {
      'RSS before load MB': Math.round(rssBefore),
      [`after ${WARM_UP_SECONDS} s MB`]: Math.round(rssWarm),
      'at the end MB': Math.round(rssEnd),
      'growth MB': Math.round(rssEnd - rssWarm),
      'peak MB': Math.round(rssPeak),
    },
  ]);
} finally {
  await app.stop();
}

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function slugOrId(item) {
  return item.slug ?? item.id;
}
