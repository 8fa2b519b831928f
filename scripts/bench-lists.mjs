// `npm run bench:lists`: order lists with many orders. Starts the real app (npm start: built, embedded
// PostgreSQL, demo data), signs in Kopan's demo staff and BENCH_PATRONS (14) patrons, and seeds
// BENCH_ORDERS (10,000) orders at Kopan Monastery, the patrons taking turns (about 700 each), 60 % of them
// paid and a third of those approved. Then, with autocannon (BENCH_SECONDS, 10 s per run, after a short
// warm-up), it prints:
//   1. the staff's dashboard GET /api/order and the back office's orders screen GET /api/orders (its first
//      page, a page deep in the list, a status filter, a search by a patron's phone) (goal for each: p99 <
//      50 ms for a page as one person loads it), and a patron's own GET /api/order/create?page=1, each at
//      1, 2 and 10 connections;
//   2. approving 100 orders at once (POST /api/orders/approve-many, docs/decisions/039): how long the
//      request takes, and the staff list GET /api/orders?status=to_approve (2 connections) meanwhile;
//   3. /healthz (4 connections) while BENCH_READERS (1,000) connections read patrons' order lists (goal
//      p99 < 100 ms, and the readers beyond what the instance takes shed with 503 rather than timing out:
//      docs/decisions/027). BENCH_LISTS=healthz runs only this part.
// Figures only: nothing here passes or fails a build.
import {
  cannon,
  connectDatabase,
  DEMO_PATRON_PHONE,
  DEMO_STAFF_PHONE,
  figures,
  KOPAN,
  offeringsOf,
  placeOrders,
  signIn,
  signInPatrons,
  startApp,
  timeAlone,
} from './bench/harness.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PATRONS = Number(process.env.BENCH_PATRONS ?? 14);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const READERS = Number(process.env.BENCH_READERS ?? 1000);
/** A reader gives up on an answer after this long, and autocannon counts a timeout. */
const READER_TIMEOUT_SECONDS = 10;
const onlyHealthz = process.env.BENCH_LISTS === 'healthz';
/** Of every ten orders, this many are paid (they are the staff's to act on) and this many approved. */
const PAID_IN_TEN = 6;
const APPROVED_IN_TEN = 2;

const app = await startApp('bench-lists');
let database;
try {
  const staffToken = await signIn(app, DEMO_STAFF_PHONE);
  const patrons = await signInPatrons(app, PATRONS);
  const offerings = await offeringsOf(app, KOPAN);
  const kopanId = offerings[0].monastery;
  database = await connectDatabase(app);
  const kopanOrders = async () =>
    Number(
      (await database.query('SELECT count(*) FROM orders WHERE monastery_id = $1', [kopanId])).rows[0].count,
    );

  // Seeding: the orders go through POST /api/order, as patrons place them (order numbers, prices, the
  // idempotency key, every index), with 16 requests in flight: about 190 orders/s on the 2-core machine,
  // so 10,000 take about 52 s, under the 90 s we allow for it. Paying them through the payment
  // simulator would take several signed redirects per order, so the payments are written with SQL
  // instead, as a settled payment leaves them: a Completed payment_attempts row (the one kept payment the
  // unique index allows) and the order's payment_status and transaction code.
  const seedStarted = performance.now();
  for (let round = 0; round < 3; round += 1) {
    const missing = ORDERS - (await kopanOrders());
    if (missing <= 0) break;
    const placed = await placeOrders(app, { patrons, offerings, count: missing });
    if (placed.non2xx + placed.errors > 0) {
      console.warn(`seeding: ${placed.non2xx} non-2xx answers, ${placed.errors} errors; topping up`);
    }
  }
  const seeded = await kopanOrders();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  await database.query(
    `WITH numbered AS (
       SELECT id, amount_paisa, payment_type, row_number() OVER (ORDER BY id) AS n
       -- The demo data's own orders may already be paid: they keep their one payment.
       FROM orders WHERE monastery_id = $1 AND status = 'pending' AND payment_status <> 'Completed'
     ), paid AS (
       INSERT INTO payment_attempts
         (order_id, provider, reference, amount_paisa, status, provider_transaction_code, completed_at,
          last_provider_response)
       SELECT id, payment_type, 'bench-' || id, amount_paisa, 'Completed', 'BENCH' || id, now(),
              '{"bench": true}'::jsonb
       FROM numbered WHERE n % 10 < $2
       RETURNING order_id, provider_transaction_code
     )
     UPDATE orders
     SET payment_status = 'Completed', transaction_code = paid.provider_transaction_code,
         status = CASE WHEN numbered.n % 10 < $3 THEN 'approved' ELSE orders.status END, updated_at = now()
     FROM paid JOIN numbered ON numbered.id = paid.order_id
     WHERE orders.id = paid.order_id`,
    [kopanId, PAID_IN_TEN, APPROVED_IN_TEN],
  );
  // A live table has its statistics; a table filled seconds ago may not have them yet.
  await database.query('ANALYZE orders, payment_attempts');
  const mix = await database.query(
    `SELECT status, payment_status, count(*)::int AS orders FROM orders WHERE monastery_id = $1
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [kopanId],
  );
  const demoPatronOrders = Number(
    (
      await database.query(
        'SELECT count(*) FROM orders JOIN users ON users.id = orders.user_id WHERE users.phone = $1',
        [`+977${DEMO_PATRON_PHONE}`],
      )
    ).rows[0].count,
  );
  console.log(
    `\nSeeded ${seeded} orders at Kopan through POST /api/order in ${seedSeconds.toFixed(1)} s ` +
      `(${Math.round(seeded / seedSeconds)} orders/s), ${PATRONS} patrons; the demo patron has ${demoPatronOrders}.`,
  );
  console.table(mix.rows);

  // ---- 1. One page of orders, staff and patron ----
  // The goal is for a page as a person loads it (one connection: each request waits for the last). A
  // monastery has a handful of staff, so 2 connections is a busy morning; 10 is a stress figure: on two
  // cores the page then waits its turn behind nine others, and what it shows is pages per second.
  const lists = [
    { list: 'staff GET /api/order', route: '/api/order', token: staffToken, goal: 50 },
    { list: 'staff GET /api/orders (page 1)', route: '/api/orders', token: staffToken, goal: 50 },
    { list: 'staff GET /api/orders?page=200', route: '/api/orders?page=200', token: staffToken, goal: 50 },
    {
      list: 'staff GET /api/orders?status=to_approve',
      route: '/api/orders?status=to_approve',
      token: staffToken,
      goal: 50,
    },
    {
      list: `staff GET /api/orders?q=<a patron's phone>`,
      route: `/api/orders?q=${patrons[1].phone}`,
      token: staffToken,
      goal: 50,
    },
    {
      list: `patron GET /api/order/create?page=1 (${demoPatronOrders} orders)`,
      route: '/api/order/create?page=1',
      token: patrons[0].token,
    },
  ];
  console.log(`\nautocannon: ${duration} s per run (after a ${WARM_UP_SECONDS} s warm-up)\n`);
  const rows = [];
  for (const { list, route, token, goal } of onlyHealthz ? [] : lists) {
    const alone = await timeAlone(app, route, token);
    for (const connections of [1, 2, 10]) {
      const options = {
        url: `${app.base}${route}`,
        connections,
        headers: { authorization: `Bearer ${token}` },
        timeout: 60,
      };
      await cannon({ ...options, duration: WARM_UP_SECONDS });
      const row = figures(await cannon({ ...options, duration }));
      const p99 = row['p99 ms'] === '—' ? Number.POSITIVE_INFINITY : row['p99 ms'];
      rows.push({
        list,
        connections,
        ...row,
        'answer KB': Math.round(alone.bytes / 1024),
        goal: !goal ? '' : connections === 1 ? `p99 < ${goal} ms: ${p99 < goal ? 'met' : 'not met'}` : '',
      });
    }
  }
  if (rows.length > 0) console.table(rows);

  // ---- 2. Approving 100 orders at once, while the staff list is read ----
  if (!onlyHealthz) {
    const toApprove = (
      await database.query(
        `SELECT id FROM orders WHERE monastery_id = $1 AND status = 'pending' AND payment_status = 'Completed'
         ORDER BY puja_date, id LIMIT 100`,
        [kopanId],
      )
    ).rows.map((row) => row.id);
    // The readers start first and run through the whole approval, which starts a second later.
    const listRun = cannon({
      url: `${app.base}/api/orders?status=to_approve`,
      connections: 2,
      duration,
      headers: { authorization: `Bearer ${staffToken}` },
      timeout: 60,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const answer = await fetch(`${app.base}/api/orders/approve-many`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order_ids: toApprove }),
    });
    const approveMs = Math.round(performance.now() - started);
    const outcome = answer.ok ? await answer.json() : { approved: 0, refused: toApprove.length };
    const list = figures(await listRun);
    console.log(`
Approving ${toApprove.length} orders at once, while 2 connections read the staff list
`);
    console.table([
      {
        run: `POST /api/orders/approve-many (${toApprove.length} ids)`,
        status: answer.status,
        'time ms': approveMs,
        approved: outcome.approved,
        refused: outcome.refused,
      },
      { run: `staff GET /api/orders?status=to_approve during it (${duration} s)`, ...list },
    ]);
  }

  // ---- 3. /healthz while 1,000 clients read order lists ----
  const healthzOptions = { url: `${app.base}/healthz`, connections: 4, duration: 3 };
  const healthzAlone = await cannon(healthzOptions);
  // The readers start first and run a second longer, so /healthz is measured under the whole load.
  const readersRun = cannon({
    url: app.base,
    connections: READERS,
    duration: duration + 1,
    timeout: READER_TIMEOUT_SECONDS,
    // Each connection reads the patrons' lists in turn.
    requests: patrons.map((patron) => ({
      method: 'GET',
      path: '/api/order/create?page=1',
      headers: { authorization: `Bearer ${patron.token}` },
    })),
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const healthzLoaded = await cannon({ ...healthzOptions, duration });
  const readers = await readersRun;
  console.log(
    `\n/healthz (4 connections, ${duration} s) while ${READERS} connections read GET /api/order/create?page=1 ` +
      `of ${PATRONS} patrons in turn\n`,
  );
  const healthz = figures(healthzLoaded);
  console.table([
    {
      run: '/healthz, no other load (3 s)',
      ...figures(healthzAlone),
      goal: '',
    },
    {
      run: `/healthz, ${READERS} list readers`,
      ...healthz,
      goal: `p99 < 100 ms: ${healthz['p99 ms'] !== '—' && healthz['p99 ms'] < 100 ? 'met' : 'not met'}`,
    },
    {
      run: `the ${READERS} list readers`,
      ...figures(readers),
      // Shed (503, to retry) and given up on (no answer within READER_TIMEOUT_SECONDS).
      shed: readers.statusCodeStats?.['503']?.count ?? 0,
      timeouts: readers.timeouts,
      goal: 'shed with 503, no timeouts',
    },
  ]);
} finally {
  await database?.end().catch(() => undefined);
  await app.stop();
}
