import type { BooksCheck } from '@puja/contract';
import { paisaToRupees } from '@puja/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { JobLog } from '../../jobs/job-queue.ts';
import { ledgerDifferences } from '../ledger/ledger.service.ts';
import {
  deleteReconciliationsBefore,
  insertReconciliation,
  type ReconciliationRow,
  selectLatestReconciliation,
} from './reconciliation.queries.ts';

/**
 * The hourly check that the books balance (docs/decisions/034): the ledger against the payments and
 * refunds, order by order, through the ledger's own `ledgerDifferences`. Every run is stored, so the
 * dashboard and the Prometheus metric of every instance show the newest result; a difference is also
 * logged at `error`, where an operator's alerting looks.
 */

/** Differences are counted up to this many (a broken deploy could make thousands; the figure says "1,000+"). */
export const RECONCILIATION_COUNT_LIMIT = 1000;
/** The first differences kept with the run, for the dashboard. */
export const RECONCILIATION_KEPT_DIFFERENCES = 20;
/** Runs older than this are removed by the job: the newest is what matters, a few months explain a trend. */
const KEEP_RUNS_DAYS = 90;

export function createReconciliationService(dependencies: { db: Database; log: JobLog; now?: () => Date }) {
  const { db, log } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  return {
    /** Whether no run is newer than an hour (a fresh database, or one left off): then one is queued at start. */
    async isBehind(): Promise<boolean> {
      const latest = await selectLatestReconciliation(db);
      return !latest || now().getTime() - latest.checkedAt.getTime() > 3_600_000;
    },
    /** One run: compares, stores the result, logs any difference, forgets runs past their keeping. */
    async run(): Promise<ReconciliationRow> {
      const checkedAt = now();
      const differences = await ledgerDifferences(db, RECONCILIATION_COUNT_LIMIT);
      const kept = differences.slice(0, RECONCILIATION_KEPT_DIFFERENCES).map((row) => ({
        orderNumber: row.orderNumber,
        account: row.account,
        expectedPaisa: row.expectedPaisa,
        actualPaisa: row.actualPaisa,
      }));
      const stored = await db.transaction(async (tx) => {
        await deleteReconciliationsBefore(tx, new Date(checkedAt.getTime() - KEEP_RUNS_DAYS * 86_400_000));
        return insertReconciliation(tx, {
          checkedAt,
          differenceCount: differences.length,
          differences: kept,
        });
      });
      if (differences.length === 0) log.info({ checkedAt }, 'ledger reconciled: the books balance');
      else
        log.error(
          { checkedAt, differenceCount: differences.length, differences: kept },
          'ledger reconciliation: the ledger disagrees with the payments',
        );
      return stored;
    },
  };
}
export type ReconciliationService = ReturnType<typeof createReconciliationService>;

/** The newest result as the API shows it (rupees), or null before the first run. */
export async function latestBooksCheck(db: Executor): Promise<BooksCheck | null> {
  const row = await selectLatestReconciliation(db);
  if (!row) return null;
  return {
    checkedAt: row.checkedAt.toISOString(),
    balanced: row.differenceCount === 0,
    differenceCount: row.differenceCount,
    countCapped: row.differenceCount >= RECONCILIATION_COUNT_LIMIT,
    differences: row.differences.map((difference) => ({
      orderNumber: difference.orderNumber,
      account: difference.account,
      expected: paisaToRupees(difference.expectedPaisa),
      actual: paisaToRupees(difference.actualPaisa),
    })),
  };
}
