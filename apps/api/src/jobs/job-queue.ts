import { sql } from 'drizzle-orm';
import {
  Logger,
  type LogLevel,
  parseCrontab,
  type Runner,
  run,
  runOnce,
  type Task,
  type TaskList,
} from 'graphile-worker';
import type pg from 'pg';
import type { Executor } from '../db/client.ts';
import { backOffDelay } from '../lib/back-off.ts';
import type { OrderEmailAttachment, PatronNotice, StaffNotice } from '../notices/notices.ts';

/**
 * The durable job queue (graphile-worker, in the app's own PostgreSQL; docs/decisions/011). A job is added
 * by `enqueueJob` inside the transaction of the change it follows, so it exists exactly when the change
 * committed: a crash between the change and the SMS loses nothing. Workers on every instance take jobs
 * with `SKIP LOCKED`; a failed job is retried with exponential back-off; each cron slot runs on one
 * instance only.
 */
export interface JobPayloads {
  /** A text message: to a patron about their order or their account, or to a monastery's staff. */
  'send-sms': { to: string; text: string };
  /**
   * An e-mail to a patron about their order (docs/decisions/019). Composed when it is sent: to the address
   * the patron has then, in their language then, and not at all if they have turned e-mail off meanwhile.
   */
  'send-email': {
    userId: number;
    orderId: number;
    notice: PatronNotice;
    attach?: OrderEmailAttachment[];
    /** The monastery's message the e-mail quotes (a `monasteryMessage` notice). */
    messageId?: number;
  };
  /**
   * An e-mail to a monastery's staff member (docs/decisions/041): about one order, or their digest;
   * composed when sent, to the address and in the language they have then.
   */
  'send-staff-email':
    | { userId: number; order: { id: number; number: string }; notice: StaffNotice }
    | { userId: number; digest: { count: string; orders: string } };
  /** A web push notification to one of a staff member's devices (docs/decisions/041). */
  'send-push': { subscriptionId: number; title: string; body: string; url: string };
  /** The staff's digests that are due, every minute (docs/decisions/041). */
  'send-staff-digests': Record<string, never>;
  'reconcile-payments': Record<string, never>;
  'expire-orders': Record<string, never>;
  'process-refunds': Record<string, never>;
  /** Nepal Rastra Bank's rates for the amounts beside prices (docs/decisions/020). */
  'fetch-exchange-rates': Record<string, never>;
  /** The scheduled payout run (PAYOUT_SCHEDULE, docs/decisions/033); a day that has its run is left. */
  'run-payouts': Record<string, never>;
  /** The ledger compared with the payments and refunds, every hour (docs/decisions/034). */
  'reconcile-ledger': Record<string, never>;
  /**
   * The patrons of tomorrow's pujas reminded, each once (docs/decisions/038); tomorrow of the cron slot's
   * day, so a slot run late, after midnight in Nepal, still reminds its day's pujas (docs/decisions/042).
   * `_cron` is graphile-worker's: the slot's time, and whether it was backfilled after a stop.
   */
  'remind-patrons': { _cron?: { ts: string; backfilled?: boolean } };
  /** Each monastery's staff told of today's pujas and the run sheet, once a day (docs/decisions/038). */
  'remind-staff': Record<string, never>;
  /**
   * The e-mail to a gift's recipient (docs/decisions/054), composed when sent; `token` is the dedication
   * link's, of which only the hash is stored.
   */
  'send-gift-email': { orderId: number; token: string };
  /** Gifts whose day has come and whose order is paid: each recipient told once (docs/decisions/054). */
  'tell-gift-recipients': Record<string, never>;
}
export type JobName = keyof JobPayloads;
export type JobHandlers = { [Name in JobName]: (payload: JobPayloads[Name]) => Promise<void> };

/** Scheduled work, every minute on one instance (graphile-worker's crontab syntax). */
const CRONTAB = [
  ...['reconcile-payments', 'expire-orders', 'process-refunds', 'send-staff-digests'].map(
    (name) => `* * * * * ${name} ?max=1`,
  ),
  // The bank publishes each morning, Nepal time: asked at 09:15, 12:15 and 15:15 there (03:30, 06:30 and
  // 09:30 UTC); a run that finds today's rates already kept asks nothing.
  '30 3,6,9 * * * fetch-exchange-rates ?max=1',
  // Payouts are made at 10:00 Nepal time (04:15 UTC), every day: the job pays only on a payout day, or
  // on the first day after one that had no run.
  '15 4 * * * run-payouts ?max=1',
  // On the hour: the dashboard says "Books balanced at 14:00".
  '0 * * * * reconcile-ledger ?max=1',
  // Patrons are reminded the evening before, from 18:00 Nepal time (12:15 UTC), and each hour until
  // 23:00 there (17:15 UTC; 18:15 would be the next day in Nepal), so an order approved that evening is
  // reminded too; `reminders_sent` keeps it to once. A server down then runs the missed slots when it
  // starts within 12 hours (backfill): late, the same night or the next morning, for the slot's day.
  '15 12-17 * * * remind-patrons ?max=1&fill=12h',
  // Staff at 06:00 Nepal time (00:15 UTC). A server that was down then runs the missed slot when it
  // starts within four hours (graphile-worker's backfill); later than that the morning has passed.
  '15 0 * * * remind-staff ?max=1&fill=4h',
  // Gift recipients on their day, every ten minutes: a gift for today is told soon after it is paid, and
  // the once-only mark (`order_gifts.told_at`) lets a server down meanwhile catch up at its next run.
  '*/10 * * * * tell-gift-recipients ?max=1',
].join('\n');

/** How many attempts a job gets: with graphile-worker's back-off, about three days for an SMS or e-mail. */
const MAX_ATTEMPTS: Record<JobName, number> = {
  'send-sms': 25,
  'send-email': 25,
  'send-staff-email': 25,
  // A push service down for a day is not worth trying after: the notice is old news by then.
  'send-push': 10,
  'send-staff-digests': 1,
  'reconcile-payments': 1,
  'expire-orders': 1,
  'process-refunds': 1,
  'fetch-exchange-rates': 1,
  'run-payouts': 1,
  'reconcile-ledger': 1,
  // A run that fails part-way is tried again; what it had sent is claimed, so nothing goes twice.
  'remind-patrons': 3,
  'remind-staff': 3,
  'send-gift-email': 25,
  'tell-gift-recipients': 1,
};

export async function enqueueJob<Name extends JobName>(
  executor: Executor,
  name: Name,
  payload: JobPayloads[Name],
  /** One job per key at a time: several instances starting together add it once. */
  options: { jobKey?: string } = {},
): Promise<void> {
  await executor.execute(
    sql`SELECT graphile_worker.add_job(${name}, ${JSON.stringify(payload)}::json, max_attempts => ${MAX_ATTEMPTS[name]}, job_key => ${options.jobKey ?? null}::text)`,
  );
}

export interface JobLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

export function createJobQueue(options: { pool: pg.Pool; handlers: JobHandlers; log: JobLog }) {
  const { pool, log } = options;
  const taskList: TaskList = Object.fromEntries(
    Object.entries(options.handlers).map(([name, handler]): [string, Task] => [
      name,
      async (payload, helpers) => {
        try {
          await (handler as (payload: unknown) => Promise<void>)(payload);
        } catch (error) {
          // Thrown again so the queue retries it; logged here with what the job was.
          log.warn(
            { err: error, job: name, attempt: helpers.job.attempts, of: helpers.job.max_attempts },
            'job failed; it will be retried if attempts remain',
          );
          throw error;
        }
      },
    ]),
  );
  const logger = new Logger((scope) => (level: LogLevel, message: string) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : undefined;
    if (method) log[method]({ queue: scope.label ?? 'worker' }, message);
  });
  // A job's end is recorded through graphile-worker's batcher (0 ms: at once), which reports a database
  // that is gone to the pool (it then stops, and is started again below) and is flushed before a run
  // ends. Unbatched, 0.17 records it without waiting or handling its failure: the rejection of a job
  // finished while the database was away would crash the process, and `runOnce` would return early.
  const preset = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };
  let runner: Runner | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const startRunner = async (): Promise<void> => {
    const started = await run({
      pgPool: pool,
      taskList,
      parsedCronItems: parseCrontab(CRONTAB),
      concurrency: 2,
      noHandleSignals: true,
      pollInterval: 2000,
      logger,
      preset,
    });
    if (stopping) {
      await started.stop();
      return;
    }
    runner = started;
    failures = 0;
    // graphile-worker retries its own schedule and listener, but its worker pool stops itself when it
    // cannot record a job's end (the database went away mid-job). A runner that ends without being asked
    // to is started again, with back-off, until the database answers (docs/decisions/025).
    started.promise.then(
      () => runnerEnded(started, undefined),
      (error: unknown) => runnerEnded(started, error),
    );
  };

  const runnerEnded = (ended: Runner, error: unknown) => {
    if (stopping || runner !== ended) return;
    runner = undefined;
    restartLater(error);
  };

  const restartLater = (error: unknown) => {
    failures += 1;
    const delay = backOffDelay(failures);
    log.warn({ err: error, retryInMs: delay }, 'the job queue stopped; starting it again');
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (!stopping) startRunner().catch(restartLater);
    }, delay);
  };

  return {
    /** Starts taking jobs and running the schedule; returns once the worker listens. */
    async start(): Promise<void> {
      stopping = false;
      await startRunner();
    },
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(restartTimer);
      await runner?.stop();
      runner = undefined;
    },
    /** Runs every job that is due now, then returns: what tests use instead of a running worker. */
    async runDueJobs(): Promise<void> {
      await runOnce({ pgPool: pool, taskList, logger, noHandleSignals: true, preset });
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
